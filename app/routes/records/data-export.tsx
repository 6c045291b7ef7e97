/**
 * "Download my data" (issue 23 part 4, ADR 0035): what the export contains and, for the person
 * and each ward whose records they may read (under 12), a PDF and a FHIR R4 download. Each is a
 * plain form posting to its streamed resource route (`api/records/export/{pdf,fhir}`) with the
 * CSRF token, answered with the file, so it works without JS; a download is logged and counted,
 * so it is never a GET (issue 39).
 */
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useTranslation } from '~/i18n/react';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { portalContext } from '~/context';
import { EXPORT_SECTIONS, type ExportFormat } from '~/models/records/export';
import { recordViewerOf } from '~/services/people/viewer.server';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/data-export';

export function loader({ context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const viewer = recordViewerOf(auth);
  return {
    title: pageTitle(context, 'dataExport.title'),
    lang,
    people: viewer.people.map((p, i) => ({
      id: p.id,
      name: `${p.firstName} ${p.lastName}`,
      // One's own export names nobody; a ward's names the ward.
      person: i === 0 ? null : p.id,
    })),
  };
}

/** One download: a post to its resource route, answered with the file (the page stays). */
function DownloadForm({
  format,
  lang,
  person,
  className,
  testId,
  children,
}: {
  format: ExportFormat;
  lang: string;
  person: string | null;
  className: string;
  testId: string;
  children: string;
}) {
  return (
    <form method="post" action={`/api/records/export/${format}`}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="lang" value={lang} />
      {person ? <input type="hidden" name="person" value={person} /> : null}
      <button type="submit" className={className} data-testid={testId}>
        {children}
      </button>
    </form>
  );
}

export default function DataExport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { people, lang } = loaderData;
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
              <DownloadForm format="pdf" lang={lang} person={p.person} className={ui.button.primary} testId={`export-pdf-${p.id}`}>
                {t('dataExport.pdfLink', { name: p.name })}
              </DownloadForm>
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
              <DownloadForm format="fhir" lang={lang} person={p.person} className={ui.button.secondary} testId={`export-fhir-${p.id}`}>
                {t('dataExport.fhirLink', { name: p.name })}
              </DownloadForm>
            </li>
          ))}
        </ul>
        <p className={ui.hint}>{t('dataExport.safety')}</p>
      </section>
    </div>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
