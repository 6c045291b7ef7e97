/**
 * A minor's confidential visits (issue 23, ADR 0034): the rules in plain TypeScript, pure and
 * client-safe. The queries enforce them in SQL (`app/services/people/viewer.server.ts`:
 * `appointmentVisibility`, `invoiceVisibility`, `invoiceServiceHidden`); these functions say the
 * same for one row, so the unit tests state the rule and an integration test checks that the
 * SQL agrees with them on every combination.
 */
import type { ConfidentialBy } from './appointment-types';
import { mayHideFromGuardians, type GuardianScope } from '../person';

/** What the guardian sees of one appointment of a ward. */
export interface WardAppointmentFacts {
  bookedById: string | null;
  confidentialBy: ConfidentialBy | null;
}

/**
 * Whether a guardian sees a ward's appointment: never a confidential one; under 12 every other
 * one; from 12 to 17 only the ones the guardian booked; from 18 none.
 */
export function guardianSeesAppointment(scope: GuardianScope, appointment: WardAppointmentFacts, guardianId: string): boolean {
  if (appointment.confidentialBy !== null) return false;
  if (scope === 'all') return true;
  if (scope === 'ownBookings') return appointment.bookedById === guardianId;
  return false;
}

/**
 * Whether a guardian sees a ward's invoice: under 12 every one; from 12 to 17 the ones addressed
 * to the guardian; from 18 none. (A confidential visit's invoice is seen, for it is to be paid,
 * but without its service and clinic: `guardianSeesInvoiceService`.)
 */
export function guardianSeesInvoice(scope: GuardianScope, invoice: { addresseeId: string | null }, guardianId: string): boolean {
  if (scope === 'all') return true;
  if (scope === 'ownBookings') return invoice.addresseeId === guardianId;
  return false;
}

/** Whether anyone but the patient sees what an invoice was for: not when its visit is confidential. */
export const guardianSeesInvoiceService = (visit: { confidentialBy: ConfidentialBy | null } | null): boolean => visit?.confidentialBy == null;

/**
 * What the appointment page offers the patient about their guardians (null: nothing, e.g. an
 * adult, a child under 12, or a guardian looking at a ward's appointment):
 * `hide` the minor may hide it; `show` they hid it and may show it again; `professional` a
 * professional has hidden it and only the staff lift that.
 */
export type ConfidentialControl = 'hide' | 'show' | 'professional';

export function confidentialControl(
  input: { isOwn: boolean; patientBirthDate: string; confidentialBy: ConfidentialBy | null },
  today: string,
): ConfidentialControl | null {
  if (!input.isOwn) return null;
  if (input.confidentialBy === 'professional') return 'professional';
  if (!mayHideFromGuardians(input.patientBirthDate, today)) return null;
  return input.confidentialBy === 'patient' ? 'show' : 'hide';
}
