import { describe, expect, it } from 'vitest';
import { BRANDS } from '~/brands';
import { hasVatFreeRow, isValidBusinessId, sellerAddressLines } from './seller';

describe('the seller on receipts', () => {
  it('checks a Y-tunnus by its check digit', () => {
    expect(isValidBusinessId('3217845-2')).toBe(true);
    expect(isValidBusinessId('3217845-3')).toBe(false);
    expect(isValidBusinessId('321784-2')).toBe(false);
    expect(isValidBusinessId('3217845 2')).toBe(false);
    // A remainder of 1 has no check digit: no Y-tunnus is issued for it.
    expect(isValidBusinessId('3265447-1')).toBe(true);
    expect(isValidBusinessId('3265448-0')).toBe(false);
    expect(isValidBusinessId('3265448-1')).toBe(false);
  });

  it('every brand names its seller with a valid business ID and a full address', () => {
    for (const brand of Object.values(BRANDS)) {
      expect(isValidBusinessId(brand.seller.businessId), brand.key).toBe(true);
      expect(brand.seller.legalName, brand.key).toMatch(/\bOy$/);
      const [street, town] = sellerAddressLines(brand.seller);
      expect(street, brand.key).not.toBe('');
      expect(town, brand.key).toMatch(/^\d{5} \S/);
    }
  });

  it('gives the VAT-exemption reason only when a row has no VAT', () => {
    expect(hasVatFreeRow([{ vatPermille: 0 }, { vatPermille: 255 }])).toBe(true);
    expect(hasVatFreeRow([{ vatPermille: 255 }])).toBe(false);
    expect(hasVatFreeRow([])).toBe(false);
  });
});
