/**
 * Invoices as the pages show them (spec 1 §3, spec 2 §3–4). Client-safe: the views get these
 * shapes from their loaders; every amount and date is already formatted on the server.
 */
export const INVOICE_SOURCES = ['CustomerInvoice', 'GoodSignInvoice', 'NetsuiteInvoice'] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];

/** ListableInvoiceStatus (spec 1 §3). */
export const LISTABLE_INVOICE_STATUSES = ['open', 'overdue', 'paper', 'paid', 'refunded', 'refundInProgress', 'notAvailable'] as const;
export type ListableInvoiceStatus = (typeof LISTABLE_INVOICE_STATUSES)[number];

/** The document label of a row (spec 2 §4): what the PDF is called. */
export type InvoiceLabel = 'receipt' | 'summary' | 'invoice' | 'refundedInvoice' | 'notAvailable';

/** The payment area of a row (spec 2 §4). */
export type PaymentArea = 'payOnline' | 'billingEmail' | 'overdue' | 'sentByMail' | 'refundReceiptByMail' | 'none';

export interface InvoiceListItem {
  id: number;
  invoiceNumber: string;
  description: string;
  status: ListableInvoiceStatus;
  label: InvoiceLabel;
  paymentArea: PaymentArea;
  sum: string;
  creationDate: string;
  dueDate: string;
  /** Whose visit, when it is a ward's (the guardian sees their children's invoices). */
  patientName: string | null;
  pdfHref: string | null;
  payHref: string | null;
  summaryHref: string;
}

export interface InvoiceSummaryView {
  id: number;
  invoiceNumber: string;
  label: InvoiceLabel;
  status: ListableInvoiceStatus;
  description: string;
  buyer: { name: string; street: string | null; postalCode: string | null; postOffice: string | null };
  rows: { description: string; count: number; unitPrice: string; date: string; vat: string; total: string }[];
  sum: string;
  creationDate: string;
  dueDate: string;
  paidDate: string | null;
  creditedInvoiceNumbers: string[];
  /** A row is without VAT: the receipt says why (health care is VAT-exempt, ADR 0043). */
  vatFree: boolean;
  pdfHref: string | null;
}

/** What the payment result page says (spec 2 §4, §8). */
export const PAYMENT_MESSAGES = [
  'cardDeclined',
  'expiredCard',
  'incorrectCvc',
  'insufficientFunds',
  'cancelled',
  'failed',
  'interrupted',
  'unableToProcess',
] as const;
export type PaymentMessage = (typeof PAYMENT_MESSAGES)[number];

/** Failure reasons a provider may report, mapped to the spec's messages; anything else is `interrupted`. */
export function paymentMessageOf(reason: string | null | undefined): PaymentMessage {
  switch (reason) {
    case 'card-declined':
      return 'cardDeclined';
    case 'expired-card':
      return 'expiredCard';
    case 'incorrect-cvc':
      return 'incorrectCvc';
    case 'insufficient-funds':
      return 'insufficientFunds';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
      return 'failed';
    case 'unable-to-process':
      return 'unableToProcess';
    default:
      return 'interrupted';
  }
}

/** What the tester can choose on the built-in test payment provider's bank page. */
export const TEST_BANK_OUTCOMES = ['pay', 'cancel', 'card-declined', 'insufficient-funds', 'delayed'] as const;
export type TestBankOutcome = (typeof TEST_BANK_OUTCOMES)[number];

/** An invoice number as it appears in paths and references: digits only. */
export const INVOICE_NUMBER = /^\d{1,20}$/;
