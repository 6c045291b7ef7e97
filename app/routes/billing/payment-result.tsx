/**
 * Payment result (spec 2 §4, §8): where the provider sends the browser back. The redirect's
 * parameters are believed only when their signature checks out, and they complete the payment
 * only in the browser that started it (flow binding); then the page redirects to itself without
 * them (`?payment=`), so a reload or the history never repeats them. The outcome shown is the
 * payment's as stored (the callback may have settled it first): ok → success with a link to the
 * front page; fail → the interrupted notice with sum, number, status and try again;
 * pending/delayed → nothing yet but a refresh (with JS, the page checks again by itself).
 *
 * A plain page (ADR 0009): while the payment is pending the outcome region has `data-poll-ms`,
 * and the page script fetches the page again every so often (marked as a poll, so it does not
 * keep the session alive) and puts the server's new region in its place; the settled region has
 * no `data-poll-ms`, so polling stops there. A paid visit's invoice ends on the visit's success
 * page: a document load is redirected there, while a poll (which cannot follow a redirect) gets
 * the success region with a link to the appointment.
 */
import { data, Link, redirect } from 'react-router';
import { attrs } from '~/browser/markup';
import { isPollRequest } from '~/lib/polling';
import { portalContext, requestInfoContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { invariantResponse, pageTitle, requireAuth } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { viewerOf } from '~/services/people/viewer.server';
import { flowBindingMatches } from '~/services/auth/flow-binding.server';
import { clearFlowBinding, readFlowBinding } from '~/lib/http/flow-binding.server';
import { getDb } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { handleProviderReturn, paymentByStamp, paymentClient, paymentResult } from '~/services/billing/payments.server';
import * as styles from '~/styles/billing.css';
import * as ui from '~/styles/ui.css';
import { INVOICE_NUMBER } from '~/models/billing/invoice';
import type { Route } from './+types/payment-result';

const POLL_MS = 3000;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const { origin } = context.get(requestInfoContext);
  invariantResponse(INVOICE_NUMBER.test(params.number));
  const db = await getDb();
  const url = new URL(request.url);
  const title = pageTitle(context, 'invoices.result.title');
  const links = {
    frontHref: pagePath('front', lang),
    retryHref: pagePath('invoicePayment', lang, { number: params.number }),
    refreshHref: `${url.pathname}${url.search}`,
  };

  if (url.searchParams.has('signature')) {
    const client = paymentClient(db, origin);
    const signed = client.verifyReturn(url.searchParams);
    const payment = signed ? await paymentByStamp(db, signed['checkout-stamp'] ?? '') : null;
    const sameBrowser = payment !== null && flowBindingMatches(await readFlowBinding(request), payment.browserBindingHash);
    if (!signed || !payment || !sameBrowser) {
      // Nothing changes: a forged or someone else's redirect (the callback settles real payments).
      logger.warn({ signed: Boolean(signed), known: Boolean(payment), sameBrowser }, 'payment redirect not accepted');
      return data({ title, state: 'unverified' as const, result: null, appointmentHref: null, ...links }, { status: 400 });
    }
    await handleProviderReturn(db, client, url.searchParams, 'redirect');
    throw redirect(pagePath('paymentResult', lang, { number: params.number }, new URLSearchParams({ payment: payment.id })), {
      status: 303,
      headers: { 'Set-Cookie': await clearFlowBinding() },
    });
  }

  const result = await paymentResult(db, viewerOf(auth), params.number, url.searchParams.get('payment') ?? '', lang);
  invariantResponse(result);
  // A paid visit ends on its own success page (a poll gets the success region, with a link).
  const visitPaid = result.outcome === 'ok' && result.appointmentId !== null;
  if (visitPaid && !isPollRequest(request)) {
    throw redirect(pagePath('visitPaymentSuccess', lang, { id: String(result.appointmentId) }));
  }
  const appointmentHref = visitPaid ? pagePath('appointment', lang, { ids: String(result.appointmentId) }) : null;
  return { title, state: 'known' as const, result, appointmentHref, ...links };
}

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { result, frontHref, retryHref, refreshHref, appointmentHref } = loaderData;
  const pending = result?.outcome === 'pending';
  // A poll, not the user's activity: it does not keep the session alive (issue 21).

  if (!result) {
    return (
      <section className={ui.card}>
        <h1>{t('invoices.result.title')}</h1>
        <p className={`${ui.alertBox} ${ui.alert.error}`} role="alert">
          {t('invoices.result.wrongBrowser')}
        </p>
        <Link to={frontHref}>{t('invoices.result.frontPage')}</Link>
      </section>
    );
  }
  return (
    <section className={ui.card}>
      <h1>{t('invoices.result.title')}</h1>
      {/* The live region stays; the polled region inside it is replaced, so the outcome is announced. */}
      <div aria-live="polite">
        <div id="payment-outcome" data-outcome={result.outcome} {...attrs({ pollMs: pending ? POLL_MS : undefined })}>
          <Outcome result={result} links={{ frontHref, retryHref, refreshHref, appointmentHref }} />
        </div>
      </div>
    </section>
  );
}

function Outcome({
  result,
  links,
}: {
  result: NonNullable<Route.ComponentProps['loaderData']['result']>;
  links: { frontHref: string; retryHref: string; refreshHref: string; appointmentHref: string | null };
}) {
  const { t } = useTranslation();
  const { frontHref, retryHref, refreshHref, appointmentHref } = links;
  return (
    <>
      {result.outcome === 'ok' ? (
        <>
          <p className={`${ui.alertBox} ${ui.alert.success}`} role="status">
            {t('invoices.result.success', { number: result.invoiceNumber })}
          </p>
          {appointmentHref ? (
            <Link className={ui.button.primary} to={appointmentHref}>
              {t('invoices.visit.toAppointment')}
            </Link>
          ) : (
            <Link className={ui.button.primary} to={frontHref}>
              {t('invoices.result.frontPage')}
            </Link>
          )}
        </>
      ) : null}
      {result.outcome === 'fail' ? (
        <>
          <div className={`${ui.alertBox} ${ui.alert.error}`} role="alert">
            <h2>{t('invoices.result.interrupted')}</h2>
            <p>{t(`invoices.result.messages.${result.message ?? 'interrupted'}`)}</p>
          </div>
          <dl className={styles.facts}>
            <dt className={styles.factTerm}>{t('invoices.result.sum')}</dt>
            <dd className={styles.factValue}>{result.sum}</dd>
            <dt className={styles.factTerm}>{t('invoices.result.number')}</dt>
            <dd className={styles.factValue}>{result.invoiceNumber}</dd>
            <dt className={styles.factTerm}>{t('invoices.result.status')}</dt>
            <dd className={styles.factValue}>
              {result.invoicePaid && result.paidDate ? t('invoices.result.paidOn', { date: result.paidDate }) : t('invoices.result.unpaid')}
            </dd>
          </dl>
          {result.invoicePaid ? null : (
            <Link className={ui.button.primary} to={retryHref}>
              {t('invoices.result.tryAgain')}
            </Link>
          )}
        </>
      ) : null}
      {result.outcome === 'pending' ? (
        <>
          <p>{t('invoices.result.pending')}</p>
          <a href={refreshHref}>{t('invoices.result.refresh')}</a>
        </>
      ) : null}
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
