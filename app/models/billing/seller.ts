/**
 * The seller on a receipt (ADR 0043). A Finnish receipt names the seller, its business ID
 * (Y-tunnus) and address, and when no VAT is charged, the reason: health care is exempt from
 * VAT (arvonlisäverolaki 1501/1993, 34 §). Pure: the receipt PDF and the summary page both use it.
 */
import type { Seller } from '~/brands/types';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2];

/** Whether `id` is a well-formed Y-tunnus (`1234567-8`) with a correct check digit. */
export function isValidBusinessId(id: string): boolean {
  const match = /^(\d{7})-(\d)$/.exec(id);
  if (!match) return false;
  const rest = [...match[1]!].reduce((sum, digit, i) => sum + Number(digit) * WEIGHTS[i]!, 0) % 11;
  if (rest === 1) return false;
  return Number(match[2]) === (rest === 0 ? 0 : 11 - rest);
}

/** The seller's address lines as printed: street, then postal code and post office. */
export function sellerAddressLines(seller: Seller): [string, string] {
  return [seller.street, `${seller.postalCode} ${seller.postOffice}`];
}

/** Whether any row of the receipt is without VAT (then the receipt gives the reason). */
export function hasVatFreeRow(rows: readonly { vatPermille: number }[]): boolean {
  return rows.some((row) => row.vatPermille === 0);
}
