import { describe, expect, it } from 'vitest';
import { INVOICE_SOURCES, LISTABLE_INVOICE_STATUSES, type InvoiceLabel } from '~/models/billing/invoice';
import { canBePaidOnline, invoiceLabel, paymentArea, payableOnlineUntil } from './invoice-rules';

describe('invoiceLabel (spec 2 §4)', () => {
  const table: Record<string, Record<string, InvoiceLabel>> = {
    CustomerInvoice: {
      open: 'summary',
      overdue: 'summary',
      paper: 'summary',
      paid: 'receipt',
      refunded: 'summary',
      refundInProgress: 'summary',
      notAvailable: 'summary',
    },
    GoodSignInvoice: {
      open: 'summary',
      overdue: 'invoice',
      paper: 'invoice',
      paid: 'receipt',
      refunded: 'refundedInvoice',
      refundInProgress: 'refundedInvoice',
      notAvailable: 'notAvailable',
    },
  };
  table.NetsuiteInvoice = table.GoodSignInvoice!;

  for (const source of INVOICE_SOURCES) {
    for (const status of LISTABLE_INVOICE_STATUSES) {
      it(`${source} ${status} → ${table[source]![status]}`, () => {
        expect(invoiceLabel(source, status)).toBe(table[source]![status]);
      });
    }
  }
});

describe('the four-day rule (spec 2 §9)', () => {
  const creationDate = new Date('2026-11-20T10:00:00Z');
  const open = { status: 'open' as const, sumCents: 5900, creationDate, payableOnlineUntil: null };

  it('ends exactly four days after creation (or after the configured days)', () => {
    expect(payableOnlineUntil(open).toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(payableOnlineUntil(open, 2).toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('an earlier end set by billing wins; a later one does not extend the rule', () => {
    expect(payableOnlineUntil({ creationDate, payableOnlineUntil: new Date('2026-11-21T00:00:00Z') }).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(payableOnlineUntil({ creationDate, payableOnlineUntil: new Date('2026-12-31T00:00:00Z') }).toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });

  it('an open invoice can be paid until then, not at or after it; then it is sent by mail', () => {
    expect(canBePaidOnline(open, new Date('2026-11-24T09:59:59Z'))).toBe(true);
    expect(canBePaidOnline(open, new Date('2026-11-24T10:00:00Z'))).toBe(false);
    expect(canBePaidOnline(open, new Date('2026-11-23T00:00:00Z'), 2)).toBe(false);
    expect(paymentArea('CustomerInvoice', open, new Date('2026-11-21T00:00:00Z'))).toBe('payOnline');
    expect(paymentArea('CustomerInvoice', open, new Date('2026-11-25T00:00:00Z'))).toBe('sentByMail');
  });

  it('never for other statuses or with nothing to pay', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(canBePaidOnline({ ...open, status: 'paid' }, now)).toBe(false);
    expect(canBePaidOnline({ ...open, status: 'overdue' }, now)).toBe(false);
    expect(canBePaidOnline({ ...open, sumCents: 0 }, now)).toBe(false);
  });
});

describe('paymentArea (spec 2 §4)', () => {
  const now = new Date('2026-11-21T00:00:00Z');
  const base = { sumCents: 1000, creationDate: new Date('2026-11-20T00:00:00Z'), payableOnlineUntil: null };
  it.each([
    ['GoodSignInvoice', 'notAvailable', 'billingEmail'],
    ['CustomerInvoice', 'open', 'payOnline'],
    ['GoodSignInvoice', 'overdue', 'overdue'],
    ['GoodSignInvoice', 'paper', 'sentByMail'],
    ['NetsuiteInvoice', 'refunded', 'refundReceiptByMail'],
    ['GoodSignInvoice', 'refunded', 'none'],
    ['CustomerInvoice', 'paid', 'none'],
  ] as const)('%s %s → %s', (source, status, area) => {
    expect(paymentArea(source, { ...base, status }, now)).toBe(area);
  });
});
