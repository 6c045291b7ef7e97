/**
 * Online payment of invoices: the one service behind the pay page, the payment result page,
 * the provider's server-to-server callback and the reconciliation job
 * (docs/decisions/0018-online-payment-paytrail.md).
 *
 * Every attempt is a `payments` row (our unique stamp, the provider's unique transaction id).
 * What the provider reports (redirect, callback, status query) is believed only with a valid
 * signature, and is applied by `applyProviderStatus` in one transaction: the payment row is
 * locked, then the invoice row; an `ok` settles the payment and marks the invoice paid
 * together, once. The partial unique index `payments_settled_idx` (one settled payment per
 * invoice) backs this up. The callback and the redirect may come in any order, any number of
 * times: after the first, the payment is final and later reports change nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, lte, gte, or, sql } from 'drizzle-orm';
import { appointments, invoices, paymentEvents, payments } from '~db/schema';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { formatDate, formatMoney } from '~/lib/format';
import { isValidEmail } from '~/models/contact';
import { paymentMessageOf, type PaymentMessage } from '~/models/billing/invoice';
import { appointmentVisibility, type Viewer } from '~/services/people/viewer.server';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { canBePaidOnline } from '~/services/billing/invoice-rules';
import { findVisibleInvoice, logInvoiceView, serviceText, type InvoiceRow } from '~/services/billing/invoices.server';
import { logger } from '~/services/observability/logger.server';
import { hitRateLimit } from '~/services/security/rate-limit.server';
import { clock } from '~/lib/clock.server';
import { createPaytrailClient, PaymentProviderError, PROVIDER_STATUSES, type PaymentClient, type ProviderStatus } from './paytrail-client.server';
import { handleTestProviderApi, TEST_BANK_PATH, TEST_MERCHANT } from './test-provider.server';
import { PAYTRAIL_LOGO_ORIGIN } from './paytrail-origins';

export type PaymentRow = typeof payments.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The provider

/**
 * The payment provider of this deployment: Paytrail over the network, or (PAYMENTS=test) the
 * built-in test provider answering the same signed API in process, whose bank page is on
 * `origin`.
 */
export function paymentClient(db: Db, origin: string): PaymentClient {
  const e = env();
  if (e.PAYMENTS === 'paytrail') {
    return createPaytrailClient({
      kind: 'paytrail',
      merchantId: e.PAYTRAIL_MERCHANT_ID!,
      secret: e.PAYTRAIL_SECRET!,
      apiUrl: e.PAYTRAIL_API_URL,
      fetch: (request) => fetch(request),
    });
  }
  const merchantId = e.PAYTRAIL_MERCHANT_ID ?? TEST_MERCHANT.merchantId;
  const secret = e.PAYTRAIL_SECRET ?? TEST_MERCHANT.secret;
  return createPaytrailClient({
    kind: 'test',
    merchantId,
    secret,
    apiUrl: `${origin}/test-payments/api`,
    fetch: (request) => handleTestProviderApi(db, request, { merchantId, secret, bankUrl: `${origin}${TEST_BANK_PATH}` }),
  });
}

/** The merchant secret the test bank page signs with (same as the client's). */
export function testProviderSecret(): string {
  return env().PAYTRAIL_SECRET ?? TEST_MERCHANT.secret;
}

// ---------------------------------------------------------------------------------------------
// The pay page

export interface PayInvoiceView {
  invoiceNumber: string;
  description: string;
  sum: string;
  /** open: can be paid now; paid: paid (with date); mail: a paper invoice is (or will be) mailed. */
  state: 'open' | 'paid' | 'mail';
  paidDate: string | null;
}

export interface PayerContact {
  email: string | null;
  firstName: string;
  lastName: string;
}

export type PreparePaymentResult =
  | { type: 'invoiceNotFound' }
  | { type: 'emailRequired'; invoice: PayInvoiceView }
  | { type: 'notPayable'; invoice: PayInvoiceView }
  | { type: 'providerError'; invoice: PayInvoiceView }
  | {
      type: 'ready';
      invoice: PayInvoiceView;
      paymentId: string;
      terms: string;
      methods: { id: string; name: string; svg: string; url: string; parameters: { name: string; value: string }[] }[];
      /** How many of the provider's methods are not offered (their forms post outside PAYMENT_FORM_ORIGINS). */
      hiddenMethods: number;
    };

async function payView(invoice: InvoiceRow, lang: Language, now: Date): Promise<PayInvoiceView> {
  return {
    invoiceNumber: invoice.invoiceNumber,
    description: await serviceText(invoice.description, lang),
    sum: formatMoney(invoice.sumCents, lang),
    state: invoice.status === 'paid' ? 'paid' : canBePaidOnline(invoice, now, env().ONLINE_PAYMENT_DAYS) ? 'open' : 'mail',
    paidDate: invoice.paidAt ? formatDate(invoice.paidAt, lang) : null,
  };
}

/** The invoice as the pay page shows it (own or a ward's; logged as a view), or null. */
export async function invoiceForPayment(db: Db, viewer: Viewer, invoiceNumber: string, lang: Language, now = clock.now()) {
  const invoice = await findVisibleInvoice(db, viewer, { invoiceNumber });
  if (!invoice) return null;
  await logInvoiceView(db, viewer, invoice);
  return { invoice, view: await payView(invoice, lang, now) };
}

const PROVIDER_LANGUAGE = { fi: 'FI', sv: 'SV', en: 'EN' } as const;

/**
 * Only payment methods whose forms post to an allowed origin are offered (the page's CSP
 * form-action): the test provider's bank page is on our own origin, Paytrail's methods on
 * PAYMENT_FORM_ORIGINS.
 */
function allowedMethodUrl(url: string, kind: PaymentClient['kind'], origin: string): boolean {
  try {
    const target = new URL(url);
    if (kind === 'test') return target.origin === origin;
    return target.protocol === 'https:' && env().PAYMENT_FORM_ORIGINS.includes(target.origin);
  } catch {
    return false;
  }
}

/**
 * A method's logo as the page may show it (the CSP's img-src): Paytrail's from its static host
 * (PAYTRAIL_LOGO_ORIGIN), the test provider's inline SVG; anything else is dropped (the
 * method's name is on its button anyway).
 */
function allowedLogo(svg: string, kind: PaymentClient['kind']): string {
  if (kind === 'test') return svg.startsWith('data:image/svg+xml;') ? svg : '';
  try {
    const url = new URL(svg);
    return url.origin === PAYTRAIL_LOGO_ORIGIN ? url.href : '';
  } catch {
    return '';
  }
}

/** A URL's origin for the log (`invalid` when it is not a URL). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}

/** What makes an open payment the one to show again: same invoice sum, payer, browser, language and provider. */
interface ReuseKey {
  startedById: string;
  browserBindingHash: string;
  language: Language;
  adapter: PaymentClient['kind'];
  amountCents: number;
}

/**
 * Whether the invoice's open payment may be shown again on the pay page (instead of creating
 * another one at the provider on every load): nobody has reported on it yet, the provider's
 * answer is stored, it was started by the same payer in the same browser (its redirect must
 * come back there) in the same language for the invoice's current sum, and it is younger than
 * PAYMENT_REUSE_MINUTES.
 */
function reusable(row: PaymentRow, key: ReuseKey, now: Date): boolean {
  return (
    row.status === 'created' &&
    row.transactionId !== null &&
    row.providers !== null &&
    row.terms !== null &&
    row.startedById === key.startedById &&
    row.browserBindingHash === key.browserBindingHash &&
    row.language === key.language &&
    row.adapter === key.adapter &&
    row.amountCents === key.amountCents &&
    now.getTime() - row.createdAt.getTime() < env().PAYMENT_REUSE_MINUTES * 60_000
  );
}

function readyView(view: PayInvoiceView, row: PaymentRow): Extract<PreparePaymentResult, { type: 'ready' }> {
  const all = row.providers ?? [];
  const methods = all.filter((m) => !m.hidden).map(({ id, name, svg, url, parameters }) => ({ id, name, svg, url, parameters }));
  return { type: 'ready', invoice: view, paymentId: row.id, terms: row.terms ?? '', methods, hiddenMethods: all.length - methods.length };
}

/** Attempts to record a new open payment when concurrent loads of the same invoice keep superseding each other. */
const RECORD_ATTEMPTS = 5;

/**
 * The pay page's load: the invoice (own or a ward's), and when it is open and the payer has a
 * valid e-mail, its open payment at the provider with the payment methods (spec 2 §4).
 *
 * One open payment per invoice (issue 21): a reload in the same browser shows the same payment
 * again (see `reusable`) rather than creating one at the provider per page view. Otherwise a new
 * payment is created at the provider first (no row is held open during the network call) and
 * then recorded in one short transaction that supersedes the invoice's previous open payment
 * (`cancelled`/`superseded`; if it is paid anyway, the provider's report still settles it). The
 * partial unique index `payments_one_open_idx` keeps one open payment per invoice: a concurrent
 * load that recorded one first wins, and this load shows that one when it is reusable.
 */
export async function preparePayment(
  db: Db,
  client: PaymentClient,
  input: {
    viewer: Viewer;
    payer: PayerContact;
    invoiceNumber: string;
    lang: Language;
    origin: string;
    /** Absolute URLs of the result page and the callback route. */
    returnUrl: string;
    callbackUrl: string;
    browserBindingHash: string;
    now?: Date;
  },
): Promise<PreparePaymentResult> {
  const now = input.now ?? clock.now();
  const found = await invoiceForPayment(db, input.viewer, input.invoiceNumber, input.lang, now);
  if (!found) return { type: 'invoiceNotFound' };
  const { invoice, view } = found;
  if (view.state !== 'open') return { type: 'notPayable', invoice: view };
  const email = input.payer.email?.trim() ?? '';
  if (!isValidEmail(email)) return { type: 'emailRequired', invoice: view };

  const key: ReuseKey = {
    startedById: input.viewer.personId,
    browserBindingHash: input.browserBindingHash,
    language: input.lang,
    adapter: client.kind,
    amountCents: invoice.sumCents,
  };
  const openOf = (q: Db) =>
    q
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'created')));
  const [open] = await openOf(db);
  if (open && reusable(open, key, now)) return readyView(view, open);

  const stamp = randomUUID();
  const base = {
    invoiceId: invoice.id,
    startedById: input.viewer.personId,
    stamp,
    reference: invoice.invoiceNumber,
    amountCents: invoice.sumCents,
    adapter: client.kind,
    language: input.lang,
    browserBindingHash: input.browserBindingHash,
    createdAt: now,
    updatedAt: now,
  };
  let created: Awaited<ReturnType<PaymentClient['createPayment']>>;
  try {
    created = await client.createPayment({
      stamp,
      reference: invoice.invoiceNumber,
      amount: invoice.sumCents,
      currency: 'EUR',
      language: PROVIDER_LANGUAGE[input.lang],
      // Spec 2 §9: one item, VAT 0, units 1.
      items: [{ unitPrice: invoice.sumCents, units: 1, vatPercentage: 0, productCode: invoice.invoiceNumber }],
      customer: { email, firstName: input.payer.firstName, lastName: input.payer.lastName },
      redirectUrls: { success: input.returnUrl, cancel: input.returnUrl },
      callbackUrls: { success: input.callbackUrl, cancel: input.callbackUrl },
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const [failed] = await db
      .insert(payments)
      .values({ ...base, status: 'failed', failureReason: 'create-failed' })
      .returning({ id: payments.id });
    logger.error({ err: error, paymentId: failed!.id }, 'payment creation failed');
    return { type: 'providerError', invoice: view };
  }
  // Every method is stored; those posting outside the allowed origins are marked hidden: never
  // offered or redirected to, but counted, so the page can say that some are missing (ADR 0043).
  const methods = created.providers.map((p) => ({
    ...p,
    svg: allowedLogo(p.svg, client.kind),
    ...(allowedMethodUrl(p.url, client.kind, input.origin) ? {} : { hidden: true as const }),
  }));
  const hidden = methods.filter((m) => m.hidden);
  if (hidden.length) {
    // Method ids and origins only: nothing of the payer, the invoice or the provider's fields.
    const origins = [...new Set(hidden.map((m) => originOf(m.url)))];
    logger.warn({ methods: hidden.map((m) => m.id), origins }, 'payment methods outside PAYMENT_FORM_ORIGINS not offered');
  }

  for (let attempt = 0; attempt < RECORD_ATTEMPTS; attempt++) {
    const recorded = await withTransaction(db, async (tx) => {
      const [current] = await openOf(tx).for('update');
      // A concurrent load of this browser recorded one first: show that one (ours is never offered).
      if (current && reusable(current, key, now)) return current;
      if (current) {
        await tx.update(payments).set({ status: 'cancelled', failureReason: 'superseded', updatedAt: now }).where(eq(payments.id, current.id));
      }
      const [row] = await tx
        .insert(payments)
        .values({ ...base, transactionId: created.transactionId, providers: methods, terms: created.terms })
        .onConflictDoNothing({ target: payments.invoiceId, where: sql`status = 'created'` })
        .returning();
      // Another load's open payment was committed meanwhile: look again.
      if (!row) return null;
      await tx.insert(paymentEvents).values({ paymentId: row.id, via: 'create', providerStatus: 'new', signatureValid: true, outcome: 'created' });
      return row;
    });
    if (recorded) return readyView(view, recorded);
  }
  throw new Error('could not record the open payment of an invoice: concurrent pay page loads kept superseding it');
}

export type GoToProviderResult = { type: 'redirect'; url: string } | { type: 'notOpen' } | { type: 'invoiceNotFound' };

/**
 * Pressing a payment method: the invoice is checked again. Still open → the browser is sent on
 * to the method's form URL (a 307 keeps the POST and its hidden fields); otherwise the pay page
 * reloads with the invoice's state.
 */
export async function goToProvider(
  db: Db,
  viewer: Viewer,
  input: { invoiceNumber: string; paymentId: string; methodId: string; now?: Date },
): Promise<GoToProviderResult> {
  const now = input.now ?? clock.now();
  const invoice = await findVisibleInvoice(db, viewer, { invoiceNumber: input.invoiceNumber });
  if (!invoice) return { type: 'invoiceNotFound' };
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), eq(payments.invoiceId, invoice.id), eq(payments.startedById, viewer.personId)));
  const method = payment?.providers?.find((p) => p.id === input.methodId && !p.hidden);
  if (!payment || !method || payment.status !== 'created' || !canBePaidOnline(invoice, now, env().ONLINE_PAYMENT_DAYS)) return { type: 'notOpen' };
  const [settled] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'settled')));
  if (settled) return { type: 'notOpen' };
  await db.update(payments).set({ method: method.id, updatedAt: now }).where(eq(payments.id, payment.id));
  return { type: 'redirect', url: method.url };
}

// ---------------------------------------------------------------------------------------------
// What the provider reports

/** MarkInvoiceAsPaid's results (spec 1 §8) and what else a report may lead to. */
export type ApplyResult = 'success' | 'invoiceAlreadyPaid' | 'invoiceNotFound' | 'invoiceSumNotValid' | 'failed' | 'pending' | 'ignored' | 'invalidSignature';

export interface ProviderReport {
  status: ProviderStatus;
  amountCents: number;
  transactionId: string;
  method: string | null;
  failureReason: string | null;
}

const FINAL = new Set<PaymentRow['status']>(['settled', 'duplicate', 'rejected']);

/**
 * Applies one report of the provider to a payment, in one transaction (payment row, then
 * invoice row, locked). Idempotent: a settled payment stays settled, a paid invoice is paid once.
 */
async function applyProviderStatus(
  db: Db,
  paymentId: string,
  report: ProviderReport,
  via: 'redirect' | 'callback' | 'reconcile',
  now = clock.now(),
): Promise<ApplyResult> {
  return withTransaction(db, async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) return 'invoiceNotFound';
    const event = (outcome: ApplyResult | 'alreadyFinal') =>
      tx.insert(paymentEvents).values({ paymentId, via, providerStatus: report.status, signatureValid: true, outcome });

    if (payment.transactionId !== null && payment.transactionId !== report.transactionId) {
      logger.warn({ paymentId, via }, 'payment report names another transaction');
      await event('invoiceNotFound');
      return 'invoiceNotFound';
    }
    if (FINAL.has(payment.status)) {
      await event('alreadyFinal');
      return payment.status === 'settled' ? 'success' : payment.status === 'duplicate' ? 'invoiceAlreadyPaid' : 'invoiceSumNotValid';
    }

    switch (report.status) {
      case 'ok': {
        const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId)).for('update');
        if (!invoice) {
          await event('invoiceNotFound');
          return 'invoiceNotFound';
        }
        const update = (status: PaymentRow['status']) =>
          tx
            .update(payments)
            .set({ status, transactionId: report.transactionId, method: report.method ?? payment.method, updatedAt: now })
            .where(eq(payments.id, paymentId));
        if (report.amountCents !== payment.amountCents || report.amountCents !== invoice.sumCents) {
          logger.warn({ paymentId, via }, 'payment amount does not match the invoice');
          await update('rejected');
          await event('invoiceSumNotValid');
          return 'invoiceSumNotValid';
        }
        if (invoice.status === 'paid') {
          // Money came in twice (e.g. two tabs): the second payment is kept for a refund.
          logger.error({ paymentId, invoiceId: invoice.id, via }, 'invoice already paid: payment needs a refund');
          await update('duplicate');
          await event('invoiceAlreadyPaid');
          return 'invoiceAlreadyPaid';
        }
        if (!['open', 'overdue', 'paper'].includes(invoice.status)) {
          logger.error({ paymentId, invoiceId: invoice.id, via }, 'payment for an invoice that is not payable: needs a refund');
          await update('rejected');
          await event('invoiceNotFound');
          return 'invoiceNotFound';
        }
        await tx
          .update(payments)
          .set({ status: 'settled', settledAt: now, transactionId: report.transactionId, method: report.method ?? payment.method, updatedAt: now })
          .where(eq(payments.id, paymentId));
        await tx.update(invoices).set({ status: 'paid', paidAt: now }).where(eq(invoices.id, invoice.id));
        await logAccess(tx, {
          actorPersonId: payment.startedById,
          subjectPersonId: invoice.personId,
          action: 'change',
          resource: 'invoice',
          resourceId: String(invoice.id),
          // The provider's callback and the reconciling job settle it, not the payer's browser (ADR 0033).
          ...(via === 'redirect' ? {} : ({ actorKind: 'system', reason: 'billing' } as const)),
        });
        await event('success');
        return 'success';
      }
      case 'fail': {
        const status = report.failureReason === 'cancelled' ? 'cancelled' : 'failed';
        await tx
          .update(payments)
          .set({ status, failureReason: report.failureReason, transactionId: report.transactionId, method: report.method ?? payment.method, updatedAt: now })
          .where(eq(payments.id, paymentId));
        await event('failed');
        return 'failed';
      }
      case 'pending':
      case 'delayed': {
        if (payment.status === 'created') {
          await tx.update(payments).set({ status: 'pending', transactionId: report.transactionId, updatedAt: now }).where(eq(payments.id, paymentId));
        }
        await event('pending');
        return 'pending';
      }
      case 'new':
        await event('ignored');
        return 'ignored';
    }
  });
}

/** Reports refused for their signature since this process started (logged with each refusal, a counter for alerts). */
let invalidSignatureCount = 0;

/**
 * A redirect or callback from the provider: nothing is believed before the signature checks
 * out. A bad signature (or another merchant's) changes nothing, writes nothing and is logged
 * without any of its parameters.
 */
export async function handleProviderReturn(
  db: Db,
  client: PaymentClient,
  params: URLSearchParams,
  via: 'redirect' | 'callback',
  now = clock.now(),
): Promise<{ result: ApplyResult; payment: PaymentRow | null }> {
  const checkout = client.verifyReturn(params);
  if (!checkout) {
    // Nothing is written for an unsigned report (issue 21): anyone can send them, as many as they like.
    invalidSignatureCount += 1;
    logger.warn({ via, invalidSignatures: invalidSignatureCount }, 'payment report with an invalid signature refused');
    return { result: 'invalidSignature', payment: null };
  }
  const status = checkout['checkout-status'] as ProviderStatus;
  const amount = Number(checkout['checkout-amount']);
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.stamp, checkout['checkout-stamp'] ?? ''));
  if (!payment || !PROVIDER_STATUSES.includes(status) || !Number.isInteger(amount)) {
    await db
      .insert(paymentEvents)
      .values({ paymentId: payment?.id ?? null, via, providerStatus: status ?? null, signatureValid: true, outcome: 'invoiceNotFound' });
    return { result: 'invoiceNotFound', payment: null };
  }
  const result = await applyProviderStatus(
    db,
    payment.id,
    {
      status,
      amountCents: amount,
      transactionId: checkout['checkout-transaction-id'] ?? '',
      method: checkout['checkout-provider'] ?? null,
      failureReason: checkout['checkout-failure-reason'] ?? null,
    },
    via,
    now,
  );
  return { result, payment };
}

const CALLBACK_WINDOW_SECONDS = 600;

/**
 * The provider's server-to-server callback (`GET /api/payments/callback`, no session: the
 * signature is its authentication). Rate-limited per client address first
 * (RATE_LIMIT_PAYMENT_CALLBACKS_PER_10_MIN): over the limit nothing else is done, not even the
 * signature check. Otherwise as `handleProviderReturn`.
 */
export async function receivePaymentCallback(
  db: Db,
  client: PaymentClient,
  input: { params: URLSearchParams; clientIp: string; limit?: number; now?: Date },
): Promise<{ result: ApplyResult } | { result: 'rateLimited'; retryAfterSeconds: number }> {
  const now = input.now ?? clock.now();
  const max = input.limit ?? env().RATE_LIMIT_PAYMENT_CALLBACKS_PER_10_MIN;
  const limit = await hitRateLimit(db, `payment-callback:${input.clientIp}`, max, CALLBACK_WINDOW_SECONDS, now);
  if (!limit.allowed) {
    // Once per address and window, so that a flood does not flood the log too.
    if (limit.count === max + 1) logger.warn({ via: 'callback' }, 'payment callbacks over the rate limit refused');
    return { result: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds };
  }
  const { result } = await handleProviderReturn(db, client, input.params, 'callback', now);
  return { result };
}

// ---------------------------------------------------------------------------------------------
// The result page

export interface PaymentResultView {
  invoiceNumber: string;
  sum: string;
  invoicePaid: boolean;
  paidDate: string | null;
  /** ok: success; fail: interrupted notice; pending: nothing yet (the callback settles it). */
  outcome: 'ok' | 'fail' | 'pending';
  message: PaymentMessage | null;
  /**
   * The visit the invoice is for, if any and the viewer may see it (the appointment page's rule,
   * `appointmentVisibility`): a paid one ends on the visit's success page.
   */
  appointmentId: number | null;
}

/** The outcome of one of the viewer's payments of an invoice (own or a ward's). */
export async function paymentResult(db: Db, viewer: Viewer, invoiceNumber: string, paymentId: string, lang: Language): Promise<PaymentResultView | null> {
  const invoice = await findVisibleInvoice(db, viewer, { invoiceNumber });
  if (!invoice || !/^[0-9a-f-]{36}$/.test(paymentId)) return null;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.invoiceId, invoice.id), eq(payments.startedById, viewer.personId)));
  if (!payment) return null;
  await logInvoiceView(db, viewer, invoice);
  const outcome = payment.status === 'settled' ? 'ok' : payment.status === 'created' || payment.status === 'pending' ? 'pending' : 'fail';
  const [visit] = invoice.appointmentId
    ? await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.id, invoice.appointmentId), appointmentVisibility(viewer)))
    : [];
  return {
    invoiceNumber: invoice.invoiceNumber,
    sum: formatMoney(invoice.sumCents, lang),
    invoicePaid: invoice.status === 'paid',
    paidDate: invoice.paidAt ? formatDate(invoice.paidAt, lang) : null,
    outcome,
    message: outcome === 'fail' ? paymentMessageOf(payment.status === 'cancelled' ? 'cancelled' : payment.failureReason) : null,
    appointmentId: visit?.id ?? null,
  };
}

/** The payment a signed redirect names, for the result page's browser-binding check. */
export async function paymentByStamp(db: Db, stamp: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.stamp, stamp));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Reconciliation

export interface ReconcileSummary {
  checked: number;
  settled: number;
  failed: number;
  expired: number;
  errors: number;
}

/**
 * Asks the provider for the status of every payment still without a final answer
 * `afterMinutes` after its creation (a lost callback, a delayed bank; superseded ones too) and
 * applies it as a callback would. Payments the customer never finished expire after a day. One function for
 * both schedulers (pg-boss on PostgreSQL, a timer on the embedded database).
 */
export async function reconcilePayments(
  db: Db,
  client: PaymentClient,
  { now = clock.now(), afterMinutes = env().PAYMENT_RECONCILE_AFTER_MINUTES, limit = 100 } = {},
): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { checked: 0, settled: 0, failed: 0, expired: 0, errors: 0 };
  // A superseded payment (see preparePayment) may still have been paid on a bank page left open.
  const unfinished = or(inArray(payments.status, ['created', 'pending']), and(eq(payments.status, 'cancelled'), eq(payments.failureReason, 'superseded')));
  const open = await db
    .select()
    .from(payments)
    .where(
      and(
        unfinished,
        isNotNull(payments.transactionId),
        eq(payments.adapter, client.kind),
        lte(payments.createdAt, new Date(now.getTime() - afterMinutes * 60_000)),
        gte(payments.createdAt, new Date(now.getTime() - 30 * 86_400_000)),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(limit);
  for (const payment of open) {
    summary.checked += 1;
    try {
      const answer = await client.getPayment(payment.transactionId!);
      if (answer.stamp !== payment.stamp) throw new PaymentProviderError('status query: stamp mismatch');
      if (answer.status === 'new') {
        if (now.getTime() - payment.createdAt.getTime() > 86_400_000) {
          await db
            .update(payments)
            .set({ status: 'cancelled', failureReason: 'expired', updatedAt: now })
            .where(and(eq(payments.id, payment.id), unfinished));
          await db.insert(paymentEvents).values({ paymentId: payment.id, via: 'reconcile', providerStatus: 'new', signatureValid: true, outcome: 'expired' });
          summary.expired += 1;
        }
        continue;
      }
      const result = await applyProviderStatus(
        db,
        payment.id,
        { status: answer.status, amountCents: answer.amount, transactionId: answer.transactionId, method: answer.provider, failureReason: null },
        'reconcile',
        now,
      );
      if (result === 'success') summary.settled += 1;
      if (result === 'failed') summary.failed += 1;
    } catch (error) {
      summary.errors += 1;
      logger.error({ err: error, paymentId: payment.id }, 'payment reconciliation failed');
    }
  }
  return summary;
}

/** Settled payments of an invoice (tests and support). */
export async function settledPaymentCount(db: Db, invoiceId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'settled')));
  return row?.n ?? 0;
}
