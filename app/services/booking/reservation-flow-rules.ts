/**
 * The reservation flow as one pure function (unit-tested, client-safe, no database): which step
 * of identify → own-or-child choice → registration → consent → interrupted → form → success a
 * visitor of the reserve page is at, decided from facts the loader and the action gather. The
 * loader renders or redirects from `reserveStep`; the action answers with `stepOnPost` when the
 * visitor is not at the form, and maps the reservation service's result onto the flow with
 * `answerForResult`. Occupational, insurance and guardian booking add their steps here.
 *
 * Occupational health (the occupational reserve page) needs strong identification and an
 * employer's agreement with web reservation: without one the visitor is told why
 * (`noOccupationalHealthcare`, `noWebReservation`) before registration or consent is asked.
 *
 * A child's appointment (the own-or-child choice: the children's brand, and a paediatric time
 * on the general brand) is booked by the guardian for the child: strong identification, then
 * the choice of the ward (11 or younger, from the guardianships of the population register),
 * then the form, with the child as the patient. The wards mirror the population register (ADR
 * 0023), refreshed at identification and when the ward choice is shown. A ward who is not yet a
 * registered patient is registered by the guardian (`childRegistration`, the registration form's
 * child variant), and the guardian gives the patient data consent for them (`childConsent`).
 * Only when the register cannot be asked is the child booked through customer service
 * (`childByPhone`). The form never books a child's appointment for the guardian.
 *
 * Insurance (the insurance reserve page) needs strong identification, then registration and
 * consent as for private customers (a billing block still interrupts: the customer may end up
 * paying), then the insurer step (`insurer`: the insurer and its sub-flow, insurance-rules.ts)
 * until the choice for this time is complete, then the form.
 */
import type { BrandKey } from '~/brands';

/** The `for` parameter of the children's brand: whose appointment the visitor is booking. */
export const CHOICE_PARAM = 'for';
/** The `ward` parameter: the child (person id) a guardian books for. */
export const WARD_PARAM = 'ward';
/** Specialties whose times are for children: the general brand asks whose appointment it is. */
export const CHILD_SPECIALTY_IDS: readonly string[] = ['LAS'];

export type OwnOrChild = 'self' | 'child';

export interface ReserveFacts {
  /** The slot of the address: unparsable or missing/past (`notFound`), taken, or open. */
  slot: { state: 'notFound' } | { state: 'reserved' } | { state: 'open'; requiresAuth: boolean; forChildren?: boolean };
  /** This visitor holds the receipt of a live reservation of this slot (post/redirect/get). */
  receipt: boolean;
  brand: BrandKey;
  /** The value of the `for` parameter, as given (anything but self/child counts as no choice). */
  choice: string | null;
  /** Who pays: the customer, (occupational reserve page) the employer's agreement, or (insurance reserve page) an insurer. */
  payer?: 'self' | 'occupational' | 'insurance';
  /** The logged-in person, or null for an anonymous visitor. */
  visitor: {
    isPatient: boolean;
    patientDataConsentGiven: boolean;
    eligible: boolean;
    /** Occupational payer only: what the person's agreement says (see occupational-rules). */
    occupational?: 'noOccupationalHealthcare' | 'noWebReservation' | 'ok';
    /**
     * A child's appointment: how many wards the guardian may book for, and the chosen one (none
     * or someone else's id: not chosen; not yet a registered patient: notRegistered; a patient
     * without the patient data consent: noConsent). `registerUnavailable`: the population
     * register did not answer when the ward choice was about to be shown.
     */
    guardian?: { youngWards: number; chosen: 'none' | 'notRegistered' | 'noConsent' | 'ok'; registerUnavailable?: boolean };
    /** Insurance payer only: whether the person's insurer choice for this time is complete. */
    insurance?: 'incomplete' | 'complete';
    /**
     * The person books for the adult they act for on a Suomi.fi mandate (ADR 0050): the facts
     * above are that adult's, whose registration and consent are their own to give.
     */
    forPrincipal?: boolean;
  } | null;
}

export type ReserveStep =
  | { step: 'notFound' }
  | { step: 'reserved' }
  | { step: 'success' }
  /** Strong identification, coming back to this slot (redirect). */
  | { step: 'identify' }
  /** The children's brand asks anonymous visitors whose appointment it is. */
  | { step: 'choice' }
  /** A child's appointment while the population register cannot be asked: booked through customer service. */
  | { step: 'childByPhone' }
  /** The chosen ward is not yet a patient: the guardian registers them (child details), returning here (redirect). */
  | { step: 'childRegistration' }
  /** The chosen ward has no patient data consent: the guardian gives it for them, returning here (redirect). */
  | { step: 'childConsent' }
  /** A child's appointment: the guardian picks the ward. */
  | { step: 'wardChoice' }
  /** A child's appointment, but the person has no ward they may book for. */
  | { step: 'noWards' }
  /** Not yet a patient: the registration page, returning here (redirect). */
  | { step: 'registration' }
  /** No patient data consent yet: the consent page, returning here (redirect). */
  | { step: 'consent' }
  /** The payer refuses this person (private care: a billing block). */
  | { step: 'interrupted' }
  /** Occupational: the person has no occupational health agreement (private-customer link). */
  | { step: 'noOccupationalHealthcare' }
  /** Occupational: the agreement does not include web reservation (customer service phone). */
  | { step: 'noWebReservation' }
  /** Insurance: the insurer and its sub-flow (choice, reimbursement, permit, verification). */
  | { step: 'insurer' }
  /** The booking form: anonymous, for oneself, or (guardian) for the chosen ward. */
  | { step: 'form'; who: 'anonymous' | 'user' | 'guardian' };

export type StepName = ReserveStep['step'];

/** Whether the visitor is asked whose appointment it is: the children's brand, or a time for children. */
export const asksOwnOrChild = (brand: BrandKey, forChildren = false): boolean => brand === 'children' || forChildren;

export function parseChoice(value: string | null): OwnOrChild | null {
  return value === 'self' || value === 'child' ? value : null;
}

/** The step a visitor of the reserve page is at: the first one not yet done. */
export function reserveStep(facts: ReserveFacts): ReserveStep {
  if (facts.receipt) return { step: 'success' };
  if (facts.slot.state === 'notFound') return { step: 'notFound' };
  if (facts.slot.state === 'reserved') return { step: 'reserved' };
  const occupational = facts.payer === 'occupational';
  const insurance = facts.payer === 'insurance';
  const forChildren = facts.slot.state === 'open' && facts.slot.forChildren === true;
  // Occupational and insurance times are booked by the identified person for themself.
  const choice = asksOwnOrChild(facts.brand, forChildren) && !occupational && !insurance ? parseChoice(facts.choice) : 'self';
  const { visitor } = facts;
  if (!visitor) {
    // A guardian identifies strongly: the register confirms whom they may act for.
    if (choice === 'child' || facts.slot.requiresAuth || occupational || insurance) return { step: 'identify' };
    if (choice === null) return { step: 'choice' };
    return { step: 'form', who: 'anonymous' };
  }
  // A guardian (of a child of 11 or younger) is asked too; others book their own without asking.
  if (choice === null && (visitor.guardian?.youngWards ?? 0) > 0) return { step: 'choice' };
  if (choice === 'child') {
    // The guardian is not the patient: their own registration and consent are not asked.
    const guardian = visitor.guardian ?? { youngWards: 0, chosen: 'none' };
    if (guardian.registerUnavailable) return { step: 'childByPhone' };
    if (guardian.youngWards === 0) return { step: 'noWards' };
    if (guardian.chosen === 'none') return { step: 'wardChoice' };
    if (guardian.chosen === 'notRegistered') return { step: 'childRegistration' };
    if (guardian.chosen === 'noConsent') return { step: 'childConsent' };
    if (!visitor.eligible) return { step: 'interrupted' };
    return { step: 'form', who: 'guardian' };
  }
  if (occupational) {
    const state = visitor.occupational ?? 'noOccupationalHealthcare';
    if (state !== 'ok') return { step: state };
  }
  // The registration and consent pages act for the logged-in person: never in a principal's stead,
  // so a principal who has not registered or consented cannot be booked for here.
  if (visitor.forPrincipal && (!visitor.isPatient || !visitor.patientDataConsentGiven)) return { step: 'notFound' };
  if (!visitor.isPatient) return { step: 'registration' };
  if (!visitor.patientDataConsentGiven) return { step: 'consent' };
  if (!visitor.eligible) return { step: 'interrupted' };
  if (insurance && visitor.insurance !== 'complete') return { step: 'insurer' };
  return { step: 'form', who: 'user' };
}

/** A refusal shown with the form (the form keeps what was typed). */
export type ReserveFailure =
  'appointmentNotAvailable' | 'tooManyReservations' | 'unknownError' | 'noPatient' | 'treatmentChainCreationFailed' | 'practiceSystemUnavailable';

export type ReserveAnswer =
  /** Redirect (303) to the step: its page, or this page where the loader shows it. */
  | { type: 'go'; step: ReserveStep }
  /** Answer with the form, the failure (if any) and the field errors (if any). */
  | { type: 'refused'; failure: ReserveFailure | null; status: 200 | 400 | 409 | 500 | 503; fieldErrors?: Record<string, string[]> };

/**
 * A post from a visitor who is not at the form books nothing: an open step of the flow is
 * answered by going to it, and a slot that is gone as "not available" with the form.
 */
export function stepOnPost(step: Exclude<ReserveStep, { step: 'form' }>): ReserveAnswer {
  switch (step.step) {
    case 'notFound':
    case 'reserved':
    case 'success':
      return { type: 'refused', failure: 'appointmentNotAvailable', status: 409 };
    case 'identify':
    case 'choice':
    case 'childByPhone':
    case 'childRegistration':
    case 'childConsent':
    case 'registration':
    case 'consent':
    case 'interrupted':
    case 'noOccupationalHealthcare':
    case 'noWebReservation':
    case 'wardChoice':
    case 'noWards':
    case 'insurer':
      return { type: 'go', step };
  }
}

/** Why the reservation service booked nothing (one list for the service and the flow). */
export type ReservationFailure =
  | 'appointmentNotAvailable'
  | 'tooManyReservations'
  | 'requiresAuthentication'
  | 'noPatient'
  | 'patientDataConsentRequired'
  | 'notCreditworthy'
  | 'noOccupationalHealthcare'
  | 'noWebReservation'
  | 'wardNotAllowed'
  | 'wardNotReady'
  | 'insuranceIncomplete'
  | 'treatmentChainCreationFailed'
  /** The practice system (ADR 0051) did not answer or refused: nothing was booked. */
  | 'practiceSystemUnavailable'
  | 'unknownError';

/** The reservation service's result types (`ReservationResult['type']`). */
export type ReservationOutcome = { type: 'success' } | { type: 'validation'; fields: Record<string, string[]> } | { type: ReservationFailure };

/**
 * Maps the service's result onto the flow: success shows the confirmation; a step the service
 * found unmet (identification, registration, consent, a billing block) is gone to; the rest are
 * refusals with the form. An anonymous visitor the register does not confirm is asked, with the
 * form, to identify (`noPatient`); a logged-in one registers.
 */
export function answerForResult(result: ReservationOutcome, anonymous: boolean): ReserveAnswer {
  switch (result.type) {
    case 'success':
      return { type: 'go', step: { step: 'success' } };
    case 'validation':
      return { type: 'refused', failure: null, status: 400, fieldErrors: result.fields };
    case 'requiresAuthentication':
      return { type: 'go', step: { step: 'identify' } };
    case 'noPatient':
      return anonymous ? { type: 'refused', failure: 'noPatient', status: 200 } : { type: 'go', step: { step: 'registration' } };
    case 'patientDataConsentRequired':
      return { type: 'go', step: { step: 'consent' } };
    case 'notCreditworthy':
      return { type: 'go', step: { step: 'interrupted' } };
    case 'noOccupationalHealthcare':
    case 'noWebReservation':
      return { type: 'go', step: { step: result.type } };
    case 'wardNotAllowed':
      return { type: 'go', step: { step: 'wardChoice' } };
    case 'wardNotReady':
      // Registered or given the consent meanwhile, or not: the registration page forwards a
      // registered child on, and the reserve page then asks for what is still missing.
      return { type: 'go', step: { step: 'childRegistration' } };
    case 'insuranceIncomplete':
      return { type: 'go', step: { step: 'insurer' } };
    case 'appointmentNotAvailable':
    case 'tooManyReservations':
    case 'treatmentChainCreationFailed':
      return { type: 'refused', failure: result.type, status: 409 };
    case 'practiceSystemUnavailable':
      return { type: 'refused', failure: 'practiceSystemUnavailable', status: 503 };
    case 'unknownError':
      return { type: 'refused', failure: 'unknownError', status: 500 };
  }
}
