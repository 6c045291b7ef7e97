/**
 * Moving an appointment to another time (issue 24, ADR 0036): the move service's results and
 * what the pages show of a move before it is confirmed. Client-safe.
 */
import { z } from 'zod';
import type { TextKey } from '~/i18n/keys';
import type { AppointmentView } from './appointment';

/** Why the payer refuses the new time (the payer rules re-checked for it, ADR 0025). */
export type MovePayerRefusal =
  | 'notCreditworthy'
  | 'noOccupationalHealthcare'
  | 'noWebReservation'
  /** The occupational agreement does not cover the specialty any more. */
  | 'notCovered'
  /** The insurer did not open the permit's treatment chain for the new time. */
  | 'treatmentChainCreationFailed';

/**
 * Why the booking's own payer data does not pay the new time, though it pays others (the payer
 * registry's `timeRefusal`, ADR 0025): the IF reimbursement chosen at booking (the company
 * insurance) does not pay a remote time. The patient may choose another time.
 */
export type MoveTimeRefusal = 'remoteNotCovered';

/** A time as a move reports it: the slot (null for a time staff booked outside the calendar). */
export interface MovedTime {
  slotId: number | null;
  startAt: Date;
  durationMinutes: number;
  clinicId: string;
  practitionerId: string;
  specialtyId: string;
  isRemote: boolean;
}

/** Every refusal of a move, before or inside its transaction. */
export type MoveRefusal =
  /** No such appointment for this asker (someone else's, a missing one: alike). */
  | { type: 'notFound' }
  /** Cancelled, checked in, started, or booked with a payer the portal cannot re-check. */
  | { type: 'notMovable' }
  /** Inside the cancellation limit: no move, as no cancellation (spec 2, the cancel texts). */
  | { type: 'tooLate'; hours: number }
  /** The time chosen is the appointment's own. */
  | { type: 'sameTime' }
  /** The time is missing, past, not offered to the appointment's payer, or of another service. */
  | { type: 'slotNotAvailable' }
  /** Someone else holds the time (found before, or lost the race for it inside the transaction). */
  | { type: 'slotTaken' }
  /** The new time is inside the binding-reservation window and the binding consent was not given. */
  | { type: 'bindingConsentRequired' }
  /** The payer refuses the visit (who pays, their agreement, the insurer's permit): no other time helps. */
  | { type: 'payerNotEligible'; reason: MovePayerRefusal }
  /** The payer pays another time but not this one. */
  | { type: 'payerRefusesTime'; reason: MoveTimeRefusal }
  /** The practice system (ADR 0051) did not answer or refused: nothing changed there or here. */
  | { type: 'practiceSystemUnavailable' }
  | { type: 'unknownError' };

export type MoveRefusalType = MoveRefusal['type'];

/**
 * Whether a refusal sends the patient back to choose another time (the rest end the flow): the
 * time was taken, not offered, the appointment's own, or one the payer does not pay (the payer
 * registry says which, ADR 0025).
 */
export function choosesAgain(refusal: MoveRefusal): boolean {
  switch (refusal.type) {
    case 'slotTaken':
    case 'slotNotAvailable':
    case 'sameTime':
    case 'payerRefusesTime':
      return true;
    default:
      return false;
  }
}

/**
 * What a move did (or would do) to a remote visit's fee paid or to pay online in advance
 * (ADR 0048): nothing to handle, carried to a remote time of the same price, refunded (paid), or
 * credited (not yet paid).
 */
export type MovePrepayment = 'none' | 'carried' | 'refund' | 'credit';

export type MoveResult =
  | {
      type: 'moved';
      appointmentId: number;
      /** The calendar entry's SEQUENCE now (its UID stays). */
      revision: number;
      from: MovedTime;
      to: MovedTime;
      /** The old time, free again: its slot (null: it was not a calendar slot) for earlier-time offers. */
      freedSlotId: number | null;
      /** Outbox rows of the confirmation of the new time (0 when nobody who may see the visit has a contact, ADR 0046). */
      messages: number;
      /** The visit's prepayment: carried, refunded, credited (in the move's transaction), or none. */
      prepayment: MovePrepayment;
    }
  | MoveRefusal;

/** What the confirm step shows: the appointment now, as it would be, and what changes. */
export interface MovePreview {
  type: 'ready';
  current: AppointmentView;
  next: AppointmentView;
  /** The new time is close: the binding-reservation checkbox is asked (BINDING_CONSENT_HOURS). */
  bindingRequired: boolean;
  changes: { time: boolean; place: boolean; practitioner: boolean; price: boolean };
  /** The fee paid (or to pay) online in advance, when the move refunds or credits it: what and how much. */
  prepayment: { outcome: 'refund' | 'credit'; sum: string } | null;
}

/** The search's reschedule context: the appointment being moved (a logged-in user's appointment id). */
export const MOVE_PARAM = 'move';
/** The confirm step's free time. */
export const MOVE_SLOT_PARAM = 'slot';

/** The confirm form: only the binding consent, asked when the new time is close (ReservationFormOptions' rule). */
export function moveSchema({ bindingRequired }: { bindingRequired: boolean }) {
  return z.object({
    bindingApproved: bindingRequired ? z.literal(true, { error: BINDING_REQUIRED }) : z.boolean().optional().default(false),
  });
}

/** The binding consent's message key (the texts live in appointments/move.ts). */
export const BINDING_REQUIRED = 'move.refusal.bindingConsentRequired' satisfies TextKey;
