/** Visits (spec 3 §2): date and time, practitioner with title, specialty; paged on the server. */
import { Link } from 'react-router';
import { RecordPager, PersonSwitch } from '~/components/records/RecordNav';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { recordRequest } from '~/lib/http/records-page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { listVisits } from '~/services/records/records.server';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/visits';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, person, lang, page, choices } = recordRequest(context, request);
  const visits = await listVisits(await getDb(), viewer, person, lang, page);
  return { title: pageTitle(context, 'records.visits.title'), lang, choices, visits };
}

export default function Visits({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, choices, visits } = loaderData;
  return (
    <section className={ui.card} aria-labelledby="visits-title">
      <h1 id="visits-title">{t('records.visits.title')}</h1>
      <PersonSwitch choices={choices} />
      {visits.items.length ? (
        <ul className={s.items}>
          {visits.items.map((v) => (
            <li key={v.id} className={s.item}>
              <h2>
                <Link to={pagePath('visit', lang, { id: String(v.id) })}>{v.dateTimeText}</Link>
              </h2>
              <p>{v.practitioner}</p>
              <p className={s.muted}>{v.specialty}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('records.visits.empty')}</p>
      )}
      <RecordPager page={visits.page} hasNext={visits.hasNext} />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
