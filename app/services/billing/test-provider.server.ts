/**
 * The built-in test payment provider (development and tests only; production refuses
 * PAYMENTS=test). It implements the Paytrail Payment API's surface on our own server:
 * `POST /payments` answers with a few fake banks whose forms post to its bank page,
 * `GET /payments/{transactionId}` answers the status, `POST /payments/{transactionId}/refund`
 * refunds a paid payment at once (as Paytrail does for cards; a resent refund stamp is the same
 * refund, never more than was paid: ADR 0048), every request's signature is checked and
 * every answer signed, with the merchant secret. On the bank page the tester chooses what
 * happens (pay, cancel, card declined, insufficient funds, delayed); the browser is then
 * redirected back with signed parameters and the signed server-to-server callback is sent:
 * before the redirect or later, once or several times (TEST_PAYMENTS_CALLBACK_*), as the real
 * one may.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { testProviderPayments } from '~db/schema';
import { PAYTRAIL_TEST_ACCOUNTS } from '~/env.server';
import { constantTimeEqual } from '~/lib/crypto.server';
import { type TestBankOutcome } from '~/models/billing/invoice';
import { withTransaction, type Db } from '~/services/db/db.server';
import { calculateHmac, checkoutParams, verifyHmac } from './paytrail-signature.server';
import type { ProviderStatus } from './paytrail-client.server';

/** Where the fake banks' forms post (a page of this server, outside the route table). */
export const TEST_BANK_PATH = '/test-payments/pay';

/** Paytrail's public test merchant (refused in production, env.server): the defaults of PAYMENTS=test. */
export const TEST_MERCHANT = PAYTRAIL_TEST_ACCOUNTS[0];

const BANKS = [
  { id: 'osuuspankki', name: 'OP', colour: '#ff6a10' },
  { id: 'nordea', name: 'Nordea', colour: '#0000a0' },
  { id: 'creditcard', name: 'Visa / Mastercard', colour: '#1a1f71' },
] as const;

export { type TestBankOutcome };

const TERMS_URL = 'https://www.paytrail.com/kuluttaja/maksupalveluehdot';
/** The terms in the payment's language, in the shape of Paytrail's: text with a link in HTML. */
const TEST_TERMS = {
  FI: `Valitsemalla maksutavan hyväksyt testimaksupalvelun <a href="${TERMS_URL}" target="_blank">maksupalveluehdot</a>.`,
  SV: `Genom att välja betalsätt godkänner du testbetaltjänstens <a href="${TERMS_URL}" target="_blank">villkor för betaltjänsten</a>.`,
  EN: `By continuing with your payment, you agree to the test provider's <a href="${TERMS_URL}" target="_blank">payment service terms</a>.`,
} as const;

function bankLogo(name: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="${colour}"/><text x="60" y="26" font-family="sans-serif" font-size="15" fill="#fff" text-anchor="middle">${name.replace(/[<&>]/g, '')}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const createSchema = z.object({
  stamp: z.string().min(1).max(200),
  reference: z.string().min(1).max(200),
  amount: z.number().int().positive().max(99_999_999),
  currency: z.literal('EUR'),
  language: z.enum(['FI', 'SV', 'EN']),
  items: z
    .array(z.object({ unitPrice: z.number().int(), units: z.number().int().positive(), vatPercentage: z.number().min(0), productCode: z.string().min(1) }))
    .min(1),
  customer: z.object({ email: z.email() }).loose(),
  redirectUrls: z.object({ success: z.url(), cancel: z.url() }),
  callbackUrls: z.object({ success: z.url(), cancel: z.url() }).optional(),
});

const refundSchema = z.object({
  amount: z.number().int().positive().max(99_999_999),
  refundStamp: z.string().min(1).max(200),
  refundReference: z.string().min(1).max(200),
  callbackUrls: z.object({ success: z.url(), cancel: z.url() }),
});

export interface TestProviderOptions {
  merchantId: string;
  secret: string;
  /** Absolute URL of the bank page the fake banks' forms post to. */
  bankUrl: string;
}

function signedJson(secret: string, merchantId: string, status: number, body: unknown, extra: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = {
    'checkout-account': merchantId,
    'checkout-algorithm': 'sha256',
    'checkout-request-id': randomUUID(),
    ...extra,
  };
  return new Response(text, {
    status,
    headers: { ...headers, signature: calculateHmac(secret, headers, text), 'content-type': 'application/json; charset=utf-8' },
  });
}

/** The test provider's API: one Paytrail-shaped request in, one signed answer out. */
export async function handleTestProviderApi(db: Db, request: Request, options: TestProviderOptions): Promise<Response> {
  const answer = (status: number, body: unknown, extra?: Record<string, string>) => signedJson(options.secret, options.merchantId, status, body, extra);
  const body = request.method === 'GET' ? '' : await request.text();
  const headers = checkoutParams(request.headers.entries());
  if (headers['checkout-account'] !== options.merchantId || !verifyHmac(options.secret, headers, body, request.headers.get('signature'))) {
    return answer(401, { status: 'error', message: 'Invalid signature' });
  }
  const path = new URL(request.url).pathname.replace(/^.*\/payments/, '/payments');
  if (request.method === 'POST' && path === '/payments') {
    let parsed: z.infer<typeof createSchema>;
    try {
      parsed = createSchema.parse(JSON.parse(body));
    } catch {
      return answer(400, { status: 'error', message: 'Invalid request' });
    }
    const itemsTotal = parsed.items.reduce((sum, item) => sum + item.unitPrice * item.units, 0);
    if (itemsTotal !== parsed.amount) return answer(400, { status: 'error', message: 'Item sum does not match amount' });
    const [row] = await db
      .insert(testProviderPayments)
      .values({
        merchantId: options.merchantId,
        stamp: parsed.stamp,
        reference: parsed.reference,
        amountCents: parsed.amount,
        request: parsed as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return answer(400, { status: 'error', message: 'Duplicate stamp' });
    return answer(
      201,
      {
        transactionId: row.transactionId,
        href: `${options.bankUrl}?transaction=${row.transactionId}`,
        reference: row.reference,
        // HTML with a link, as Paytrail sends its terms (the pay page renders text and link, ADR 0043).
        terms: TEST_TERMS[parsed.language],
        groups: [{ id: 'bank', name: 'Banks' }],
        providers: BANKS.map((bank) => {
          const fields = { transaction: row.transactionId, method: bank.id };
          return {
            url: options.bankUrl,
            icon: bankLogo(bank.name, bank.colour),
            svg: bankLogo(bank.name, bank.colour),
            name: bank.name,
            group: 'bank',
            id: bank.id,
            parameters: [
              { name: 'transaction', value: fields.transaction },
              { name: 'method', value: fields.method },
              // The real provider signs its form fields too; the bank page checks this.
              {
                name: 'bank-signature',
                value: calculateHmac(options.secret, { 'checkout-transaction': fields.transaction, 'checkout-method': fields.method }),
              },
            ],
          };
        }),
      },
      { 'checkout-transaction-id': row.transactionId },
    );
  }
  const statusMatch = /^\/payments\/([0-9a-f-]{36})$/.exec(path);
  if (request.method === 'GET' && statusMatch) {
    const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.transactionId, statusMatch[1]!));
    if (!row || row.merchantId !== options.merchantId) return answer(404, { status: 'error', message: 'Not found' });
    return answer(
      200,
      {
        transactionId: row.transactionId,
        status: row.status,
        amount: row.amountCents,
        currency: 'EUR',
        stamp: row.stamp,
        reference: row.reference,
        provider: row.method,
        createdAt: row.createdAt.toISOString(),
      },
      { 'checkout-transaction-id': row.transactionId },
    );
  }
  const refundMatch = /^\/payments\/([0-9a-f-]{36})\/refund$/.exec(path);
  if (request.method === 'POST' && refundMatch) {
    let parsed: z.infer<typeof refundSchema>;
    try {
      parsed = refundSchema.parse(JSON.parse(body));
    } catch {
      return answer(400, { status: 'error', message: 'Invalid request' });
    }
    return withTransaction(db, async (tx) => {
      const [row] = await tx.select().from(testProviderPayments).where(eq(testProviderPayments.transactionId, refundMatch[1]!)).for('update');
      if (!row || row.merchantId !== options.merchantId) return answer(404, { status: 'error', message: 'Not found' });
      if (row.status !== 'ok') return answer(400, { status: 'error', message: 'Payment is not paid' });
      // The same refund stamp again (an answer lost on the way): the same refund, not another one.
      const earlier = row.refunds.find((r) => r.stamp === parsed.refundStamp);
      if (earlier) return answer(201, { provider: row.method, status: 'ok', transactionId: earlier.transactionId });
      const refunded = row.refunds.reduce((sum, r) => sum + r.amountCents, 0);
      if (refunded + parsed.amount > row.amountCents) return answer(400, { status: 'error', message: 'Refund amount exceeds the payment' });
      const refund = { stamp: parsed.refundStamp, transactionId: randomUUID(), amountCents: parsed.amount };
      await tx
        .update(testProviderPayments)
        .set({ refunds: [...row.refunds, refund] })
        .where(eq(testProviderPayments.transactionId, row.transactionId));
      return answer(201, { provider: row.method, status: 'ok', transactionId: refund.transactionId });
    });
  }
  return answer(404, { status: 'error', message: 'Not found' });
}

export type TestBankPayment = typeof testProviderPayments.$inferSelect;

/** The payment a bank form names, when its fields carry the provider's signature. */
export async function findTestBankPayment(
  db: Db,
  fields: { transaction: string; method: string; signature: string },
  secret: string,
): Promise<TestBankPayment | null> {
  if (!/^[0-9a-f-]{36}$/.test(fields.transaction) || !BANKS.some((b) => b.id === fields.method)) return null;
  const expected = calculateHmac(secret, { 'checkout-transaction': fields.transaction, 'checkout-method': fields.method });
  if (!constantTimeEqual(expected, fields.signature)) return null;
  const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.transactionId, fields.transaction));
  return row ?? null;
}

export function testBankName(method: string): string {
  return BANKS.find((b) => b.id === method)?.name ?? method;
}

export interface TestBankCompletion {
  /** Where the browser goes (the merchant's redirect URL with signed parameters). */
  redirectUrl: string;
  /** The signed server-to-server callback, if one is sent. */
  callbackUrl: string | null;
}

/**
 * The tester's choice on the bank page. The payment's status at the provider changes as a
 * bank's would: `pay` → ok; `cancel`, `card-declined`, `insufficient-funds` → fail (with a
 * reason); `delayed` → the browser comes back with `pending` and no callback is sent, while the
 * bank confirms the payment later (ok at the provider: the reconciliation job finds it).
 */
export async function completeTestBankPayment(
  db: Db,
  payment: TestBankPayment,
  method: string,
  outcome: TestBankOutcome,
  secret: string,
): Promise<TestBankCompletion> {
  const stored: ProviderStatus = outcome === 'pay' || outcome === 'delayed' ? 'ok' : 'fail';
  await db.update(testProviderPayments).set({ status: stored, method }).where(eq(testProviderPayments.transactionId, payment.transactionId));
  const reported: ProviderStatus = outcome === 'delayed' ? 'pending' : stored;
  const params: Record<string, string> = {
    'checkout-account': payment.merchantId,
    'checkout-algorithm': 'sha256',
    'checkout-amount': String(payment.amountCents),
    'checkout-stamp': payment.stamp,
    'checkout-reference': payment.reference,
    'checkout-transaction-id': payment.transactionId,
    'checkout-status': reported,
    'checkout-provider': method,
    ...(stored === 'fail' ? { 'checkout-failure-reason': outcome === 'cancel' ? 'cancelled' : outcome } : {}),
  };
  const query = new URLSearchParams({ ...params, signature: calculateHmac(secret, params, '') });
  const request = payment.request as z.infer<typeof createSchema>;
  const withQuery = (url: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;
  const redirectUrl = withQuery(stored === 'ok' ? request.redirectUrls.success : request.redirectUrls.cancel);
  const callbacks = request.callbackUrls;
  const callbackUrl = outcome === 'delayed' || !callbacks ? null : withQuery(stored === 'ok' ? callbacks.success : callbacks.cancel);
  return { redirectUrl, callbackUrl };
}
