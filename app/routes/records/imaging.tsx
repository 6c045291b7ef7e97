/**
 * Imaging (spec 3 §2, §4): referrals and results (examination, date; "No doctor's statement"
 * until there is one), each paged on the server. When the results cannot be read the section
 * says "This section is temporarily unavailable" (spec: temporary-api-error) and the rest of the
 * page still works.
 */
import { Link } from 'react-router';
import { Section } from '~/components/Section';
import { RecordPager, PersonSwitch } from '~/components/records/RecordNav';
import { ReferralList } from '~/components/records/Referrals';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { recordRequest } from '~/lib/http/records-page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { listImagingResults, listReferrals } from '~/services/records/records.server';
import { pageNumber } from '~/models/paging';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/imaging';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, person, lang, page, choices } = recordRequest(context, request);
  const db = await getDb();
  const referrals = await listReferrals(db, viewer, person, 'imaging', lang, pageNumber(new URL(request.url).searchParams.get('rpage')));
  const results = await listImagingResults(db, viewer, person, lang, page).catch((error: unknown) => {
    logger.error({ area: 'records', err: error instanceof Error ? error.name : 'unknown' }, 'imaging results unavailable');
    return null;
  });
  return { title: pageTitle(context, 'records.imaging.title'), lang, choices, referrals, results };
}

export default function Imaging({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, choices, referrals, results } = loaderData;
  return (
    <>
      <Section id="imaging-title" title={t('records.imaging.title')} level={1}>
        <PersonSwitch choices={choices} />
      </Section>
      <Section id="imaging-referrals" title={t('records.imaging.referralsTitle')}>
        {referrals.items.length ? (
          <ReferralList items={referrals.items} hrefOf={(id) => pagePath('imagingReferral', lang, { id: String(id) })} />
        ) : (
          <p>{t('records.imaging.noReferrals')}</p>
        )}
        <RecordPager page={referrals.page} hasNext={referrals.hasNext} param="rpage" label={t('records.imaging.referralsTitle')} />
      </Section>
      <Section id="imaging-results" title={t('records.imaging.resultsTitle')}>
        {results === null ? (
          <p className={`${ui.alertBox} ${ui.alert.error}`}>{t('records.unavailable')}</p>
        ) : results.items.length ? (
          <ul className={s.items}>
            {results.items.map((r) => (
              <li key={r.id} className={s.item}>
                <h3>
                  <Link to={pagePath('imagingResult', lang, { id: String(r.id) })}>{r.examinationName}</Link>
                </h3>
                <p className={s.muted}>{r.dateText}</p>
                {!r.hasStatement ? <p className={s.badge}>{t('records.imaging.noStatement')}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('records.imaging.noResults')}</p>
        )}
        {results ? <RecordPager page={results.page} hasNext={results.hasNext} label={t('records.imaging.resultsTitle')} /> : null}
      </Section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
