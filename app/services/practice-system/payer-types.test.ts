import { describe, expect, it } from 'vitest';
import { PAYER_TYPE_SYSTEM, payerTypeCategories, payerTypesOf } from './payer-types';

const coded = (...codes: string[]) => ({ serviceCategory: codes.map((code) => ({ coding: [{ system: PAYER_TYPE_SYSTEM, code }] })) });

describe("payerTypesOf (a Slot's serviceCategory codings of the portal's payer types)", () => {
  it('is a private customers time without the codings', () => {
    expect(payerTypesOf({})).toEqual(['self']);
    // The national service category alone says nothing of the payer.
    expect(payerTypesOf({ serviceCategory: [{ coding: [{ system: 'urn:oid:1.2.246.537.6.88.2008', code: '10' }] }] })).toEqual(['self']);
  });
  it('reads one payer type per coding, in the registers order, each once', () => {
    expect(payerTypesOf(coded('occupationalHealthCare'))).toEqual(['occupationalHealthCare']);
    expect(payerTypesOf(coded('insurance', 'self', 'insurance'))).toEqual(['self', 'insurance']);
    // Codings beside others in one category count too.
    expect(
      payerTypesOf({
        serviceCategory: [
          {
            coding: [
              { system: 'urn:oid:1.2.246.537.6.88.2008', code: '10' },
              { system: PAYER_TYPE_SYSTEM, code: 'insurance' },
            ],
          },
        ],
      }),
    ).toEqual(['insurance']);
  });
  it('ignores unknown codes and other systems, and is self when none remain', () => {
    expect(payerTypesOf(coded('voucher', 'occupationalHealthCare'))).toEqual(['occupationalHealthCare']);
    expect(payerTypesOf(coded('voucher'))).toEqual(['self']);
    expect(payerTypesOf({ serviceCategory: [{ coding: [{ system: 'https://example.org/payers', code: 'insurance' }] }] })).toEqual(['self']);
  });
  it('writes what it reads', () => {
    expect(payerTypesOf({ serviceCategory: payerTypeCategories(['self', 'occupationalHealthCare']) })).toEqual(['self', 'occupationalHealthCare']);
  });
});
