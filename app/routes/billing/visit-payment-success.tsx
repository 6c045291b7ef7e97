/**
 * The visit is paid (appointment-additional-payment-success-page): where a successful payment of
 * a visit's invoice ends, with links to the appointment and to the receipts, for whoever may see
 * the visit (a guardian paying a ward's too). An unpaid visit goes back to its approval.
 */
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { visitPaymentFor } from '~/lib/http/visit-payment.server';
import { pagePath } from '~/route-table';
import * as styles from '~/styles/billing.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/visit-payment-success';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { visit, lang } = await visitPaymentFor(params, context, 'visitPaymentSuccess');
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

export { ErrorBoundary, meta } from '~/components/page-exports';
