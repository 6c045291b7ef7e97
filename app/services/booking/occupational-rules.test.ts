import { describe, expect, it } from 'vitest';
import { userReservationSchema } from '~/models/booking/reservation-schemas';
import { asksConfirmation, confirmationKind, contractSpecialtyFilter, occupationalAccess, vaccinationState } from './occupational-rules';

describe('confirmationKind', () => {
  it('is "referral only" for TPSG whatever the agreement lists', () => {
    expect(confirmationKind('TPSG', undefined)).toBe('referralOnly');
    expect(confirmationKind('TPSG', 'contractOnly')).toBe('referralOnly');
  });

  it("follows the agreement's specialty list, and is contract only when it names no kind", () => {
    expect(confirmationKind('FYS', 'contractAndDoctorReferral')).toBe('contractAndDoctorReferral');
    expect(confirmationKind('PSY', 'contractAndReferral')).toBe('contractAndReferral');
    expect(confirmationKind('SH', 'none')).toBe('none');
    expect(confirmationKind('YLE', undefined)).toBe('contractOnly');
  });

  it('asks for the checkbox unless the kind is none', () => {
    expect(asksConfirmation('contractOnly')).toBe(true);
    expect(asksConfirmation('referralOnly')).toBe(true);
    expect(asksConfirmation('none')).toBe(false);
    expect(asksConfirmation(null)).toBe(false);
  });
});

describe('the reservation schema with the confirmation', () => {
  const base = { phone: '+358401234567', emailAddress: 'a@example.fi' };
  it('requires the checkbox for an asked confirmation, with its message', () => {
    const schema = userReservationSchema({ bindingRequired: false, confirmation: 'contractAndReferral' });
    const refused = schema.safeParse(base);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['contractConfirmed'], message: 'occupational.confirmation.required' });
    expect(schema.safeParse({ ...base, contractConfirmed: true }).success).toBe(true);
  });

  it('asks nothing for none or a private reservation', () => {
    expect(userReservationSchema({ bindingRequired: false, confirmation: 'none' }).safeParse(base).success).toBe(true);
    expect(userReservationSchema({ bindingRequired: false }).safeParse(base).success).toBe(true);
  });
});

describe('occupationalAccess', () => {
  it('no agreement, no web reservation (special contract by product id), or ok', () => {
    expect(occupationalAccess(null)).toEqual({ state: 'noOccupationalHealthcare' });
    expect(occupationalAccess({ allowsWebReservation: false, productIds: ['chat'] })).toEqual({ state: 'noWebReservation', specialContract: false });
    expect(occupationalAccess({ allowsWebReservation: false, productIds: ['specialContractBooking'] })).toEqual({
      state: 'noWebReservation',
      specialContract: true,
    });
    expect(occupationalAccess({ allowsWebReservation: true, productIds: ['specialContractBooking'] })).toEqual({ state: 'ok' });
  });
});

describe('vaccinationState', () => {
  it('unauthorized, no agreement, no vaccinations, ok', () => {
    expect(vaccinationState(false, null)).toBe('unauthorized');
    expect(vaccinationState(true, null)).toBe('noOccupationalHealthcare');
    expect(vaccinationState(true, { allowsVaccinations: false })).toBe('noVaccinations');
    expect(vaccinationState(true, { allowsVaccinations: true })).toBe('ok');
  });
});

describe('contractSpecialtyFilter', () => {
  it('keeps the chosen covered specialties, else every covered one', () => {
    expect(contractSpecialtyFilter(['FYS', 'IHO'], ['FYS', 'YLE'])).toEqual(['FYS']);
    expect(contractSpecialtyFilter([], ['FYS', 'YLE'])).toEqual(['FYS', 'YLE']);
    expect(contractSpecialtyFilter(['IHO'], ['FYS', 'YLE'])).toEqual(['FYS', 'YLE']);
  });
});
