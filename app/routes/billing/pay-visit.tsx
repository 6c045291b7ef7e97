/**
 * Pay a visit: the user's (and wards') self-paid remote visits whose fee is still to be paid,
 * each leading to the fee's approval and then the pay page.
 */
import { Link } from 'react-router';
import { VisitFacts } from '~/components/billing/VisitFacts';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { listPayableVisits } from '~/services/billing/visit-payment.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/pay-visit';

export async function loader({ context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const visits = await listPayableVisits(await getDb(), viewerOf(auth), lang);
  return {
    title: pageTitle(context, 'invoices.visit.title'),
    visits: visits.map((v) => ({ ...v, href: pagePath('visitPaymentApproval', lang, { id: String(v.appointmentId) }) })),
  };
}

export default function PayVisit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { visits } = loaderData;
  return (
    <>
      <h1>{t('invoices.visit.title')}</h1>
      <p>{t('invoices.visit.intro')}</p>
      {visits.length === 0 ? (
        <p className={ui.card}>{t('invoices.visit.empty')}</p>
      ) : (
        <ul className={ui.list}>
          {visits.map((visit) => (
            <li key={visit.appointmentId} className={ui.card} data-appointment={visit.appointmentId}>
              <h2>{visit.title}</h2>
              <VisitFacts visit={visit} />
              <Link className={ui.button.primary} to={visit.href} aria-label={t('invoices.visit.payLabel', { title: visit.title, when: visit.when })}>
                {t('invoices.visit.pay')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
