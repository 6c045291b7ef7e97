/**
 * Issue 21, with JavaScript on and off: the payment provider receives only its own fields (never
 * our CSRF token or our own fields), and reloading the pay page shows the same open payment
 * instead of creating one at the provider per page view. The payment still goes through.
 */
import invoiceTexts from '../../../app/i18n/resources/billing';
import { pagePath } from '../../../app/route-table';
import { csrfToken, expect, login, test } from '../fixtures';
import { inspectInvoice, invoiceFixture } from './invoice-fixtures';

const en = invoiceTexts.en;

test('the provider receives only its own form fields: not our CSRF token, not our fields', async ({ page }) => {
  await login(page, 'aino');
  const token = await csrfToken(page);
  const invoice = await invoiceFixture(page, 'aino', { sumCents: '3150' });
  await page.goto(pagePath('invoicePayment', 'en', { number: invoice.invoiceNumber }));

  // The test bank stands for the provider's site: what the browser posts there is what Paytrail would get.
  const atProvider = page.waitForRequest((r) => new URL(r.url()).pathname === '/test-payments/pay' && r.method() === 'POST');
  await page.getByRole('button', { name: 'Pay with OP' }).click();
  const request = await atProvider;
  const body = request.postData() ?? '';
  expect([...new URLSearchParams(body).keys()].sort()).toEqual(['bank-signature', 'method', 'transaction']);
  expect(body).not.toContain(token);
  expect(new URL(request.url()).search).toBe('');
  expect(request.headers()['referer'] ?? '').not.toContain(token);

  await expect(page.getByRole('heading', { level: 1, name: en.bank.title })).toBeVisible();
  await page.getByRole('button', { name: en.bank.outcomes.pay, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${pagePath('paymentResult', 'en', { number: invoice.invoiceNumber })}\\?payment=`));
  await expect(page.getByText(en.result.success.replace('{{number}}', invoice.invoiceNumber))).toBeVisible();
  await expect.poll(async () => (await inspectInvoice(page, invoice.invoiceNumber)).status).toBe('paid');
});

test('a payment method pressed without our CSRF token is refused and sends nobody to the provider', async ({ page, baseURL }) => {
  await login(page, 'aino');
  const invoice = await invoiceFixture(page, 'aino');
  await page.goto(pagePath('invoicePayment', 'en', { number: invoice.invoiceNumber }));
  const action = await page.locator('form', { has: page.getByRole('button', { name: 'Pay with OP' }) }).getAttribute('action');
  const forged = new URL(action!, baseURL);
  forged.searchParams.delete('csrfToken');
  const answer = await page.request.post(forged.toString(), { form: { transaction: 'x' }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(answer.status()).toBe(403);
});

test('reloading the pay page shows the same payment instead of creating one per view', async ({ page }) => {
  await login(page, 'aino');
  const invoice = await invoiceFixture(page, 'aino');
  const payPage = pagePath('invoicePayment', 'en', { number: invoice.invoiceNumber });
  await page.goto(payPage);
  await expect(page.getByRole('button', { name: 'Pay with OP' })).toBeVisible();
  await page.reload();
  await page.goto(pagePath('invoices', 'en'));
  await page.goto(payPage);
  await expect(page.getByRole('button', { name: 'Pay with Nordea' })).toBeVisible();
  expect((await inspectInvoice(page, invoice.invoiceNumber)).payments).toEqual(['created']);

  // Paying it still works, and after a cancel "try again" starts a new one.
  await page.getByRole('button', { name: 'Pay with Nordea' }).click();
  await page.getByRole('button', { name: en.bank.outcomes.cancel, exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(en.result.interrupted);
  await page.getByRole('link', { name: en.result.tryAgain }).click();
  await expect(page.getByRole('button', { name: 'Pay with OP' })).toBeVisible();
  expect((await inspectInvoice(page, invoice.invoiceNumber)).payments.sort()).toEqual(['cancelled', 'created']);
});
