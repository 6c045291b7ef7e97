/**
 * Schema, billing (issue 12; docs/decisions/0018-online-payment-paytrail.md): invoices and
 * their rows, online payments, what the provider told us, and the built-in test provider.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, smallint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clock } from '../../app/lib/clock.server';
import { INVOICE_SOURCES, LISTABLE_INVOICE_STATUSES } from '../../app/models/billing/invoice';
import { type Localized, createdAt } from './columns';
import { persons } from './people';
import { appointments } from './appointments';

/**
 * Invoices and receipts of one patient (`personId`: whose visit it was; a guardian sees a
 * ward's). Sums in cents. `payableOnlineUntil` is when online payment ends (creation + four
 * days by default); `paidAt` is set once, in the same transaction that settles a payment.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    source: text('source', { enum: INVOICE_SOURCES }).notNull(),
    status: text('status', { enum: LISTABLE_INVOICE_STATUSES }).notNull(),
    /** Product or service, e.g. "General practitioner visit". */
    description: jsonb('description').$type<Localized>().notNull(),
    /** Numbers of the invoices this one credits, comma-separated (spec 2 §3). */
    creditedInvoiceNumbers: text('credited_invoice_numbers'),
    hasPdf: boolean('has_pdf').notNull().default(true),
    sumCents: integer('sum_cents').notNull(),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    payableOnlineUntil: timestamp('payable_online_until', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * Whom the invoice is addressed to (ADR 0034): the patient, or a guardian paying for a ward.
     * Null for invoices from before the column: addressed to the patient. A guardian sees a ward
     * of 12–17's invoice only when it is addressed to them.
     */
    addresseeId: uuid('addressee_id').references(() => persons.id),
    buyerName: text('buyer_name').notNull(),
    buyerStreet: text('buyer_street'),
    buyerPostalCode: text('buyer_postal_code'),
    buyerPostOffice: text('buyer_post_office'),
    deliveryMethod: text('delivery_method', { enum: ['EInvoice', 'Email', 'Paper'] })
      .notNull()
      .default('Email'),
    /**
     * The visit this invoice is for: a paid remote visit (pay a visit), or a visit invoiced by the
     * clinic; null for other invoices. A confidential visit's invoice hides its service from a
     * guardian (ADR 0034).
     */
    appointmentId: bigint('appointment_id', { mode: 'number' }).references(() => appointments.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_person_created_idx').on(t.personId, t.creationDate, t.id),
    // One live invoice per remote visit (pay a visit); a refunded one stays linked to its visit
    // (a confidential visit's service stays hidden from a guardian, ADR 0034) beside the next (ADR 0048).
    uniqueIndex('invoices_appointment_idx')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} is not null and ${t.status} not in ('refunded', 'refundInProgress')`),
    check('invoices_sum_check', sql`${t.sumCents} >= 0`),
    check('invoices_status_check', sql`${t.status} in ('open', 'overdue', 'paper', 'paid', 'refunded', 'refundInProgress', 'notAvailable')`),
    check('invoices_paid_check', sql`(${t.status} = 'paid') <= (${t.paidAt} is not null)`),
  ],
);

export const invoiceRows = pgTable(
  'invoice_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    count: integer('count').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** VAT in tenths of a percent (255 = 25.5 %); health care is 0. */
    vatPermille: integer('vat_permille').notNull().default(0),
  },
  (t) => [uniqueIndex('invoice_rows_position_idx').on(t.invoiceId, t.position)],
);

export const PAYMENT_STATUSES = ['created', 'pending', 'settled', 'failed', 'cancelled', 'duplicate', 'rejected'] as const;

/**
 * One online payment attempt. `stamp` is ours (unique per merchant), `transactionId` the
 * provider's. At most one settled payment per invoice (`payments_settled_idx`): settling locks
 * the payment and the invoice rows and marks the invoice paid in the same transaction.
 * At most one open (`created`, not yet reported on) payment per invoice
 * (`payments_one_open_idx`): the pay page shows it again instead of creating another, and a
 * new one supersedes it (issue 21).
 * `browserBindingHash` ties the provider's redirect back to the browser that started it.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    /** Who started it (the patient or their guardian). */
    startedById: uuid('started_by_id')
      .notNull()
      .references(() => persons.id),
    stamp: text('stamp').notNull().unique(),
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    adapter: text('adapter', { enum: ['test', 'paytrail'] }).notNull(),
    transactionId: text('transaction_id').unique(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    /**
     * The provider's answer to create-payment: where each payment method's form posts.
     * `hidden`: the form posts outside
     * PAYMENT_FORM_ORIGINS, so it is not offered (only counted, ADR 0043).
     */
    providers:
      jsonb('providers').$type<{ id: string; name: string; url: string; svg: string; parameters: { name: string; value: string }[]; hidden?: true }[]>(),
    /** The provider's terms text of this payment (shown again when the open payment is reused). */
    terms: text('terms'),
    /** The provider (bank, card) the customer used, as the provider reported it. */
    method: text('method'),
    failureReason: text('failure_reason'),
    language: text('language', { enum: ['fi', 'sv', 'en'] }).notNull(),
    browserBindingHash: text('browser_binding_hash').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (t) => [
    uniqueIndex('payments_settled_idx')
      .on(t.invoiceId)
      .where(sql`${t.status} = 'settled'`),
    uniqueIndex('payments_one_open_idx')
      .on(t.invoiceId)
      .where(sql`${t.status} = 'created'`),
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    // What reconciliation asks the provider about: unfinished payments, superseded ones included.
    index('payments_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('created', 'pending') or (${t.status} = 'cancelled' and ${t.failureReason} = 'superseded')`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_settled_check', sql`(${t.status} = 'settled') = (${t.settledAt} is not null)`),
  ],
);

export const REFUND_STATUSES = ['requested', 'pending', 'refunded', 'manual'] as const;
export const REFUND_REASONS = ['visitMoved'] as const;

/**
 * Money paid online that goes back to the payer through the provider (ADR 0048): ordered in the
 * transaction that makes it due (a paid remote visit moved to a clinic time), sent to the
 * provider after the commit and again by the reconciliation job until it answers. `stamp` is
 * our refund stamp (the provider's idempotency key: a resend is the same refund), the provider's
 * refund transaction id comes with its answer. One refund per invoice (a full refund).
 * `requested` → `refunded` (the provider refunded it: the invoice is `refunded`), `pending` (the
 * provider's callback will tell) or `manual` (the provider refused it, or the money did not come
 * in online: billing refunds it by hand and marks the invoice; it stays `refundInProgress`).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    /** The settled payment the money came in with (null: not paid online, so billing refunds it by hand). */
    paymentId: uuid('payment_id').references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    stamp: text('stamp').notNull().unique(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    providerTransactionId: text('provider_transaction_id').unique(),
    /** Times it was sent to the provider without an answer (no answer, 5xx). */
    tries: integer('tries').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (t) => [
    uniqueIndex('refunds_invoice_idx').on(t.invoiceId),
    // What the reconciliation sends again.
    index('refunds_requested_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested'`),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check('refunds_status_check', sql`${t.status} in ('requested', 'pending', 'refunded', 'manual')`),
    check('refunds_refunded_check', sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null)`),
  ],
);

/** Everything the provider told us about a payment (redirects, callbacks, status queries). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id').references(() => payments.id),
    via: text('via', { enum: ['create', 'redirect', 'callback', 'reconcile'] }).notNull(),
    providerStatus: text('provider_status'),
    signatureValid: boolean('signature_valid').notNull(),
    /** What the portal did: settled, alreadyPaid, invoiceSumNotValid, ignored, … */
    outcome: text('outcome').notNull(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (t) => [
    index('payment_events_payment_idx').on(t.paymentId, t.at),
    // Retention (ADR 0040): old events go by their time.
    index('payment_events_at_idx').on(t.at),
  ],
);

/**
 * The built-in test payment provider's own books (development and tests only, like
 * `test_idp_codes`): what it was asked to charge and what the tester chose on its bank page.
 */
export const testProviderPayments = pgTable('test_provider_payments', {
  transactionId: uuid('transaction_id').primaryKey().defaultRandom(),
  merchantId: text('merchant_id').notNull(),
  stamp: text('stamp').notNull().unique(),
  reference: text('reference').notNull(),
  amountCents: integer('amount_cents').notNull(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  status: text('status', { enum: ['new', 'ok', 'fail', 'pending', 'delayed'] })
    .notNull()
    .default('new'),
  method: text('method'),
  /** The refunds made of it (ADR 0048), by the merchant's refund stamp: a resent stamp is the same refund. */
  refunds: jsonb('refunds').$type<{ stamp: string; transactionId: string; amountCents: number }[]>().notNull().default([]),
  createdAt: createdAt(),
});
