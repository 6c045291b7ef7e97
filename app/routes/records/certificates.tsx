/**
 * Certificates (spec 2 §2, §9): the sick-leave certificates created since 1.1.2022, newest
 * first, each with its PDF download (a plain link to the resource route); an empty state.
 * General brand only.
 */
import { RecordPager, PersonSwitch } from '~/components/records/RecordNav';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { recordRequest } from '~/lib/http/records-page.server';
import { getDb } from '~/services/db/db.server';
import { listCertificates } from '~/services/records/records.server';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/certificates';

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'certificates');
  const { viewer, person, lang, page, choices } = recordRequest(context, request);
  const list = await listCertificates(await getDb(), viewer, person, lang, page);
  return { title: pageTitle(context, 'records.certificates.title'), lang, choices, list };
}

export default function Certificates({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, choices, list } = loaderData;
  return (
    <section className={ui.card} aria-labelledby="certificates-title">
      <h1 id="certificates-title">{t('records.certificates.title')}</h1>
      <PersonSwitch choices={choices} />
      <p>{t('records.certificates.intro')}</p>
      {list.items.length ? (
        <ul className={s.items}>
          {list.items.map((c) => (
            <li key={c.id} className={s.item}>
              <h2>
                {t('records.certificates.period')}: {c.periodText}
              </h2>
              <dl className={s.details}>
                <dt className={s.term}>{t('records.certificates.created')}</dt>
                <dd className={s.definition}>{c.createdText}</dd>
                <dt className={s.term}>{t('records.certificates.practitioner')}</dt>
                <dd className={s.definition}>{c.practitionerName}</dd>
              </dl>
              <p>
                <a href={`/api/certificates/${c.id}/pdf?lang=${lang}`} download>
                  {t('records.certificates.download', { date: c.createdText })}
                </a>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('records.certificates.empty')}</p>
      )}
      <RecordPager page={list.page} hasNext={list.hasNext} />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
