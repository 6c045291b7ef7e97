/**
 * Insurance customers' booking (spec 3 §3, §4): the insurers, the reimbursement choices and the
 * states of the insurers' sub-flows, as stored in `insurance_choices` and sent by the API.
 * Client-safe value lists (the schema's check constraints use them too), and the insurer
 * step's views.
 */
import type { AppointmentView } from '~/models/appointments/appointment';

/** The insurers a customer may declare (spec 3 §3), in the spec's order. */
export const INSURERS = [
  'AKTIA',
  'FENNIA',
  'IF',
  'LAHITAPIOLA',
  'MANDATUM',
  'MELA',
  'OP',
  'OTHER',
  'POHJANTAHTI',
  'POP',
  'PROTECTOR',
  'PV',
  'SAASTOPANKKI',
  'TURVA',
  'VALTIOKONTTORI',
] as const;
export type Insurer = (typeof INSURERS)[number];

/** IF's reimbursement choices: pay and claim, the employer's company insurance, direct reimbursement. */
export const REIMBURSEMENTS = ['PAY_AND_REIMBURSE', 'COMPANY_REIMBURSEMENT', 'USE_REIMBURSEMENT'] as const;
export type Reimbursement = (typeof REIMBURSEMENTS)[number];

/**
 * The direct-compensation flow of the LähiTapiola group (spec 3 §4): not asked, the policy
 * check's outcomes, the insurer's answers, a permit selected (`success`), or under 18 without a
 * guardian (`underageCustomer`, set automatically).
 */
export const DCP_STATES = [
  'not_asked',
  'insurance_not_found',
  'insurance_found_no_permits',
  'insurance_found_with_permits',
  'denied',
  'canceled',
  'error',
  'success',
  'underageCustomer',
] as const;
export type DcpState = (typeof DCP_STATES)[number];

/** OP personal-insurance verification (spec 3 §4). */
export const OP_STATES = ['undefined', 'found', 'not_found', 'canceled', 'error'] as const;
export type OpState = (typeof OP_STATES)[number];

/** The insurer's return statuses after applying for a permit (spec 3 §4). */
export const PERMIT_RETURN_STATUSES = ['directcompensationallowed', 'directcompensationdenied', 'cancel', 'error'] as const;
export type PermitReturnStatus = (typeof PERMIT_RETURN_STATUSES)[number];

/** InsertPatientConcept's results (spec 1 §8), `Success` when recorded. */
export const CONCEPT_RESULTS = ['Success', 'conceptNotFound', 'conceptOnlineUpdateNotAllowed', 'customerDeniedAccess', 'customerNotFound'] as const;
export type ConceptResult = (typeof CONCEPT_RESULTS)[number];

/** A direct-compensation permit (spec 3 §3): validTo is yyyy-MM-dd, shown d.M.yyyy. */
export interface DirectCompensationPermit {
  symptom: string;
  bodyPart: string;
  validTo: string;
  contentHash: string;
}

export const isInsurer = (value: unknown): value is Insurer => (INSURERS as readonly unknown[]).includes(value);
export const isReimbursement = (value: unknown): value is Reimbursement => (REIMBURSEMENTS as readonly unknown[]).includes(value);

/** Why a post of the insurer step was refused (shown with the step; nothing changed). */
export type InsurerPostRefusal =
  | 'insurerRequired'
  | 'reimbursementRequired'
  | 'reimbursementUnavailable'
  | 'consentRequired'
  | 'permitRequired'
  | `concept.${Exclude<ConceptResult, 'Success'>}`;

/** The insurers with their own sub-flow; choosing any other is enough (spec 3 §3). */
/** Where in the insurer step a choice is: the sub-form to show, or complete (then the booking form). */
export type InsurerSubStep =
  | { step: 'chooseInsurer' }
  | { step: 'ifReimbursement' }
  | { step: 'lahitapiola'; state: Exclude<DcpState, 'success' | 'underageCustomer'> }
  | { step: 'opVerification'; state: Exclude<OpState, 'found' | 'canceled'> }
  | { step: 'complete' };

// The insurer step as the reserve page shows it (app/components/booking/InsurerStep.tsx).

/** A permit as the page shows it (validTo already d.M.yyyy). */
export interface PermitView {
  contentHash: string;
  symptom: string;
  bodyPart: string;
  validTo: string;
}

export interface InsurerStepView {
  kind: 'insurer';
  preview: AppointmentView;
  sub: Exclude<InsurerSubStep, { step: 'complete' }>;
  insurer: Insurer | null;
  reimbursementOptions: { value: Reimbursement; disabled: boolean }[];
  permits: PermitView[] | null;
  pohjola: { hasInsurance: boolean } | 'error' | null;
  /** The appointment's date, d.M.yyyy (the Pohjola check's date). */
  slotDate: string;
  /**
   * The navigation that applies for a permit at the insurer and comes back here; null when the
   * booking is for someone else on a mandate (ADR 0050): only the insured applies, themself.
   */
  applyHref: string | null;
}

/** What the booking form shows of a complete insurer choice. */
export interface InsuranceSummaryView {
  insurer: Insurer;
  reimbursement: Reimbursement | null;
  permit: PermitView | null;
  underage: boolean;
  op: 'found' | 'canceled' | null;
}
