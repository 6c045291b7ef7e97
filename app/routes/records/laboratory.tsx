/**
 * Laboratory (spec 3 §2, §4): referrals (valid until or "Not valid", a validity hint) and result
 * days (Ready when every item is ready, otherwise Pending), each list paged on the server
 * (`rpage` for referrals, `page` for days). A guardian switches to a ward with ?person=.
 */
import { Link } from 'react-router';
import { Section } from '~/components/Section';
import { RecordPager, PersonSwitch, personQuery } from '~/components/records/RecordNav';
import { ReferralList } from '~/components/records/Referrals';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { recordRequest } from '~/lib/http/records-page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { listLabDays, listReferrals } from '~/services/records/records.server';
import { pageNumber } from '~/models/paging';
import * as s from '~/styles/records.css';
import type { Route } from './+types/laboratory';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, person, lang, page, choices } = recordRequest(context, request);
  const db = await getDb();
  const referralPage = pageNumber(new URL(request.url).searchParams.get('rpage'));
  const [referrals, days] = await Promise.all([
    listReferrals(db, viewer, person, 'laboratory', lang, referralPage),
    listLabDays(db, viewer, person, lang, page),
  ]);
  return { title: pageTitle(context, 'records.lab.title'), lang, choices, referrals, days };
}

export default function Laboratory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, choices, referrals, days } = loaderData;
  return (
    <>
      <Section id="lab-title" title={t('records.lab.title')} level={1}>
        <PersonSwitch choices={choices} />
      </Section>
      <Section id="lab-referrals" title={t('records.lab.referralsTitle')}>
        {referrals.items.length ? (
          <ReferralList items={referrals.items} hrefOf={(id) => pagePath('laboratoryReferral', lang, { id: String(id) })} />
        ) : (
          <p>{t('records.lab.noReferrals')}</p>
        )}
        <RecordPager page={referrals.page} hasNext={referrals.hasNext} param="rpage" label={t('records.lab.referralsTitle')} />
      </Section>
      <Section id="lab-results" title={t('records.lab.resultsTitle')}>
        {days.items.length ? (
          <ul className={s.items}>
            {days.items.map((day) => (
              <li key={day.date} className={s.item}>
                <h3>
                  <Link to={`${pagePath('laboratoryResult', lang, { date: day.date })}${personQuery(choices)}`}>{day.dateText}</Link>{' '}
                  <span className={day.state === 'ready' ? `${s.badge} ${s.ready}` : s.badge}>
                    {t(day.state === 'ready' ? 'records.lab.ready' : 'records.lab.pending')}
                  </span>
                </h3>
                <p className={s.muted}>{day.items.map((i) => i.displayName).join(', ')}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('records.lab.noResults')}</p>
        )}
        <RecordPager page={days.page} hasNext={days.hasNext} label={t('records.lab.resultsTitle')} />
      </Section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
