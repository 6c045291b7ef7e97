/**
 * "Download my data" (issue 23 part 4, ADR 0035): what the export contains and, for the person
 * and each ward whose records they may read (under 12), a PDF and a FHIR R4 download. Plain
 * links to the streamed resource routes (`api/records/export/{pdf,fhir}`), so it works without JS.
 */
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import type { RouteHandle } from '~/components/hydration';
import { useTranslation } from '~/i18n/react';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { portalContext } from '~/context';
import { EXPORT_SECTIONS, type ExportFormat } from '~/models/records/export';
import { recordViewerOf } from '~/services/people/viewer.server';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/data-export';

/** Plain HTML: a text and download links (ADR 0009); nothing on it needs React in the browser. */
export const handle: RouteHandle = { hydrate: false };

export function loader({ context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const viewer = recordViewerOf(auth);
  const href = (format: ExportFormat, personId: string, self: boolean) => {
    const query = new URLSearchParams({ lang });
    if (!self) query.set('person', personId);
    return `/api/records/export/${format}?${query.toString()}`;
  };
  return {
    title: pageTitle(context, 'dataExport.title'),
    people: viewer.people.map((p, i) => ({
      id: p.id,
      name: `${p.firstName} ${p.lastName}`,
      pdf: href('pdf', p.id, i === 0),
      fhir: href('fhir', p.id, i === 0),
    })),
  };
}

export default function DataExport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { people } = loaderData;
  return (
    <div>
      <h1>{t('dataExport.title')}</h1>
      <section className={ui.card} aria-labelledby="export-contains">
        <p>{t('dataExport.intro')}</p>
        <h2 id="export-contains">{t('dataExport.containsTitle')}</h2>
        <ul>
          {EXPORT_SECTIONS.map((section) => (
            <li key={section}>{t(`dataExport.contains.${section}`)}</li>
          ))}
        </ul>
        <p>{t('dataExport.notContained')}</p>
        {people.length > 1 ? (
          <>
            <h2>{t('dataExport.whoseTitle')}</h2>
            <p>{t('dataExport.whoseHint')}</p>
          </>
        ) : null}
      </section>
      <section className={ui.card} aria-labelledby="export-pdf">
        <h2 id="export-pdf">{t('dataExport.pdfTitle')}</h2>
        <p>{t('dataExport.pdfText')}</p>
        <ul className={s.items}>
          {people.map((p) => (
            <li key={p.id}>
              <a className={ui.button.primary} href={p.pdf} download data-testid={`export-pdf-${p.id}`}>
                {t('dataExport.pdfLink', { name: p.name })}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className={ui.card} aria-labelledby="export-fhir">
        <h2 id="export-fhir">{t('dataExport.fhirTitle')}</h2>
        <p>{t('dataExport.fhirText')}</p>
        <ul className={s.items}>
          {people.map((p) => (
            <li key={p.id}>
              <a className={ui.button.secondary} href={p.fhir} download data-testid={`export-fhir-${p.id}`}>
                {t('dataExport.fhirLink', { name: p.name })}
              </a>
            </li>
          ))}
        </ul>
        <p className={ui.hint}>{t('dataExport.safety')}</p>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
