/**
 * Pay an invoice online (spec 2 §4): invoice number, sum, the provider's payment methods (name
 * and logo), a note when some of them cannot be offered, and terms (text and links, never the
 * provider's HTML; ADR 0043). Loading the page creates a payment at the provider (its methods
 * are that payment's); only for an open invoice within its online days, and only when the
 * payer's e-mail is valid (otherwise a notice links to my information, which returns here).
 *
 * Each method is a plain form with the provider's hidden fields. It posts here first: the
 * invoice is checked again on the server, and if it is still open a 307 sends the browser on
 * to the provider's URL with the same POST (works without JS); if not, the page reloads with
 * the invoice's state. The page binds the payment to this browser (flow binding, ADR 0018), so
 * the provider's return completes only here.
 *
 * The 307 repeats the form's body at the provider, so the body holds the provider's fields and
 * nothing of ours (issue 21): our payment and method ids and the session's CSRF token travel in
 * the form's action URL (`csrfToken`, which the CSRF check reads as for API calls, ADR 0004),
 * which the redirect does not carry on; the provider's Referer is our origin only.
 */
import { data, Link, redirect } from 'react-router';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { invariantResponse, pageTitle, requireAuth } from '~/lib/http/page.server';
import { encodeSaveAction } from '~/models/save-action';
import { pagePath } from '~/route-table';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { goToProvider } from '~/services/billing/payments.server';
import * as styles from '~/styles/billing.css';
import * as ui from '~/styles/ui.css';

import { notFound } from '~/lib/http/responses';
import { startInvoicePayment } from '~/lib/http/payment.server';
import { INVOICE_NUMBER } from '~/models/billing/invoice';
import { parseTerms } from '~/models/billing/payment-terms';
import { LinkLine } from '~/components/LinkLine';
import type { Route } from './+types/pay';

const PAYMENT_ID = /^[0-9a-f-]{36}$/;
/** Our own parameters of a method's form, in its action URL (its body is the provider's fields only). */
const PAYMENT_FIELD = 'portal-payment';
const METHOD_FIELD = 'portal-method';
/** The session's CSRF token in the action URL: the query parameter the CSRF check reads (ADR 0004). */
const CSRF_QUERY = 'csrfToken';

/** My information with a saveAction that returns here once the e-mail is saved (spec 2 §3 go-to-invoice-page). */
function myInformationHref(lang: Parameters<typeof pagePath>[1], invoiceNumber: string): string {
  const saveAction = encodeSaveAction({ type: 'go-to-invoice-page', invoiceNumber });
  return pagePath('myInformation', lang, {}, new URLSearchParams({ saveAction }));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  invariantResponse(INVOICE_NUMBER.test(params.number));
  const { result, setCookie } = await startInvoicePayment(request, context, auth, params.number);
  invariantResponse(result.type !== 'invoiceNotFound');
  const payload = {
    title: pageTitle(context, 'invoices.pay.title'),
    result: result.type === 'ready' ? { ...result, terms: parseTerms(result.terms) } : result,
    myInformationHref: myInformationHref(lang, params.number),
    backHref: pagePath('invoices', lang),
    payHref: pagePath('invoicePayment', lang, { number: params.number }),
  };
  return data(payload, result.type === 'ready' ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  invariantResponse(INVOICE_NUMBER.test(params.number));
  // Our parameters are in the URL; the body (the provider's fields) is not ours to read.
  const query = new URL(request.url).searchParams;
  const paymentId = query.get(PAYMENT_FIELD) ?? '';
  const methodId = query.get(METHOD_FIELD) ?? '';
  const reload = redirect(pagePath('invoicePayment', lang, { number: params.number }), 303);
  if (!PAYMENT_ID.test(paymentId) || !methodId) return reload;
  const result = await goToProvider(await getDb(), viewerOf(auth), { invoiceNumber: params.number, paymentId, methodId });
  switch (result.type) {
    case 'invoiceNotFound':
      throw notFound();
    case 'notOpen':
      return reload;
    case 'redirect':
      // 307: the browser repeats the same POST (the provider's hidden fields only) at the provider.
      return redirect(result.url, 307);
  }
}

export default function PayInvoice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const csrfToken = useAuthenticityToken();
  const { result, myInformationHref: infoHref, backHref, payHref } = loaderData;
  const invoice = result.invoice;
  const methodAction = (paymentId: string, methodId: string) =>
    `${payHref}?${new URLSearchParams({ [PAYMENT_FIELD]: paymentId, [METHOD_FIELD]: methodId, [CSRF_QUERY]: csrfToken })}`;
  return (
    <section className={ui.card}>
      <h1>{t('invoices.pay.title')}</h1>
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>{t('invoices.pay.number')}</dt>
        <dd className={styles.factValue}>{invoice.invoiceNumber}</dd>
        <dt className={styles.factTerm}>{t('invoices.list.product')}</dt>
        <dd className={styles.factValue}>{invoice.description}</dd>
        <dt className={styles.factTerm}>{t('invoices.pay.sum')}</dt>
        <dd className={styles.factValue}>{invoice.sum}</dd>
      </dl>

      {result.type === 'ready' ? (
        <>
          <h2 id="methods-title">{t('invoices.pay.methods')}</h2>
          <p className={ui.hint}>{t('invoices.pay.methodsHint')}</p>
          <ul className={ui.providerGrid} aria-labelledby="methods-title">
            {result.methods.map((method) => (
              <li key={method.id}>
                {/* A plain form (no client routing): the answer is a 307 to the provider, which gets this body. */}
                <form method="post" action={methodAction(result.paymentId, method.id)}>
                  {method.parameters.map((p) => (
                    <input key={p.name} type="hidden" name={p.name} value={p.value} />
                  ))}
                  <button type="submit" className={`${ui.button.secondary} ${styles.method}`}>
                    {method.svg ? <img className={styles.methodLogo} src={method.svg} alt="" /> : null}
                    <span>{t('invoices.pay.payWith', { name: method.name })}</span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
          {result.hiddenMethods > 0 ? (
            <p className={`${ui.alertBox} ${ui.alert.info}`} data-hidden-methods={result.hiddenMethods}>
              {t('invoices.pay.methodsHidden')}
            </p>
          ) : null}
          {result.terms.length ? (
            <>
              <h2>{t('invoices.pay.terms')}</h2>
              {/* The provider's HTML is never rendered: its text and https links, as our own elements. */}
              <p className={ui.hint}>
                {result.terms.map((part, i) =>
                  'href' in part ? (
                    <a key={i} href={part.href}>
                      {part.text}
                    </a>
                  ) : (
                    part.text
                  ),
                )}
              </p>
            </>
          ) : null}
        </>
      ) : null}

      {result.type === 'emailRequired' ? (
        <div className={`${ui.alertBox} ${ui.alert.info}`} role="status">
          <h2>{t('invoices.pay.emailRequiredTitle')}</h2>
          <p>{t('invoices.pay.emailRequired')}</p>
          <Link className={ui.button.primary} to={infoHref}>
            {t('invoices.pay.emailRequiredLink')}
          </Link>
        </div>
      ) : null}

      {result.type === 'notPayable' ? (
        <p className={`${ui.alertBox} ${ui.alert.info}`} role="status" data-state={invoice.state}>
          {invoice.state === 'paid'
            ? invoice.paidDate
              ? t('invoices.pay.paid', { date: invoice.paidDate })
              : t('invoices.pay.paidNoDate')
            : t('invoices.pay.mail')}
        </p>
      ) : null}

      {result.type === 'providerError' ? (
        <div className={`${ui.alertBox} ${ui.alert.error}`} role="alert">
          <p>{t('invoices.pay.providerError')}</p>
          <a className={ui.button.primary} href={payHref}>
            {t('invoices.pay.tryAgain')}
          </a>
        </div>
      ) : null}

      <LinkLine to={backHref}>{t('invoices.pay.back')}</LinkLine>
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
