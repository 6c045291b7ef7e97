/** Shared setup of the booking-for-everyone-else specs (booking-payers.spec.ts, a11y.spec.ts). */
import { DEMO_PERSONS } from '../../../db/seed-data';

/**
 * freshSlot() parameters of an occupational free time (physiotherapy: the agreement asks for a
 * contract and a doctor's referral) and a fresh employee on Mikko's agreement who has given the
 * patient data consent, so each test books for its own person.
 */
export const OCCUPATIONAL_SLOT = {
  specialtyId: 'FYS',
  practitionerId: 'P0009',
  clinicId: 'TA',
  payerTypes: 'occupationalHealthCare',
  patient: 'new',
  consent: '1',
  contractOf: DEMO_PERSONS.mikko.identityCode,
} as const;
