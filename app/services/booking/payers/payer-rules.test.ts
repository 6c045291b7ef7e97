import { describe, expect, it } from 'vitest';
import { defaultFilter } from '../search-rules';
import { offersSpecialty, PAYER_PAGES, payerOfFlags, payerOfPage, payerOfSearchParams, scopedFilter, scopedSearch, type OpenScope } from './payer-rules';

const filter = { ...defaultFilter('2026-03-02'), specialtyIds: ['YLE', 'FYS'] };
const PRIVATE: OpenScope = { type: 'open', payerType: null, covered: null, employer: null };
const INSURANCE: OpenScope = { type: 'open', payerType: 'insurance', covered: null, employer: null };
const agreement = (covered: string[]): OpenScope => ({ type: 'open', payerType: 'occupationalHealthCare', covered, employer: 'Oy Ab' });

describe('the payer of a page or a call', () => {
  it('finds the payer of each list and reserve page; any other page is the private customer', () => {
    for (const [payer, pages] of Object.entries(PAYER_PAGES)) {
      expect(payerOfPage(pages.search)).toBe(payer);
      expect(payerOfPage(pages.reserve)).toBe(payer);
    }
    expect(payerOfPage(undefined)).toBe('self');
    expect(payerOfPage('home')).toBe('self');
  });

  it('the agreement pays first, then an insurer (the JSON calls: both flags mean occupational)', () => {
    expect(payerOfFlags({ occupational: true, insurance: true })).toBe('occupational');
    expect(payerOfFlags({ occupational: false, insurance: true })).toBe('insurance');
    expect(payerOfFlags({ occupational: false, insurance: false })).toBe('self');
    expect(payerOfSearchParams(new URLSearchParams('isInsuranceCustomer=true&isOccupationalHealthcare=true'))).toBe('occupational');
    expect(payerOfSearchParams(new URLSearchParams('isInsuranceCustomer=true'))).toBe('insurance');
    expect(payerOfSearchParams(new URLSearchParams('isInsuranceCustomer=false'))).toBe('self');
  });
});

describe('the search scope', () => {
  it("private: the filter as it is; insurance: the insurers' free times", () => {
    expect(scopedSearch(PRIVATE, filter)).toEqual(filter);
    expect(scopedSearch(INSURANCE, filter)).toEqual({ ...filter, payerType: 'insurance' });
    expect(scopedFilter(INSURANCE, filter)).toEqual(filter);
  });

  it('an agreement: its free times of the covered specialties; covering nothing finds nothing (page and API alike)', () => {
    expect(scopedSearch(agreement(['FYS', 'TTL']), filter)).toEqual({ ...filter, payerType: 'occupationalHealthCare', specialtyIds: ['FYS'] });
    expect(scopedSearch(agreement(['TTL']), filter)).toEqual({ ...filter, payerType: 'occupationalHealthCare', specialtyIds: ['TTL'] });
    expect(scopedSearch(agreement([]), filter)).toBeNull();
    expect(scopedFilter(agreement(['FYS']), filter).specialtyIds).toEqual(['FYS']);
  });

  it("the form offers the agreement's specialties, or all but the occupational-only ones", () => {
    expect(offersSpecialty(agreement(['FYS']), 'FYS')).toBe(true);
    expect(offersSpecialty(agreement(['FYS']), 'YLE')).toBe(false);
    expect(offersSpecialty(PRIVATE, 'YLE')).toBe(true);
    expect(offersSpecialty(PRIVATE, 'TPSG')).toBe(false);
  });
});
