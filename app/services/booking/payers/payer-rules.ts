/**
 * The payers' pure rules (ADR 0025): which payer a page or a JSON search call books with, and
 * how a payer's search scope narrows a search. Client-safe; the payers themselves are in
 * ./index.server.ts.
 */
import type { SearchFilter, SearchPayerType } from '~/models/booking/search';
import { contractSpecialtyFilter, OCCUPATIONAL_ONLY_SPECIALTY_IDS } from '../occupational-rules';

/** Who pays: the customer (`self`), their employer's occupational health agreement, or an insurer. */
export type PayerKey = 'self' | 'occupational' | 'insurance';

/** Each payer's list and reserve page (keys of app/route-table.ts). */
export const PAYER_PAGES = {
  self: { search: 'privateSearch', reserve: 'reserve' },
  occupational: { search: 'occupationalSearch', reserve: 'occupationalReserve' },
  insurance: { search: 'insuranceSearch', reserve: 'insuranceReserve' },
} as const satisfies Record<PayerKey, { search: string; reserve: string }>;

export type PayerSearchPage = (typeof PAYER_PAGES)[PayerKey]['search'];
export type PayerReservePage = (typeof PAYER_PAGES)[PayerKey]['reserve'];

const PAYER_KEYS = Object.keys(PAYER_PAGES) as PayerKey[];

/** The payer of a list or reserve page (any other page: the private customer). */
export function payerOfPage(page: string | undefined): PayerKey {
  return PAYER_KEYS.find((key) => PAYER_PAGES[key].search === page || PAYER_PAGES[key].reserve === page) ?? 'self';
}

/** The payer a JSON call asks for by its flags: the agreement pays first, then an insurer, else the customer. */
export function payerOfFlags(flags: { occupational: boolean; insurance: boolean }): PayerKey {
  return flags.occupational ? 'occupational' : flags.insurance ? 'insurance' : 'self';
}

/** The payer of a JSON search call (spec 3 §7): `isOccupationalHealthcare=true`, `isInsuranceCustomer=true`. */
export const payerOfSearchParams = (params: URLSearchParams): PayerKey =>
  payerOfFlags({ occupational: params.get('isOccupationalHealthcare') === 'true', insurance: params.get('isInsuranceCustomer') === 'true' });

/** What a payer lets a person search. */
export type SearchScope =
  | {
      type: 'open';
      /** The free times of this payer type only (null: the filter's own, the private times). */
      payerType: SearchPayerType | null;
      /** The specialties the agreement covers (null: no such limit). */
      covered: string[] | null;
      /** The employer whose agreement pays. */
      employer: string | null;
    }
  /** The payer needs a logged-in person. */
  | { type: 'refused'; reason: 'requiresAuthentication'; specialContract: false }
  /** No agreement, or one without web reservation. */
  | { type: 'refused'; reason: 'noOccupationalHealthcare' | 'noWebReservation'; specialContract: boolean };

export type OpenScope = Extract<SearchScope, { type: 'open' }>;

/** The address's filter within the scope: specialties outside the agreement drop out. */
export function scopedFilter(scope: OpenScope, filter: SearchFilter): SearchFilter {
  const { covered } = scope;
  return covered ? { ...filter, specialtyIds: filter.specialtyIds.filter((id) => covered.includes(id)) } : filter;
}

/**
 * The search the scope runs, or null when it can find nothing (an agreement that covers no
 * specialty: the page says so, the JSON calls answer an empty list).
 */
export function scopedSearch(scope: OpenScope, filter: SearchFilter): SearchFilter | null {
  if (scope.covered) {
    if (scope.covered.length === 0) return null;
    return { ...filter, payerType: scope.payerType ?? filter.payerType, specialtyIds: contractSpecialtyFilter(filter.specialtyIds, scope.covered) };
  }
  return scope.payerType ? { ...filter, payerType: scope.payerType } : filter;
}

/** Whether the search form offers the specialty: the agreement's ones, else all but the occupational-only ones. */
export function offersSpecialty(scope: OpenScope, specialtyId: string): boolean {
  return scope.covered ? scope.covered.includes(specialtyId) : !OCCUPATIONAL_ONLY_SPECIALTY_IDS.includes(specialtyId);
}
