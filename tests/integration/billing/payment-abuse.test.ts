/**
 * Issue 21 (smaller holes), on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * - the provider's callback: a bad signature writes nothing, and callbacks are rate-limited per
 *   client address before anything else is done;
 * - the pay page: loading it again reuses the open payment instead of creating one at the
 *   provider per load; another browser's load supersedes it; the database keeps one open
 *   payment per invoice, also under concurrent loads.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoice, createPerson } from '~db/factories';
import { paymentEvents, payments, testProviderPayments } from '~db/schema';
import { makeIdentityCode } from '~/models/identity-code';
import type { Viewer } from '~/services/people/viewer.server';
import {
  goToProvider,
  handleProviderReturn,
  paymentClient,
  preparePayment,
  receivePaymentCallback,
  reconcilePayments,
  type PreparePaymentResult,
} from '~/services/billing/payments.server';
import { completeTestBankPayment, findTestBankPayment, TEST_MERCHANT } from '~/services/billing/test-provider.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

const ORIGIN = 'https://portal.test';
const MINUTE = 60_000;

let individual = 300;

describe.each(databaseKinds())('payment abuse on %s', (kind) => {
  const t = withTestDatabase(kind);
  let viewer: Viewer;

  beforeAll(async () => {
    individual += 2;
    const person = await createPerson(t.db, {
      identityCode: makeIdentityCode('1984-05-11', individual),
      firstName: 'Maija',
      lastName: 'Maksaja',
      email: 'maija.maksaja@example.fi',
    });
    viewer = { personId: person.id, youngWardIds: [], olderWardIds: [] };
  });

  async function openInvoice(sumCents = 4990) {
    return createInvoice(t.db, {
      invoiceNumber: String(700_000_000 + Math.floor(Math.random() * 99_999_999)),
      personId: viewer.personId,
      source: 'CustomerInvoice',
      status: 'open',
      sumCents,
      creationDate: clock.now(),
    });
  }

  /** What the pay page's loader passes for this browser (binding) and language. */
  function load(invoiceNumber: string, { binding = 'browser-a', lang = 'fi' as const, now }: { binding?: string; lang?: 'fi' | 'en'; now?: Date } = {}) {
    return preparePayment(t.db, paymentClient(t.db, ORIGIN), {
      viewer,
      payer: { email: 'maija.maksaja@example.fi', firstName: 'Maija', lastName: 'Maksaja' },
      invoiceNumber,
      lang,
      origin: ORIGIN,
      returnUrl: `${ORIGIN}/${lang}/maksu/${invoiceNumber}`,
      callbackUrl: `${ORIGIN}/api/payments/callback`,
      browserBindingHash: binding,
      now,
    });
  }

  function ready(result: PreparePaymentResult) {
    if (result.type !== 'ready') throw new Error(`not ready: ${result.type}`);
    return result;
  }

  /** The signed callback query the test bank sends once the tester pays. */
  async function paidAtBank(prepared: Extract<PreparePaymentResult, { type: 'ready' }>) {
    const method = prepared.methods[0]!;
    const field = (name: string) => method.parameters.find((p) => p.name === name)!.value;
    const bank = await findTestBankPayment(
      t.db,
      { transaction: field('transaction'), method: field('method'), signature: field('bank-signature') },
      TEST_MERCHANT.secret,
    );
    const done = await completeTestBankPayment(t.db, bank!, method.id, 'pay', TEST_MERCHANT.secret);
    return new URL(done.callbackUrl!).searchParams;
  }

  const eventCount = async () => (await t.db.select({ n: count() }).from(paymentEvents))[0]!.n;
  const paymentsOf = (invoiceId: number) => t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));

  function forged(): URLSearchParams {
    return new URLSearchParams({
      'checkout-account': TEST_MERCHANT.merchantId,
      'checkout-algorithm': 'sha256',
      'checkout-amount': '4990',
      'checkout-stamp': 'forged-stamp',
      'checkout-reference': '123',
      'checkout-transaction-id': 'forged-transaction',
      'checkout-status': 'ok',
      'checkout-provider': 'nordea',
      signature: 'f'.repeat(64),
    });
  }

  describe('the provider callback', () => {
    it('a callback with a bad signature writes nothing', async () => {
      const client = paymentClient(t.db, ORIGIN);
      const before = await eventCount();
      for (let i = 0; i < 5; i++) {
        expect((await handleProviderReturn(t.db, client, forged(), 'callback')).result).toBe('invalidSignature');
      }
      const unsigned = forged();
      unsigned.delete('signature');
      expect((await handleProviderReturn(t.db, client, unsigned, 'redirect')).result).toBe('invalidSignature');
      expect(await eventCount()).toBe(before);
    });

    it('callbacks are rate-limited per client address, before the signature or the payment is looked at', async () => {
      const client = paymentClient(t.db, ORIGIN);
      const invoice = await openInvoice();
      const prepared = ready(await load(invoice.invoiceNumber));
      const callback = await paidAtBank(prepared);
      const now = clock.now();
      const from = (clientIp: string, params: URLSearchParams, at = now) => receivePaymentCallback(t.db, client, { params, clientIp, limit: 3, now: at });

      for (let i = 0; i < 3; i++) expect(await from('192.0.2.10', forged())).toEqual({ result: 'invalidSignature' });
      // The fourth from that address is refused even with a valid signature: nothing applied, nothing written.
      const eventsBefore = await eventCount();
      expect(await from('192.0.2.10', callback)).toEqual({ result: 'rateLimited', retryAfterSeconds: 600 });
      expect((await paymentsOf(invoice.id))[0]!.status).toBe('created');
      expect(await eventCount()).toBe(eventsBefore);

      // Another address is not affected, and the window ends.
      expect(await from('192.0.2.11', callback)).toEqual({ result: 'success' });
      expect((await paymentsOf(invoice.id))[0]!.status).toBe('settled');
      expect(await from('192.0.2.10', callback, new Date(now.getTime() + 10 * MINUTE))).toEqual({ result: 'success' });
    });
  });

  describe('the pay page', () => {
    it('loading it again reuses the open payment: one payment at the provider, not one per load', async () => {
      const invoice = await openInvoice();
      const first = ready(await load(invoice.invoiceNumber));
      const again = ready(await load(invoice.invoiceNumber));
      const third = ready(await load(invoice.invoiceNumber, { now: new Date(clock.nowMs() + 10 * MINUTE) }));
      expect(again.paymentId).toBe(first.paymentId);
      expect(third.paymentId).toBe(first.paymentId);
      expect(again.methods).toEqual(first.methods);
      expect(again.terms).toBe(first.terms);
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
      const atProvider = await t.db.select().from(testProviderPayments).where(eq(testProviderPayments.reference, invoice.invoiceNumber));
      expect(atProvider).toHaveLength(1);
      // And it is still payable from any of those loads.
      expect(await goToProvider(t.db, viewer, { invoiceNumber: invoice.invoiceNumber, paymentId: again.paymentId, methodId: 'nordea' })).toMatchObject({
        type: 'redirect',
      });
    });

    it('another browser, another language or an old payment gets a new one, which supersedes the open one', async () => {
      const invoice = await openInvoice();
      const a = ready(await load(invoice.invoiceNumber, { binding: 'browser-a' }));
      const b = ready(await load(invoice.invoiceNumber, { binding: 'browser-b' }));
      const en = ready(await load(invoice.invoiceNumber, { binding: 'browser-b', lang: 'en' }));
      const late = ready(await load(invoice.invoiceNumber, { binding: 'browser-b', lang: 'en', now: new Date(clock.nowMs() + 16 * MINUTE) }));
      expect(new Set([a.paymentId, b.paymentId, en.paymentId, late.paymentId]).size).toBe(4);
      const rows = await paymentsOf(invoice.id);
      expect(rows.filter((p) => p.status === 'created').map((p) => p.id)).toEqual([late.paymentId]);
      expect(rows.filter((p) => p.id !== late.paymentId).map((p) => [p.status, p.failureReason])).toEqual([
        ['cancelled', 'superseded'],
        ['cancelled', 'superseded'],
        ['cancelled', 'superseded'],
      ]);
      // A superseded payment's page reloads instead of going to the provider…
      expect((await goToProvider(t.db, viewer, { invoiceNumber: invoice.invoiceNumber, paymentId: a.paymentId, methodId: 'nordea' })).type).toBe('notOpen');
      // …but if it was paid anyway (the bank page was open), the provider's word on money wins.
      const callback = await paidAtBank(a);
      expect((await handleProviderReturn(t.db, paymentClient(t.db, ORIGIN), callback, 'callback')).result).toBe('success');
    });

    it('a superseded payment paid on a bank page left open, its reports lost, is still settled by reconciliation', async () => {
      const invoice = await openInvoice();
      const a = ready(await load(invoice.invoiceNumber, { binding: 'browser-a' }));
      ready(await load(invoice.invoiceNumber, { binding: 'browser-b' }));
      await paidAtBank(a); // neither the callback nor the redirect arrives
      const later = new Date(clock.nowMs() + 20 * MINUTE);
      const summary = await reconcilePayments(t.db, paymentClient(t.db, ORIGIN), { now: later, afterMinutes: 15 });
      expect(summary.errors).toBe(0);
      expect((await t.db.select().from(payments).where(eq(payments.id, a.paymentId)))[0]!.status).toBe('settled');
      // Unpaid superseded ones expire after a day and are not asked again.
      const other = await openInvoice();
      const stale = ready(await load(other.invoiceNumber, { binding: 'browser-a' }));
      ready(await load(other.invoiceNumber, { binding: 'browser-b' }));
      await reconcilePayments(t.db, paymentClient(t.db, ORIGIN), { now: new Date(clock.nowMs() + 25 * 60 * MINUTE), afterMinutes: 15 });
      expect((await t.db.select().from(payments).where(eq(payments.id, stale.paymentId)))[0]).toMatchObject({ status: 'cancelled', failureReason: 'expired' });
    });

    it('the database keeps one open payment per invoice', async () => {
      const invoice = await openInvoice();
      const open = ready(await load(invoice.invoiceNumber));
      const [row] = await t.db.select().from(payments).where(eq(payments.id, open.paymentId));
      await expect(t.db.insert(payments).values({ ...row!, id: undefined, stamp: `${row!.stamp}-2`, transactionId: null })).rejects.toThrow();
      expect(
        await t.db
          .select()
          .from(payments)
          .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'created'))),
      ).toHaveLength(1);
    });

    it('ten concurrent loads in one browser end with one open payment, the one every load shows', async () => {
      const invoice = await openInvoice();
      const results = await Promise.all(Array.from({ length: 10 }, () => load(invoice.invoiceNumber)));
      const ids = new Set(results.map((r) => ready(r).paymentId));
      expect(ids.size).toBe(1);
      const rows = await paymentsOf(invoice.id);
      expect(rows.filter((p) => p.status === 'created').map((p) => p.id)).toEqual([...ids]);
      expect(rows.filter((p) => p.status !== 'created')).toEqual([]);
    });
  });
});
