/**
 * The invoice rules of spec 2 §4 and §9, pure (client-safe, unit-tested): the label of a row,
 * its payment area, and whether it can still be paid online (four days from creation).
 */
import type { InvoiceLabel, InvoiceSource, ListableInvoiceStatus, PaymentArea } from '~/models/billing/invoice';

/** How long after creation an invoice can be paid online (ONLINE_PAYMENT_DAYS, default 4). */
export const DEFAULT_ONLINE_PAYMENT_DAYS = 4;

/**
 * A CustomerInvoice is a "receipt" when paid, otherwise a "summary". Other sources: open is a
 * summary; overdue and paper are an invoice; paid is a receipt; refunded and refundInProgress
 * are a refunded invoice; notAvailable is "not available".
 */
export function invoiceLabel(source: InvoiceSource, status: ListableInvoiceStatus): InvoiceLabel {
  if (source === 'CustomerInvoice') return status === 'paid' ? 'receipt' : 'summary';
  switch (status) {
    case 'open':
      return 'summary';
    case 'overdue':
    case 'paper':
      return 'invoice';
    case 'paid':
      return 'receipt';
    case 'refunded':
    case 'refundInProgress':
      return 'refundedInvoice';
    case 'notAvailable':
      return 'notAvailable';
  }
}

/** The moment online payment ends: `days` after creation, or the billing system's earlier date. */
export function payableOnlineUntil(invoice: { creationDate: Date; payableOnlineUntil?: Date | null }, days = DEFAULT_ONLINE_PAYMENT_DAYS): Date {
  const byRule = invoice.creationDate.getTime() + days * 86_400_000;
  const given = invoice.payableOnlineUntil?.getTime() ?? Infinity;
  return new Date(Math.min(byRule, given));
}

export interface PayabilityInput {
  status: ListableInvoiceStatus;
  sumCents: number;
  creationDate: Date;
  /** An earlier end set by billing (null: the rule alone). */
  payableOnlineUntil: Date | null;
}

/** An open invoice with something to pay, within its online-payment period (four days by default). */
export function canBePaidOnline(invoice: PayabilityInput, now: Date, days = DEFAULT_ONLINE_PAYMENT_DAYS): boolean {
  return invoice.status === 'open' && invoice.sumCents > 0 && now.getTime() < payableOnlineUntil(invoice, days).getTime();
}

/**
 * The payment area of a list row: notAvailable → billing e-mail; payable online → Pay online;
 * overdue → overdue info with contact; paper (or an open one past its online days: the paper
 * invoice is mailed) → sent by mail; Netsuite refunded → refund receipt sent by mail.
 */
export function paymentArea(source: InvoiceSource, invoice: PayabilityInput, now: Date, days = DEFAULT_ONLINE_PAYMENT_DAYS): PaymentArea {
  if (invoice.status === 'notAvailable') return 'billingEmail';
  if (canBePaidOnline(invoice, now, days)) return 'payOnline';
  if (invoice.status === 'overdue') return 'overdue';
  if (invoice.status === 'paper' || invoice.status === 'open') return 'sentByMail';
  if (source === 'NetsuiteInvoice' && invoice.status === 'refunded') return 'refundReceiptByMail';
  return 'none';
}

/** Rows per page of the invoices list (spec 2 §9). */
export const INVOICES_PER_PAGE = 10;
