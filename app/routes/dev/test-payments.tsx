/**
 * The built-in test payment provider's bank page (development and tests only; 404 in
 * production). A payment method's form posts here (after the portal's 307); the tester chooses
 * what happens; the provider then sends its signed callback (TEST_PAYMENTS_CALLBACK_DELAY_MS 0:
 * before the browser comes back, else later; TEST_PAYMENTS_CALLBACK_REPEAT times) and redirects
 * the browser to the portal with signed parameters.
 *
 * It stands for the provider's own site: the portal's CSRF token never comes here (issue 21), so
 * the root middleware exempts this path from the token check (PAYMENTS=test only); what it
 * trusts is the provider's own signature of its fields (`bank-signature`), as a real bank page
 * would.
 */
import { data, redirect } from 'react-router';
import { env } from '~/env.server';
import { requireNonProduction } from '~/lib/http/test-deployment.server';
import { useTranslation } from '~/i18n/react';
import { formatMoney } from '~/lib/format';
import { serverT } from '~/lib/http/page.server';
import { portalContext } from '~/context';
import { getDb } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { testProviderSecret } from '~/services/billing/payments.server';
import { TEST_BANK_OUTCOMES, type TestBankOutcome } from '~/models/billing/invoice';
import { completeTestBankPayment, findTestBankPayment, testBankName } from '~/services/billing/test-provider.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/test-payments';

export async function loader({ context }: Route.LoaderArgs) {
  requireNonProduction(env().PAYMENTS === 'test');
  return { title: serverT(context)('invoices.bank.title'), payment: null };
}

/** Sends the provider's callback as a separate server would (a plain GET; failures are logged only). */
function sendCallback(url: string): Promise<void> {
  return fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) })
    .then((response) => void response.body?.cancel())
    .catch((error: unknown) => logger.warn({ err: error }, 'test provider callback failed'));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireNonProduction(env().PAYMENTS === 'test');
  const form = await request.formData();
  const fields = {
    transaction: String(form.get('transaction') ?? ''),
    method: String(form.get('method') ?? ''),
    signature: String(form.get('bank-signature') ?? ''),
  };
  const db = await getDb();
  const secret = testProviderSecret();
  const payment = await findTestBankPayment(db, fields, secret);
  const title = serverT(context)('invoices.bank.title');
  if (!payment) return data({ title, payment: null }, { status: 404 });
  const outcome = String(form.get('outcome') ?? '');
  if (payment.status !== 'new' || !(TEST_BANK_OUTCOMES as readonly string[]).includes(outcome)) {
    const { lang } = context.get(portalContext);
    return {
      title,
      payment: {
        fields,
        bank: testBankName(fields.method),
        amount: formatMoney(payment.amountCents, lang),
        reference: payment.reference,
        done: payment.status !== 'new',
      },
    };
  }
  const { redirectUrl, callbackUrl } = await completeTestBankPayment(db, payment, fields.method, outcome as TestBankOutcome, secret);
  const { TEST_PAYMENTS_CALLBACK_DELAY_MS: delay, TEST_PAYMENTS_CALLBACK_REPEAT: repeat } = env();
  if (callbackUrl && repeat > 0) {
    let first = 0;
    if (delay === 0) {
      // Before the browser comes back, as happens when the bank is quick.
      await sendCallback(callbackUrl);
      first = 1;
    }
    for (let i = first; i < repeat; i++) setTimeout(() => void sendCallback(callbackUrl), delay + i * 100);
  }
  return redirect(redirectUrl, 303);
}

export default function TestPaymentBank({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const payment = actionData?.payment ?? loaderData.payment;
  return (
    <section className={ui.card}>
      <h1>{t('invoices.bank.title')}</h1>
      {payment ? (
        <>
          <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('invoices.bank.intro')}</p>
          <dl>
            <dt>{t('invoices.bank.bank')}</dt>
            <dd>{payment.bank}</dd>
            <dt>{t('invoices.bank.amount')}</dt>
            <dd>{payment.amount}</dd>
            <dt>{t('invoices.bank.reference')}</dt>
            <dd>{payment.reference}</dd>
          </dl>
          {payment.done ? null : (
            <form method="post">
              <input type="hidden" name="transaction" value={payment.fields.transaction} />
              <input type="hidden" name="method" value={payment.fields.method} />
              <input type="hidden" name="bank-signature" value={payment.fields.signature} />
              <div className={ui.buttonRow}>
                {TEST_BANK_OUTCOMES.map((outcome) => (
                  <button key={outcome} type="submit" name="outcome" value={outcome} className={outcome === 'pay' ? ui.button.primary : ui.button.secondary}>
                    {t(`invoices.bank.outcomes.${outcome}`)}
                  </button>
                ))}
              </div>
            </form>
          )}
        </>
      ) : (
        <p>{t('invoices.bank.notFound')}</p>
      )}
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
