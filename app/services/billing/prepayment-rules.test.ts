import { describe, expect, it } from 'vitest';
import { prepaymentOnMove, priceTotalCents } from './prepayment-rules';

const remote = { isRemote: true, payerType: 'self' };
const paid = (sumCents: number) => ({ status: 'paid' as const, sumCents });

describe('prepaymentOnMove', () => {
  it('carries a paid fee to a remote time of the same total', () => {
    expect(prepaymentOnMove({ ...remote, invoice: paid(10640) }, { isRemote: true, totalCents: 10640 })).toBe('carried');
  });

  it('refunds a paid fee moved to a clinic time, or to a remote time of another price', () => {
    expect(prepaymentOnMove({ ...remote, invoice: paid(10640) }, { isRemote: false, totalCents: 12790 })).toBe('refund');
    // Even a clinic time of the same total: a clinic visit is paid at the clinic.
    expect(prepaymentOnMove({ ...remote, invoice: paid(10640) }, { isRemote: false, totalCents: 10640 })).toBe('refund');
    expect(prepaymentOnMove({ ...remote, invoice: paid(10640) }, { isRemote: true, totalCents: 8855 })).toBe('refund');
  });

  it('credits a fee not yet paid that no longer belongs', () => {
    for (const status of ['open', 'overdue', 'paper'] as const) {
      expect(prepaymentOnMove({ ...remote, invoice: { status, sumCents: 10640 } }, { isRemote: false, totalCents: 12790 })).toBe('credit');
      expect(prepaymentOnMove({ ...remote, invoice: { status, sumCents: 10640 } }, { isRemote: true, totalCents: 10640 })).toBe('carried');
    }
  });

  it('leaves alone what is no prepayment: no invoice, a clinic or employer-paid visit, an invoice already refunded', () => {
    const toClinic = { isRemote: false, totalCents: 12790 };
    expect(prepaymentOnMove({ ...remote, invoice: null }, toClinic)).toBe('none');
    // A clinic visit's invoice (billed by the clinic) is the clinic's, whatever the move.
    expect(prepaymentOnMove({ isRemote: false, payerType: 'self', invoice: paid(12790) }, { isRemote: true, totalCents: 10640 })).toBe('none');
    expect(prepaymentOnMove({ isRemote: true, payerType: 'occupationalHealthCare', invoice: paid(10640) }, toClinic)).toBe('none');
    for (const status of ['refunded', 'refundInProgress', 'notAvailable'] as const) {
      expect(prepaymentOnMove({ ...remote, invoice: { status, sumCents: 10640 } }, toClinic)).toBe('none');
    }
  });
});

describe('priceTotalCents', () => {
  it('adds the fees to the rate; no estimate is nothing', () => {
    expect(priceTotalCents({ cents: 9350, additionalFees: [{ cents: 1290 }] })).toBe(10640);
    expect(priceTotalCents(null)).toBe(0);
  });
});
