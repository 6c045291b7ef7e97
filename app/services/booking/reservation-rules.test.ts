import { describe, expect, it } from 'vitest';
import {
  bindingConsentRequired,
  isCreditworthy,
  isOpenForReservation,
  isUniqueViolation,
  namesMatch,
  parseSlotId,
  reservationLimitReached,
} from './reservation-rules';

const HOUR = 3_600_000;
const NOW = new Date('2026-11-23T10:00:00.000Z');
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR);

describe('binding consent window', () => {
  it('is needed when the start is less than the configured hours away', () => {
    expect(bindingConsentRequired(at(1), NOW, 24)).toBe(true);
    expect(bindingConsentRequired(at(23.99), NOW, 24)).toBe(true);
  });

  it('is not needed at or beyond the limit', () => {
    expect(bindingConsentRequired(at(24), NOW, 24)).toBe(false);
    expect(bindingConsentRequired(at(72), NOW, 24)).toBe(false);
  });

  it('is off with 0 hours', () => {
    expect(bindingConsentRequired(at(1), NOW, 0)).toBe(false);
  });

  it('counts real hours across the daylight-saving change (Helsinki 29 March 2026 03:00 → 04:00)', () => {
    const beforeChange = new Date('2026-03-28T12:00:00.000Z'); // 14:00 EET
    // 23 real hours later the Helsinki clock shows 14:00 the next day (EEST): still inside 24 h.
    expect(bindingConsentRequired(new Date('2026-03-29T11:00:00.000Z'), beforeChange, 24)).toBe(true);
    expect(bindingConsentRequired(new Date('2026-03-29T12:00:00.000Z'), beforeChange, 24)).toBe(false);
  });
});

describe('slots and limits', () => {
  it('a slot is open until it starts', () => {
    expect(isOpenForReservation({ startAt: at(0.01) }, NOW)).toBe(true);
    expect(isOpenForReservation({ startAt: NOW }, NOW)).toBe(false);
    expect(isOpenForReservation({ startAt: at(-1) }, NOW)).toBe(false);
  });

  it('the per-person limit is reached at the maximum', () => {
    expect(reservationLimitReached(4, 5)).toBe(false);
    expect(reservationLimitReached(5, 5)).toBe(true);
  });

  it('a billing block makes a person not creditworthy', () => {
    expect(isCreditworthy({ creditBlocked: false })).toBe(true);
    expect(isCreditworthy({ creditBlocked: true })).toBe(false);
  });

  it('parses slot ids strictly', () => {
    expect(parseSlotId('123')).toBe(123);
    expect(parseSlotId(42)).toBe(42);
    for (const bad of ['0', '-1', '1.5', '12a', '', ' ', null, undefined, '9'.repeat(16)]) expect(parseSlotId(bad)).toBeNull();
  });
});

describe('names of an anonymous booker', () => {
  const person = { firstName: 'Aino Maria', lastName: 'Virtanen' };

  it('match whole, by one of the first names, case and spacing aside', () => {
    expect(namesMatch({ firstName: 'Aino Maria', lastName: 'Virtanen' }, person)).toBe(true);
    expect(namesMatch({ firstName: 'aino', lastName: ' VIRTANEN ' }, person)).toBe(true);
    expect(namesMatch({ firstName: 'Maria', lastName: 'Virtanen' }, person)).toBe(true);
    expect(namesMatch({ firstName: 'Jöns-Erik', lastName: 'Åberg' }, { firstName: 'Jöns-Erik', lastName: 'Åberg' })).toBe(true);
  });

  it('do not match another last name, a partial first name or an empty one', () => {
    expect(namesMatch({ firstName: 'Aino', lastName: 'Virta' }, person)).toBe(false);
    expect(namesMatch({ firstName: 'Ain', lastName: 'Virtanen' }, person)).toBe(false);
    expect(namesMatch({ firstName: ' ', lastName: 'Virtanen' }, person)).toBe(false);
  });
});

describe('lost races', () => {
  it('recognises the unique violation directly and wrapped by drizzle', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: { code: '40001' } }))).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    const slotTaken = new Error('Failed query', { cause: { code: '23505', constraint: 'appointments_slot_live_idx' } });
    expect(isUniqueViolation(slotTaken, 'appointments_slot_live_idx')).toBe(true);
    expect(isUniqueViolation(slotTaken, 'persons_identity_code_unique')).toBe(false);
  });
});
