/**
 * What a move does to a remote visit's fee paid (or to pay) online in advance (ADR 0048). Pure.
 *
 * A self-paid remote visit's fee is paid online before the visit (pay a visit); the invoice is
 * the visit's prepayment. It belongs to that visit as it was priced: a remote visit of the same
 * total. Moved to such a time, the prepayment carries over (the same service, the same price);
 * moved to a clinic time (paid at the clinic like every clinic visit) or to a remote time of
 * another price, it no longer belongs: paid, it is refunded in full through the provider it came
 * in with; not yet paid, the invoice is credited (nothing is owed for it any more). The new time,
 * if remote, is then paid online again at its own price.
 */
import type { MovePrepayment } from '~/models/appointments/move';
import type { ListableInvoiceStatus } from '~/models/billing/invoice';

/** A price estimate's total (the rate and its fees), cents; no estimate is nothing to pay. */
export function priceTotalCents(price: { cents: number; additionalFees: readonly { cents: number }[] } | null): number {
  return price ? price.cents + price.additionalFees.reduce((sum, fee) => sum + fee.cents, 0) : 0;
}

/** Whether a visit's fee is paid online in advance: a self-paid remote visit (pay a visit). */
export function isPrepaidKind(visit: { isRemote: boolean; payerType: string }): boolean {
  return visit.isRemote && visit.payerType === 'self';
}

/**
 * - `none`: no prepayment to handle (not a prepaid visit, or no live invoice of it);
 * - `carried`: the new time is a remote visit of the same total: the invoice stays the visit's;
 * - `refund`: paid, and it no longer belongs: refunded in full (`refundInProgress`, then `refunded`);
 * - `credit`: not paid yet (open, overdue, mailed), and it no longer belongs: credited (`refunded`).
 */
export type PrepaymentOnMove = MovePrepayment;

export function prepaymentOnMove(
  visit: { isRemote: boolean; payerType: string; invoice: { status: ListableInvoiceStatus; sumCents: number } | null },
  next: { isRemote: boolean; totalCents: number },
): PrepaymentOnMove {
  if (!visit.invoice || !isPrepaidKind(visit)) return 'none';
  const { status, sumCents } = visit.invoice;
  if (status === 'refunded' || status === 'refundInProgress' || status === 'notAvailable') return 'none';
  if (next.isRemote && next.totalCents === sumCents) return 'carried';
  return status === 'paid' ? 'refund' : 'credit';
}
