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
    deliveryMethod: text('delivery_method', { enum: ['EInvoice', 'Email', 'Paper'] }).notNull().default('Email'),
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
    // One invoice per paid remote visit (pay a visit).
    uniqueIndex('invoices_appointment_idx').on(t.appointmentId).where(sql`${t.appointmentId} is not null`),
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
    providers: jsonb('providers').$type<{ id: string; name: string; url: string; svg: string; parameters: { name: string; value: string }[]; hidden?: true }[]>(),
    /** The provider's terms text of this payment (shown again when the open payment is reused). */
    terms: text('terms'),
    /** The provider (bank, card) the customer used, as the provider reported it. */
    method: text('method'),
    failureReason: text('failure_reason'),
    language: text('language', { enum: ['fi', 'sv', 'en'] }).notNull(),
    browserBindingHash: text('browser_binding_hash').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [
    uniqueIndex('payments_settled_idx').on(t.invoiceId).where(sql`${t.status} = 'settled'`),
    uniqueIndex('payments_one_open_idx').on(t.invoiceId).where(sql`${t.status} = 'created'`),
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    // What reconciliation asks the provider about: unfinished payments, superseded ones included.
    index('payments_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('created', 'pending') or (${t.status} = 'cancelled' and ${t.failureReason} = 'superseded')`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_settled_check', sql`(${t.status} = 'settled') = (${t.settledAt} is not null)`),
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
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
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
  status: text('status', { enum: ['new', 'ok', 'fail', 'pending', 'delayed'] }).notNull().default('new'),
  method: text('method'),
  createdAt: createdAt(),
});
