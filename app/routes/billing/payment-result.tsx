/**
 * Payment result (spec 2 §4, §8): where the provider sends the browser back. The redirect's
 * parameters are believed only when their signature checks out, and they complete the payment
 * only in the browser that started it (flow binding); then the page redirects to itself without
 * them (`?payment=`), so a reload or the history never repeats them. The outcome shown is the
 * payment's as stored (the callback may have settled it first): ok → success with a link to the
 * front page; fail → the interrupted notice with sum, number, status and try again;
 * pending/delayed → nothing yet but a refresh (with JS, the page checks again by itself).
 */
import { data, Link, redirect } from 'react-router';
import { useHydrated } from 'remix-utils/use-hydrated';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { usePolling } from '~/components/usePolling';
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
import type { RouteHandle } from '~/components/hydration';
import type { Route } from './+types/payment-result';

/** Hydrated until its area is reviewed for plain HTML (issue 25, ADR 0009). */
export const handle: RouteHandle = { hydrate: true };
import { INVOICE_NUMBER } from '~/models/billing/invoice';

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
      return data({ title, state: 'unverified' as const, result: null, ...links }, { status: 400 });
    }
    await handleProviderReturn(db, client, url.searchParams, 'redirect');
    throw redirect(pagePath('paymentResult', lang, { number: params.number }, new URLSearchParams({ payment: payment.id })), {
      status: 303,
      headers: { 'Set-Cookie': await clearFlowBinding() },
    });
  }

  const result = await paymentResult(db, viewerOf(auth), params.number, url.searchParams.get('payment') ?? '', lang);
  invariantResponse(result);
  // A paid visit ends on its own success page.
  if (result.outcome === 'ok' && result.appointmentId !== null) {
    throw redirect(pagePath('visitPaymentSuccess', lang, { id: String(result.appointmentId) }));
  }
  return { title, state: 'known' as const, result, ...links };
}

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { result, frontHref, retryHref, refreshHref } = loaderData;
  const hydrated = useHydrated();
  const pending = result?.outcome === 'pending';
  // A poll, not the user's activity: it does not keep the session alive (issue 21).
  usePolling(POLL_MS, pending);

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
    <section className={ui.card} data-outcome={result.outcome}>
      <h1>{t('invoices.result.title')}</h1>
      {result.outcome === 'ok' ? (
        <>
          <p className={`${ui.alertBox} ${ui.alert.success}`} role="status">
            {t('invoices.result.success', { number: result.invoiceNumber })}
          </p>
          <Link className={ui.button.primary} to={frontHref}>
            {t('invoices.result.frontPage')}
          </Link>
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
      {pending ? (
        <>
          <p role="status">{t('invoices.result.pending')}</p>
          {hydrated ? null : <a href={refreshHref}>{t('invoices.result.refresh')}</a>}
        </>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
