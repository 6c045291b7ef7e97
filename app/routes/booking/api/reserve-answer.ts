/** The JSON answers of the reservation routes: one status per result type. */
import { json } from '~/lib/http/api.server';
import type { ReservationResult } from '~/services/booking/reservation/types';

const STATUS: Record<ReservationResult['type'], number> = {
  success: 200,
  validation: 400,
  requiresAuthentication: 401,
  noPatient: 403,
  patientDataConsentRequired: 403,
  notCreditworthy: 403,
  noOccupationalHealthcare: 403,
  noWebReservation: 403,
  wardNotAllowed: 403,
  wardNotReady: 403,
  // Insurance: the call's choice is incomplete; the insurer refused the treatment chain (spec 3 §8).
  insuranceIncomplete: 400,
  treatmentChainCreationFailed: 409,
  appointmentNotAvailable: 409,
  tooManyReservations: 409,
  // The practice system (ADR 0051) did not answer: nothing was booked, try again.
  practiceSystemUnavailable: 503,
  unknownError: 500,
};

export function reservationAnswer(result: ReservationResult): Response {
  const status = STATUS[result.type];
  if (result.type === 'success') return json({ type: 'success', reservationDetails: result.reservationDetails }, status);
  if (result.type === 'validation') return json({ type: 'validation', fields: result.fields }, status);
  return json({ type: result.type }, status);
}

/** A ticked checkbox as JSON (true) or a form ("on"/"true"). */
export function checkbox(value: unknown): boolean {
  return value === true || value === 'true' || value === 'on';
}
