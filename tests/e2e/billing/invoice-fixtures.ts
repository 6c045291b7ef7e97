/** E2E helpers of invoices and payment: per-test invoices and the test payment provider's bank page. */
import type { Page } from '@playwright/test';
import { PAYTRAIL_TEST_ACCOUNTS } from '../../../app/env.server';
import type { Language } from '../../../app/i18n/config';
import invoiceTexts from '../../../app/i18n/resources/billing';
import { pagePath } from '../../../app/route-table';
import { calculateHmac } from '../../../app/services/billing/paytrail-signature.server';
import { expect } from '../fixtures';

export interface InvoiceFixture {
  id: number;
  invoiceNumber: string;
  identityCode?: string;
}

/** A fresh invoice (open unless told) for a demo person, or for a new person (`identityCode` back). */
export async function invoiceFixture(page: Page, person: 'aino' | 'laura' | 'eino' | 'new', params: Record<string, string> = {}): Promise<InvoiceFixture> {
  const response = await page.request.get(`/dev/test-fixtures/invoice?${new URLSearchParams({ person, ...params })}`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as InvoiceFixture;
}

export interface InvoiceInspection {
  status: string;
  paid: boolean;
  settledPayments: number;
  payments: string[];
  events: { via: string; outcome: string }[];
}

/** What the portal recorded about an invoice's payments (test deployments only). */
export async function inspectInvoice(page: Page, invoiceNumber: string): Promise<InvoiceInspection> {
  const response = await page.request.get(`/dev/test-fixtures/invoice?inspect=${invoiceNumber}`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as InvoiceInspection;
}

export type BankOutcome = keyof (typeof invoiceTexts)['en']['bank']['outcomes'];

/**
 * From the pay page: the first payment method, then the tester's choice at the test bank; ends
 * on the payment result page (or `endsAt`, e.g. a visit's success page).
 */
export async function payAtTestBank(page: Page, lang: Language, invoiceNumber: string, outcome: BankOutcome, endsAt?: RegExp) {
  const texts = invoiceTexts[lang];
  await page.goto(pagePath('invoicePayment', lang, { number: invoiceNumber }));
  await page.getByRole('button', { name: texts.pay.payWith.replace('{{name}}', 'OP') }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.bank.title })).toBeVisible();
  await page.getByRole('button', { name: texts.bank.outcomes[outcome], exact: true }).click();
  await expect(page).toHaveURL(endsAt ?? new RegExp(`${pagePath('paymentResult', lang, { number: invoiceNumber })}\\?payment=`));
}

/**
 * Records the provider's signed return to the result page of this invoice (the redirect the
 * browser follows from the bank page), so a test can later send the bank's own confirmation.
 */
export function recordProviderReturn(page: Page, lang: Language, invoiceNumber: string): () => URLSearchParams {
  const resultPath = pagePath('paymentResult', lang, { number: invoiceNumber });
  let returned: URLSearchParams | null = null;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === resultPath && url.searchParams.has('signature')) returned = url.searchParams;
  });
  return () => {
    expect(returned, 'the provider sent the browser back').not.toBeNull();
    return returned!;
  };
}

/**
 * The bank confirms a delayed payment: the provider's server-to-server callback with status ok,
 * signed as the built-in test provider signs (its public Paytrail test account).
 */
export async function bankConfirms(page: Page, returned: URLSearchParams) {
  const report: Record<string, string> = {};
  for (const [key, value] of returned) if (key.startsWith('checkout-')) report[key] = value;
  report['checkout-status'] = 'ok';
  const signature = calculateHmac(PAYTRAIL_TEST_ACCOUNTS[0].secret, report);
  expect((await page.request.get(`/api/payments/callback?${new URLSearchParams({ ...report, signature })}`)).status()).toBe(200);
}
