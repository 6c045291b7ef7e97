/**
 * The rules of insurance customers' booking (spec 3 §3, §4, §5), pure and client-safe: the
 * concept code of a reimbursement choice by brand, which choices a time allows, the sub-step of
 * the insurer step a choice is at and whether it is complete, the insurer's return status, the
 * underage rule, and the permit's date display. The reserve page's loader and action, the
 * reservation service and the JSON calls all consult these.
 */
import type { BrandKey } from '~/brands';
import { CONCEPT_CODES } from '~/brands/insurance-concepts';
import type { DcpState, Insurer, InsurerSubStep, OpState, PermitReturnStatus, Reimbursement } from '~/models/booking/insurance';

import { AGE_OF_MAJORITY, ageOn } from '~/models/person';

/** The concept code of an insurer's choice on a brand, or null when it has none. */
export function conceptCodeFor(brand: BrandKey, insurer: Insurer, reimbursement: Reimbursement | null): string | null {
  return CONCEPT_CODES[brand].find((c) => c.insurer === insurer && c.reimbursement === (insurer === 'IF' ? reimbursement : null))?.code ?? null;
}

/** The codes the brand knows (InsertPatientConcept answers conceptNotFound for others). */
export const knownConceptCodes = (brand: BrandKey): string[] => [...new Set(CONCEPT_CODES[brand].map((c) => c.code))];

/** The insurer a booking's concept code records (null for a code the brand does not know). */
export const insurerOfConcept = (brand: BrandKey, code: string): Insurer | null => CONCEPT_CODES[brand].find((c) => c.code === code)?.insurer ?? null;

/** Direct reimbursement (IF's USE_REIMBURSEMENT): the insurer pays us directly. */
export const DIRECT_REIMBURSEMENT_CODES: readonly string[] = ['90157'];
export const allowsDirectReimbursement = (code: string): boolean => DIRECT_REIMBURSEMENT_CODES.includes(code);

/**
 * IF's reimbursement choices on a brand and for a time: the company-insurance option is
 * disabled for remote appointments (spec 3 §5) and missing where the brand has no code for it.
 */
export function reimbursementOptions(brand: BrandKey, isRemote: boolean): { value: Reimbursement; disabled: boolean }[] {
  return CONCEPT_CODES[brand]
    .filter((c) => c.insurer === 'IF' && c.reimbursement !== null)
    .map((c) => c.reimbursement!)
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))
    .map((value) => ({ value, disabled: !reimbursementAllowsTime(value, isRemote) }));
}

/**
 * Whether an IF reimbursement choice may pay a time: the company insurance does not pay remote
 * appointments (spec 3 §5). Booking offers it disabled; moving a booking to a remote time refuses.
 */
export function reimbursementAllowsTime(reimbursement: Reimbursement, isRemote: boolean): boolean {
  return !(reimbursement === 'COMPANY_REIMBURSEMENT' && isRemote);
}
const ORDER: readonly Reimbursement[] = ['PAY_AND_REIMBURSE', 'COMPANY_REIMBURSEMENT', 'USE_REIMBURSEMENT'];

/** Why an IF choice is refused, if it is (the server checks what the form offers). */
export function reimbursementRefusal(
  brand: BrandKey,
  isRemote: boolean,
  reimbursement: Reimbursement,
  consentGiven: boolean,
): 'unavailable' | 'consentRequired' | null {
  const option = reimbursementOptions(brand, isRemote).find((o) => o.value === reimbursement);
  if (!option || option.disabled) return 'unavailable';
  // Direct reimbursement with IF needs the consent checkbox (spec 3 §5).
  if (reimbursement === 'USE_REIMBURSEMENT' && !consentGiven) return 'consentRequired';
  return null;
}

export type InsurerFlow = 'if' | 'lahitapiola' | 'op' | 'declared';
export function flowOf(insurer: Insurer): InsurerFlow {
  switch (insurer) {
    case 'IF':
      return 'if';
    case 'LAHITAPIOLA':
      return 'lahitapiola';
    case 'OP':
      return 'op';
    default:
      return 'declared';
  }
}

/** What the server holds of a choice (a row of insurance_choices, or none). */
export interface ChoiceFacts {
  insurer: Insurer | null;
  reimbursement: Reimbursement | null;
  conceptCode: string | null;
  dcpState: DcpState;
  dcpPermitHash: string | null;
  opState: OpState;
}

export const EMPTY_CHOICE: ChoiceFacts = {
  insurer: null,
  reimbursement: null,
  conceptCode: null,
  dcpState: 'not_asked',
  dcpPermitHash: null,
  opState: 'undefined',
};

/**
 * The sub-step of a choice (spec 3 §5): the insurer must be one listed; IF needs a recorded
 * reimbursement choice (its concept); LähiTapiola a selected permit (or the automatic underage
 * result); OP a verification or its dismissal; any other insurer is complete once chosen.
 */
export function insurerSubStep(choice: ChoiceFacts): InsurerSubStep {
  if (!choice.insurer) return { step: 'chooseInsurer' };
  switch (flowOf(choice.insurer)) {
    case 'if':
      return choice.reimbursement && choice.conceptCode ? { step: 'complete' } : { step: 'ifReimbursement' };
    case 'lahitapiola':
      return choice.dcpState === 'success' || choice.dcpState === 'underageCustomer' ? { step: 'complete' } : { step: 'lahitapiola', state: choice.dcpState };
    case 'op':
      return choice.opState === 'found' || choice.opState === 'canceled' ? { step: 'complete' } : { step: 'opVerification', state: choice.opState };
    case 'declared':
      return { step: 'complete' };
  }
}

export const choiceComplete = (choice: ChoiceFacts): boolean => insurerSubStep(choice).step === 'complete';

/** The insurer's return status after a permit application (spec 3 §4), as the flow's state. */
export function dcpStateForReturn(status: PermitReturnStatus): 'success' | 'denied' | 'canceled' | 'error' {
  switch (status) {
    case 'directcompensationallowed':
      return 'success';
    case 'directcompensationdenied':
      return 'denied';
    case 'cancel':
      return 'canceled';
    case 'error':
      return 'error';
  }
}

/** Under the age of majority and without a guardian on the session: `underageCustomer` (spec 3 §4). */
export const isUnderageCustomer = (birthDate: string, today: string, guardianOnSession: boolean): boolean =>
  !guardianOnSession && ageOn(birthDate, today) < AGE_OF_MAJORITY;

/** The policy check's outcome as the flow's state (spec 3 §4). */
export function dcpStateForPolicyCheck(
  check: { type: 'error' } | { type: 'success'; hasHealthcarePolicy: boolean },
  permits: { type: 'error' } | { type: 'success'; count: number } | null,
): Extract<DcpState, 'error' | 'insurance_not_found' | 'insurance_found_no_permits' | 'insurance_found_with_permits'> {
  if (check.type === 'error') return 'error';
  if (!check.hasHealthcarePolicy) return 'insurance_not_found';
  if (!permits || permits.type === 'error') return 'error';
  return permits.count > 0 ? 'insurance_found_with_permits' : 'insurance_found_no_permits';
}

/** The apply-permit channel: m in the app's in-app booking, w otherwise (spec 3 §7). */
export const permitChannel = (inApp: boolean): 'm' | 'w' => (inApp ? 'm' : 'w');

/** A yyyy-MM-dd date as d.M.yyyy (the permit's validity, spec 3 §9). */
export function permitDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return `${d}.${m}.${y}`;
}

/** The concept code the reservation sends for a complete choice (null: none). */
export function bookingConceptCode(brand: BrandKey, choice: ChoiceFacts): string | null {
  if (!choice.insurer) return null;
  if (choice.insurer === 'IF') return choice.conceptCode;
  return conceptCodeFor(brand, choice.insurer, null);
}
