/**
 * Occupational health booking rules (spec 3 §4, §5, §9), pure and client-safe: what an
 * employee's agreement allows, which confirmation the reservation form asks for a specialty, and
 * the vaccination specialties. The facts come from occupational.server.ts.
 */

export const CONTRACT_TYPES = ['Comprehensive', 'Statutory', 'Other'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/**
 * Product ids of an agreement (spec 1 §3 ProductId). Web reservation and influenza vaccination
 * are the contract's `allowsWebReservation` / `allowsVaccinations` columns; the rest are listed
 * in its `productIds`.
 */
export const PRODUCT_IDS = {
  webReservation: 'internetBookingAllowed',
  influenzaVaccination: 'influenzaVaccination',
  prescriptionRenewal: 'prescriptionRenewal',
  chat: 'chat',
  /** Agreements booked through the employer's own arrangement (the special-contract panel). */
  specialContract: 'specialContractBooking',
} as const;

/** Influenza vaccine products: shown on the vaccination page as included vaccines. */
export const INFLUENZA_PRODUCT_IDS = ['influenzaVaccineAdult', 'influenzaVaccineRiskGroup'] as const;

/** Product ids that turn the no-web-reservation view into the special-contract panel. */
export const SPECIAL_CONTRACT_PRODUCT_IDS: readonly string[] = [PRODUCT_IDS.specialContract];

/** The confirmation the employee ticks when booking on the agreement (spec 3 §5). */
export const CONFIRMATION_KINDS = ['contractAndDoctorReferral', 'contractAndReferral', 'referralOnly', 'none', 'contractOnly'] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

/**
 * Specialties booked on an occupational agreement only (the occupational psychologist's
 * assessment, influenza vaccination): the private list does not offer them.
 */
export const OCCUPATIONAL_ONLY_SPECIALTY_IDS: readonly string[] = ['TPSG', 'INFL'];

/** The specialty that is booked on a referral alone (occupational psychologist's assessment). */
export const REFERRAL_ONLY_SPECIALTY_ID = 'TPSG';

/**
 * The confirmation for a specialty on an agreement: TPSG is always "referral only"; otherwise
 * the agreement's specialty list decides, and a specialty it lists without a kind is "contract
 * only". `none` asks for no checkbox.
 */
export function confirmationKind(specialtyId: string, listed: ConfirmationKind | undefined): ConfirmationKind {
  if (specialtyId === REFERRAL_ONLY_SPECIALTY_ID) return 'referralOnly';
  return listed ?? 'contractOnly';
}

/** Whether the reservation form asks for the confirmation checkbox. */
export const asksConfirmation = (kind: ConfirmationKind | null): kind is Exclude<ConfirmationKind, 'none'> => kind !== null && kind !== 'none';

/** Vaccination specialties (spec 3 §9): the general ones and the influenza codes. */
export const VACCINATION_SPECIALTY_IDS = ['ROKT', 'KORR', 'ROKH'] as const;
export const INFLUENZA_SPECIALTY_IDS = ['INFL', 'INFLR'] as const;

/** Customer service number for occupational health (spec 3 §9; Finnish and English only). */
export const OCCUPATIONAL_SERVICE_PHONE = { tel: '+358103803838', display: '010 380 3838' } as const;

/** What a person's agreement means for booking (the occupational list page's views). */
export type OccupationalAccess = { state: 'noOccupationalHealthcare' } | { state: 'noWebReservation'; specialContract: boolean } | { state: 'ok' };

export interface ContractFacts {
  allowsWebReservation: boolean;
  productIds: readonly string[];
}

export function occupationalAccess(contract: ContractFacts | null): OccupationalAccess {
  if (!contract) return { state: 'noOccupationalHealthcare' };
  if (!contract.allowsWebReservation) {
    return { state: 'noWebReservation', specialContract: contract.productIds.some((id) => SPECIAL_CONTRACT_PRODUCT_IDS.includes(id)) };
  }
  return { state: 'ok' };
}

/** The vaccination page's state (spec 3 §4). */
export type VaccinationState = 'unauthorized' | 'noOccupationalHealthcare' | 'noVaccinations' | 'ok';

export function vaccinationState(loggedIn: boolean, contract: { allowsVaccinations: boolean } | null): VaccinationState {
  if (!loggedIn) return 'unauthorized';
  if (!contract) return 'noOccupationalHealthcare';
  return contract.allowsVaccinations ? 'ok' : 'noVaccinations';
}

/**
 * The specialties an occupational search asks for: the chosen ones the agreement covers, or
 * every one it covers when none of the chosen ones is (a choice outside the agreement is
 * ignored). The caller does not search when the agreement covers nothing (an empty list would
 * mean "any specialty").
 */
export function contractSpecialtyFilter(chosen: readonly string[], covered: readonly string[]): string[] {
  const allowed = chosen.filter((id) => covered.includes(id));
  if (chosen.length && allowed.length) return allowed;
  return [...covered];
}
