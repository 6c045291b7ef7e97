/**
 * One visit's medical report (spec 3 §3): patient name and identity code, date and time,
 * practitioner with title, specialty, diagnoses (code and description) and the note texts.
 * Another person's visit is "Visit was not found" (404).
 */
import { data } from 'react-router';
import { LinkLine } from '~/components/LinkLine';
import { PractitionerPicture } from '~/components/PractitionerPicture';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { recordViewerOf } from '~/services/people/viewer.server';
import { getVisit } from '~/services/records/records.server';
import * as picture from '~/styles/practitioner.css';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/visit';

export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const id = Number(params.id);
  const visit = Number.isSafeInteger(id) && id > 0 ? await getVisit(await getDb(), recordViewerOf(auth), id, lang) : null;
  if (!visit) return data({ title: pageTitle(context, 'records.visits.notFound'), lang, visit: null }, { status: 404 });
  return { title: pageTitle(context, 'records.visits.title'), lang, visit };
}

export default function Visit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { visit, lang } = loaderData;
  const back = <LinkLine to={pagePath('visits', lang)}>{t('records.visits.backToList')}</LinkLine>;
  if (!visit) {
    return (
      <section className={ui.card}>
        <h1>{t('records.visits.notFound')}</h1>
        {back}
      </section>
    );
  }
  return (
    <section className={ui.card} aria-labelledby="visit-title">
      <h1 id="visit-title">{visit.dateTimeText}</h1>
      <dl className={s.details}>
        <dt className={s.term}>{t('records.visits.patient')}</dt>
        <dd className={s.definition}>{visit.patientName}</dd>
        <dt className={s.term}>{t('records.visits.identityCode')}</dt>
        <dd className={s.definition}>{visit.identityCode}</dd>
        <dt className={s.term}>{t('records.visits.practitioner')}</dt>
        <dd className={`${s.definition} ${picture.withPicture}`}>
          <PractitionerPicture practitioner={visit.practitioner} clinicCode={null} />
          <span>
            {visit.practitionerName}, {visit.practitionerTitle}
          </span>
        </dd>
        <dt className={s.term}>{t('records.visits.specialty')}</dt>
        <dd className={s.definition}>{visit.specialty}</dd>
      </dl>
      {visit.diagnoses.length ? (
        <>
          <h2>{t('records.visits.diagnoses')}</h2>
          <ul>
            {visit.diagnoses.map((d) => (
              <li key={d.code}>
                <strong>{d.code}</strong> {d.description}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {visit.texts.length ? (
        <>
          <h2>{t('records.visits.notes')}</h2>
          {visit.texts.map((text, i) => (
            <div key={i}>
              <h3>{text.title}</h3>
              <p className={ui.preWrap}>{text.body}</p>
            </div>
          ))}
        </>
      ) : null}
      {back}
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
