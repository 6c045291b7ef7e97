/**
 * Refunds of money paid online (ADR 0048): a paid remote visit moved to a clinic time (or to a
 * remote time of another price) gets its prepayment back through the payment provider it came in
 * with.
 *
 * - **In the move's transaction** (`settlePrepaymentOnMove`): the visit's live invoice is locked
 *   and, by `prepaymentOnMove`, left to the new time (`carried`), credited when it was not paid yet
 *   (`refunded`: nothing owed) or, paid, marked `refundInProgress` with a `refunds` row
 *   (`requested`, a unique refund stamp): the move and the refund's order commit together or not
 *   at all, so a prepayment never stays silently on a visit it does not belong to.
 * - **After the commit** (`sendRefund`): the provider is asked to refund the settled payment
 *   (Paytrail's `POST /payments/{transactionId}/refund`, the stamp as its idempotency key).
 *   `ok` → the refund `refunded` and the invoice `refunded` together; `pending` → the provider's
 *   signed callback (`GET /api/payments/refund-callback`) tells later; `fail` or a refusal (4xx)
 *   → `manual`: billing refunds it by hand (logged as an error; the invoice stays
 *   `refundInProgress`). No answer (network, 5xx) leaves it `requested`: the reconciliation job
 *   sends it again (`sendRequestedRefunds`), with the same stamp, so it is one refund however
 *   often it is sent.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, lte, notInArray } from 'drizzle-orm';
import { invoices, payments, refunds, type PriceEstimate } from '~db/schema';
import { env } from '~/env.server';
import { clock } from '~/lib/clock.server';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { hitRateLimit } from '~/services/security/rate-limit.server';
import { PaymentProviderError, type PaymentClient } from './paytrail-client.server';
import { paymentClient } from './payments.server';
import { prepaymentOnMove, priceTotalCents, type PrepaymentOnMove } from './prepayment-rules';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * SQL: a visit's live invoice, i.e. not refunded or being refunded (a refunded one stays linked to
 * its visit, which may get a new one; the partial unique index `invoices_appointment_idx`).
 */
export const liveInvoice = () => notInArray(invoices.status, ['refunded', 'refundInProgress']);

/** The provider's callback of a refund it finished later (a GET with signed `checkout-*` parameters). */
const REFUND_CALLBACK_PATH = '/api/payments/refund-callback';

/** The portal's public address, as the reconciliation job has it (no request to take it from). */
function publicOrigin(): string {
  const e = env();
  return e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
}

/** Where the provider reports a refund it finishes later. */
function refundCallbackUrl(): string {
  return `${publicOrigin()}${REFUND_CALLBACK_PATH}`;
}

/** The access-log row of an invoice changed by billing (nobody's browser; ADR 0033). */
const billingChange = (invoice: { id: number; personId: string }) => ({
  actorPersonId: null,
  subjectPersonId: invoice.personId,
  action: 'change' as const,
  resource: 'invoice',
  resourceId: String(invoice.id),
  actorKind: 'system' as const,
  reason: 'billing' as const,
});

export interface MovedVisit {
  appointmentId: number;
  /** The visit before the move: a prepaid one is a self-paid remote visit. */
  before: { isRemote: boolean; payerType: string };
  /** The new time: remote or not, and its price estimate. */
  after: { isRemote: boolean; price: PriceEstimate | null };
}

/**
 * What the move does to the visit's prepayment, inside the move's transaction (`tx`): the
 * outcome, and the refund to send after the commit (null when there is none to send).
 */
export async function settlePrepaymentOnMove(tx: Db, visit: MovedVisit, now = clock.now()): Promise<{ outcome: PrepaymentOnMove; refundId: string | null }> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.appointmentId, visit.appointmentId), liveInvoice()))
    .for('update');
  const outcome = prepaymentOnMove(
    { ...visit.before, invoice: invoice ?? null },
    { isRemote: visit.after.isRemote, totalCents: priceTotalCents(visit.after.price) },
  );
  if (!invoice || outcome === 'none' || outcome === 'carried') return { outcome, refundId: null };
  if (outcome === 'credit') {
    // Not paid: credited in full, nothing owed and nothing to pay back.
    await tx.update(invoices).set({ status: 'refunded' }).where(eq(invoices.id, invoice.id));
    await logAccess(tx, billingChange(invoice));
    return { outcome, refundId: null };
  }
  const [settled] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'settled')));
  await tx.update(invoices).set({ status: 'refundInProgress' }).where(eq(invoices.id, invoice.id));
  const [refund] = await tx
    .insert(refunds)
    .values({
      invoiceId: invoice.id,
      paymentId: settled?.id ?? null,
      amountCents: invoice.sumCents,
      reason: 'visitMoved',
      stamp: randomUUID(),
      // Not paid online (billing marked it paid): billing pays it back by hand.
      status: settled ? 'requested' : 'manual',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: refunds.id });
  await logAccess(tx, billingChange(invoice));
  if (!settled) logger.error({ refundId: refund!.id, invoiceId: invoice.id }, 'a paid visit invoice without an online payment: billing refunds it by hand');
  return { outcome, refundId: settled ? refund!.id : null };
}

/**
 * What a move of the visit to a time (remote or not, at this price) would do to its prepayment,
 * and the invoice's sum: the confirm step says so before the patient confirms.
 */
export async function prepaymentPreview(
  db: Db,
  visit: { appointmentId: number; isRemote: boolean; payerType: string },
  next: { isRemote: boolean; price: PriceEstimate | null },
): Promise<{ outcome: PrepaymentOnMove; sumCents: number }> {
  const [invoice] = await db
    .select({ status: invoices.status, sumCents: invoices.sumCents })
    .from(invoices)
    .where(and(eq(invoices.appointmentId, visit.appointmentId), liveInvoice()));
  const outcome = prepaymentOnMove({ ...visit, invoice: invoice ?? null }, { isRemote: next.isRemote, totalCents: priceTotalCents(next.price) });
  return { outcome, sumCents: invoice?.sumCents ?? 0 };
}

/**
 * Sends a refund the move's transaction ordered, once that has committed: never throws (the
 * move is done; a refund not sent now is sent by the reconciliation job).
 */
export async function sendRefundAfterCommit(db: Db, refundId: string | null, now = clock.now()): Promise<void> {
  if (!refundId) return;
  try {
    await sendRefund(db, paymentClient(db, publicOrigin()), refundId, now);
  } catch (error) {
    logger.error({ err: error, refundId }, 'sending a refund failed: the reconciliation sends it again');
  }
}

export type RefundReport = { status: 'ok' | 'pending' | 'fail'; transactionId: string };

/**
 * Applies what the provider said of a refund, in one transaction (the refund row, then the
 * invoice, locked). A refund already final (`refunded`, `manual`) stays as it is.
 */
async function applyRefundReport(db: Db, refundId: string, report: RefundReport, now = clock.now()): Promise<RefundRow['status'] | null> {
  return withTransaction(db, async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) return null;
    if (refund.status === 'refunded' || refund.status === 'manual') return refund.status;
    const transactionId = refund.providerTransactionId ?? report.transactionId;
    if (report.status === 'pending') {
      await tx.update(refunds).set({ status: 'pending', providerTransactionId: transactionId, updatedAt: now }).where(eq(refunds.id, refund.id));
      return 'pending';
    }
    if (report.status === 'fail') {
      await tx.update(refunds).set({ status: 'manual', providerTransactionId: transactionId, updatedAt: now }).where(eq(refunds.id, refund.id));
      logger.error({ refundId: refund.id, invoiceId: refund.invoiceId }, 'the provider did not refund: billing refunds it by hand');
      return 'manual';
    }
    await tx
      .update(refunds)
      .set({ status: 'refunded', providerTransactionId: transactionId, refundedAt: now, updatedAt: now })
      .where(eq(refunds.id, refund.id));
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, refund.invoiceId)).for('update');
    if (invoice?.status === 'refundInProgress') {
      await tx.update(invoices).set({ status: 'refunded' }).where(eq(invoices.id, invoice.id));
      await logAccess(tx, billingChange(invoice));
    }
    return 'refunded';
  });
}

/**
 * Asks the provider to refund one `requested` refund (after the commit that ordered it, and from
 * the reconciliation job). Never throws for the provider: no answer leaves it `requested` for
 * the next run; a refusal makes it `manual`.
 */
export async function sendRefund(db: Db, client: PaymentClient, refundId: string, now = clock.now()): Promise<RefundRow['status'] | null> {
  const [row] = await db
    .select({ refund: refunds, transactionId: payments.transactionId, adapter: payments.adapter, invoiceNumber: invoices.invoiceNumber })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested')));
  if (!row) return null;
  const { refund } = row;
  // A payment of another adapter (the test provider's, after switching to Paytrail) is not this provider's to refund.
  if (!row.transactionId || row.adapter !== client.kind) return null;
  try {
    const answer = await client.refundPayment(row.transactionId, {
      amount: refund.amountCents,
      refundStamp: refund.stamp,
      refundReference: row.invoiceNumber,
      callbackUrls: { success: refundCallbackUrl(), cancel: refundCallbackUrl() },
    });
    return await applyRefundReport(db, refund.id, answer, now);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.status !== undefined && error.status >= 400 && error.status < 500) {
      // The provider answered and refused (e.g. a method it cannot refund): no resend will change that.
      await db
        .update(refunds)
        .set({ status: 'manual', updatedAt: now })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')));
      logger.error({ err: error, refundId: refund.id, invoiceId: refund.invoiceId }, 'the provider refused the refund: billing refunds it by hand');
      return 'manual';
    }
    await db
      .update(refunds)
      .set({ tries: refund.tries + 1, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')));
    logger.warn({ err: error, refundId: refund.id }, 'refund not answered: sent again by the reconciliation');
    return 'requested';
  }
}

/** Sends the refunds still `requested` (no answer yet) again; one function for both schedulers. */
export async function sendRequestedRefunds(
  db: Db,
  client: PaymentClient,
  { now = clock.now(), limit = 100 } = {},
): Promise<{ sent: number; refunded: number }> {
  const due = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'requested'), lte(refunds.createdAt, now)))
    .orderBy(refunds.createdAt)
    .limit(limit);
  let refunded = 0;
  for (const { id } of due) if ((await sendRefund(db, client, id, now)) === 'refunded') refunded += 1;
  return { sent: due.length, refunded };
}

const CALLBACK_WINDOW_SECONDS = 600;

/**
 * The provider's callback of a refund it finished after answering `pending` (no session: the
 * signature is its authentication). Rate-limited per client address with the payment callbacks;
 * the refund is found by the provider's refund transaction id and must be for the refund's
 * amount. A bad signature changes nothing and writes nothing.
 */
export async function receiveRefundCallback(
  db: Db,
  client: PaymentClient,
  input: { params: URLSearchParams; clientIp: string; limit?: number; now?: Date },
): Promise<{ result: 'applied' | 'invalidSignature' | 'notFound' } | { result: 'rateLimited'; retryAfterSeconds: number }> {
  const now = input.now ?? clock.now();
  const max = input.limit ?? env().RATE_LIMIT_PAYMENT_CALLBACKS_PER_10_MIN;
  const limit = await hitRateLimit(db, `payment-callback:${input.clientIp}`, max, CALLBACK_WINDOW_SECONDS, now);
  if (!limit.allowed) return { result: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds };
  const checkout = client.verifyReturn(input.params);
  if (!checkout) {
    logger.warn({ via: 'refund-callback' }, 'refund report with an invalid signature refused');
    return { result: 'invalidSignature' };
  }
  const transactionId = checkout['checkout-transaction-id'] ?? '';
  const status = checkout['checkout-status'];
  const [refund] = transactionId ? await db.select().from(refunds).where(eq(refunds.providerTransactionId, transactionId)) : [];
  if (!refund || (status !== 'ok' && status !== 'fail') || Number(checkout['checkout-amount']) !== refund.amountCents) {
    logger.warn({ via: 'refund-callback' }, 'refund report for no refund of ours');
    return { result: 'notFound' };
  }
  await applyRefundReport(db, refund.id, { status, transactionId }, now);
  return { result: 'applied' };
}
