/**
 * The visit is paid (appointment-additional-payment-success-page): where a successful payment of
 * a visit's invoice ends, with links to the appointment and to the receipts. An unpaid visit
 * goes back to its approval.
 */
import { Link, redirect } from 'react-router';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { invariantResponse, pageTitle, requireAuth } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { getPayableVisit } from '~/services/billing/visit-payment.server';
import * as styles from '~/styles/billing.css';
import * as ui from '~/styles/ui.css';
import type { RouteHandle } from '~/components/hydration';
import type { Route } from './+types/visit-payment-success';

/** Plain HTML: a read-only confirmation with links (ADR 0009). */
export const handle: RouteHandle = { hydrate: false };
import { idParam } from '~/lib/http/params';

export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const id = idParam(params);
  const visit = await getPayableVisit(await getDb(), viewerOf(auth), id, lang);
  invariantResponse(visit);
  if (!visit.paid) throw redirect(pagePath('visitPaymentApproval', lang, { id: params.id }));
  return {
    title: pageTitle(context, 'invoices.visit.successTitle'),
    visit,
    appointmentHref: pagePath('appointment', lang, { ids: params.id }),
    invoicesHref: pagePath('invoices', lang),
  };
}

export default function VisitPaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { visit, appointmentHref, invoicesHref } = loaderData;
  return (
    <section className={ui.card}>
      <h1>{t('invoices.visit.successTitle')}</h1>
      <p className={`${ui.alertBox} ${ui.alert.success}`} role="status">
        {t('invoices.visit.successText')}
      </p>
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>{visit.title}</dt>
        <dd className={styles.factValue}>{visit.when}</dd>
        <dt className={styles.factTerm}>{t('invoices.visit.fee')}</dt>
        <dd className={styles.factValue}>{visit.sum}</dd>
      </dl>
      <p className={styles.links}>
        <Link className={ui.button.primary} to={appointmentHref}>
          {t('invoices.visit.toAppointment')}
        </Link>
        <Link to={invoicesHref}>{t('invoices.visit.toInvoices')}</Link>
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
