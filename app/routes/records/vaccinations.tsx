/** Vaccinations (spec 2 §2, §9): name, date, vaccinator, valid until; 25 per page (links); "No vaccinations"; a booking link. */
import { Link } from 'react-router';
import { RecordPager, PersonSwitch } from '~/components/records/RecordNav';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { recordRequest } from '~/lib/http/records-page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { listVaccinations } from '~/services/records/records.server';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/vaccinations';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, person, lang, page, choices } = recordRequest(context, request);
  const list = await listVaccinations(await getDb(), viewer, person, lang, page);
  return { title: pageTitle(context, 'records.vaccinations.title'), lang, choices, list };
}

export default function Vaccinations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, choices, list } = loaderData;
  return (
    <section className={ui.card} aria-labelledby="vaccinations-title">
      <h1 id="vaccinations-title">{t('records.vaccinations.title')}</h1>
      <PersonSwitch choices={choices} />
      <p>
        <Link className={ui.button.secondary} to={pagePath('bookingLanding', lang)}>
          {t('records.vaccinations.book')}
        </Link>
      </p>
      {list.items.length ? (
        <ul className={s.items}>
          {list.items.map((v) => (
            <li key={v.id} className={s.item}>
              <h2>{v.name}</h2>
              <dl className={s.details}>
                <dt className={s.term}>{t('records.vaccinations.date')}</dt>
                <dd className={s.definition}>{v.dateText}</dd>
                <dt className={s.term}>{t('records.vaccinations.practitioner')}</dt>
                <dd className={s.definition}>{v.practitionerName}</dd>
                {v.effectiveUntilText ? (
                  <>
                    <dt className={s.term}>{t('records.vaccinations.validUntil')}</dt>
                    <dd className={s.definition}>{v.effectiveUntilText}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('records.vaccinations.empty')}</p>
      )}
      <RecordPager page={list.page} hasNext={list.hasNext} />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
