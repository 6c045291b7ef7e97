/**
 * The employer pays (`occupational`, ADR 0020): logged in, the person's agreement must allow web
 * reservation and cover the specialty (the covered specialties are the search's scope), the form
 * asks the agreement's confirmation; no price and no billing block (ADR 0025).
 */
import type { Db } from '~/services/db/db.server';
import type { ConfirmationKind } from '../occupational-rules';
import { accessOf, confirmationFor, contractOf } from '../occupational.server';
import { NO_PAYER_FACTS, WITHOUT_BOOKING_DATA, type Payer } from './payer.server';

/**
 * What the person's occupational agreement says about booking this specialty: no agreement, no
 * web reservation, not covered (the time is not theirs to book), or the confirmation to ask.
 */
export async function occupationalTerms(
  db: Db,
  personId: string,
  specialtyId: string,
): Promise<
  { type: 'noOccupationalHealthcare' | 'notCovered' } | { type: 'noWebReservation'; specialContract: boolean } | { type: 'ok'; confirmation: ConfirmationKind }
> {
  const contract = await contractOf(db, personId);
  const access = accessOf(contract);
  if (!contract || access.state === 'noOccupationalHealthcare') return { type: 'noOccupationalHealthcare' };
  if (access.state === 'noWebReservation') return { type: 'noWebReservation', specialContract: access.specialContract };
  const confirmation = confirmationFor(contract, specialtyId);
  return confirmation ? { type: 'ok', confirmation } : { type: 'notCovered' };
}

export const occupationalPayer: Payer = {
  key: 'occupational',
  payerType: 'occupationalHealthCare',
  requiresAuthentication: true,
  async searchScope(db, person) {
    if (!person) return { type: 'refused', reason: 'requiresAuthentication', specialContract: false };
    const contract = await contractOf(db, person.id);
    const access = accessOf(contract);
    if (!contract || access.state !== 'ok') {
      return {
        type: 'refused',
        reason: access.state === 'ok' ? 'noOccupationalHealthcare' : access.state,
        specialContract: access.state === 'noWebReservation' && access.specialContract,
      };
    }
    return { type: 'open', payerType: 'occupationalHealthCare', covered: [...contract.specialties.keys()], employer: contract.employerName };
  },
  async reservationFacts(db, person, slot) {
    const terms = await occupationalTerms(db, person.id, slot.specialtyId);
    switch (terms.type) {
      case 'ok':
        return { ...NO_PAYER_FACTS, occupational: 'ok', confirmation: terms.confirmation };
      case 'notCovered':
        return { ...NO_PAYER_FACTS, occupational: 'ok', covered: false };
      case 'noWebReservation':
        return { ...NO_PAYER_FACTS, occupational: terms.type, specialContract: terms.specialContract };
      case 'noOccupationalHealthcare':
        return { ...NO_PAYER_FACTS, occupational: terms.type };
    }
  },
  ineligibility: () => null,
  price: () => null,
  ...WITHOUT_BOOKING_DATA,
  async bookingTerms(db, person, slot) {
    const terms = await occupationalTerms(db, person.id, slot.specialtyId);
    if (terms.type === 'notCovered') return { type: 'appointmentNotAvailable' };
    if (terms.type !== 'ok') return { type: terms.type };
    return { type: 'ok', confirmation: terms.confirmation };
  },
  messageFacts: () => ({ occupational: true, insurer: null }),
};
