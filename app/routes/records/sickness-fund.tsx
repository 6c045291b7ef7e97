/**
 * Sickness fund (spec 2 §2, §9): four tabs — welcome, reimbursement rules, service guide, FAQ —
 * that are plain links (?tab=) without JS, in Finnish with the constants of spec 2 §9. Shown only
 * with both sickness-fund flags (spec 2 §6): the route table checks sickness-fund-page, the
 * loader is-finnair-sickness-fund-member.
 */
import { Link } from 'react-router';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { formatMoney } from '~/lib/format';
import { invariantResponse, pageTitle, requireAuth } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { SICKNESS_FUND_RULES as R, SICKNESS_FUND_TABS, sicknessFundTab } from '~/models/records/sickness-fund';
import { pagePath } from '~/route-table';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/sickness-fund';

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'sicknessFund');
  const auth = requireAuth(context);
  invariantResponse(auth.features['is-finnair-sickness-fund-member']);
  const { lang } = context.get(portalContext);
  const money = (cents: number) => formatMoney(cents, 'fi');
  return {
    title: pageTitle(context, 'sicknessFund.title'),
    lang,
    tab: sicknessFundTab(new URL(request.url).searchParams.get('tab')),
    amounts: {
      nurse: money(R.nurseVisitOwnShareCents),
      doctor: money(R.doctorVisitOwnShareCents),
      specialist: money(R.specialistMaxCompensationCents),
      facility: money(R.procedureFacilityMaxCents),
      physiotherapy: money(R.physiotherapyMaxPerYearCents),
      effective: '1.1.2024',
    },
  };
}

export default function SicknessFund({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tab, lang, amounts } = loaderData;
  return (
    <section className={ui.card} aria-labelledby="fund-title" lang="fi">
      <h1 id="fund-title">{t('sicknessFund.title')}</h1>
      <nav aria-label={t('sicknessFund.tabsLabel')}>
        <ul className={s.inlineList}>
          {SICKNESS_FUND_TABS.map((key) => (
            <li key={key}>
              <Link
                to={key === 'sairauskassa' ? pagePath('sicknessFund', lang) : pagePath('sicknessFund', lang, {}, new URLSearchParams({ tab: key }))}
                aria-current={tab === key ? 'page' : undefined}
                className={tab === key ? s.currentChoice : undefined}
              >
                {t(`sicknessFund.tabs.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'sairauskassa' ? (
        <>
          <h2>{t('sicknessFund.welcome.heading')}</h2>
          <p>{t('sicknessFund.welcome.text')}</p>
          <p>{t('sicknessFund.welcome.nurseHours', R.nursePhoneHours)}</p>
          <p>{t('sicknessFund.welcome.chatHours', R.chatHours)}</p>
          <p>{t('sicknessFund.welcome.messages', { days: String(R.messageAnswerBusinessDays) })}</p>
        </>
      ) : null}
      {tab === 'korvauskaytannot' ? (
        <>
          <h2>{t('sicknessFund.rules.heading')}</h2>
          <p>{t('sicknessFund.rules.effective', { date: amounts.effective })}</p>
          <ul>
            <li>{t('sicknessFund.rules.nurse', { amount: amounts.nurse })}</li>
            <li>{t('sicknessFund.rules.doctor', { amount: amounts.doctor, count: R.doctorVisitsPerYear })}</li>
            <li>{t('sicknessFund.rules.specialist', { percent: String(R.specialistOwnSharePercent), amount: amounts.specialist })}</li>
            <li>{t('sicknessFund.rules.procedures', { percent: String(R.procedureOwnSharePercent), amount: amounts.facility })}</li>
            <li>{t('sicknessFund.rules.psychotherapy', { count: R.psychotherapySessionsPerPeriod, percent: String(R.psychotherapyOwnSharePercent) })}</li>
            <li>{t('sicknessFund.rules.physiotherapy', { percent: String(R.physiotherapyOwnSharePercent), amount: amounts.physiotherapy })}</li>
          </ul>
        </>
      ) : null}
      {tab === 'ohjeet' ? (
        <>
          <h2>{t('sicknessFund.guide.heading')}</h2>
          <ol>
            {t('sicknessFund.guide.steps', { returnObjects: true }).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      ) : null}
      {tab === 'usein-kysyttya' ? (
        <>
          <h2>{t('sicknessFund.faq.heading')}</h2>
          {t('sicknessFund.faq.items', { returnObjects: true }).map((item) => (
            <div key={item.q}>
              <h3>{item.q}</h3>
              <p>{item.a}</p>
            </div>
          ))}
        </>
      ) : null}
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
