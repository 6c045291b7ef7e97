import { describe, expect, it } from 'vitest';
import { isMovable, MIN_OFFER_MINUTES, offerExpiry, requestEndReason, slotSuitsRequest } from './earlier-time-rules';

/** Monday 23 November 2026, 10.00 in Helsinki. */
const NOW = new Date('2026-11-23T10:00:00+02:00');
const at = (iso: string) => new Date(iso);
const SETTINGS = { offerMinutes: 120, minNoticeMinutes: 120 };

describe('offerExpiry', () => {
  it('closes after the offer lifetime when the time is far enough away', () => {
    expect(offerExpiry(at('2026-11-25T10:00:00+02:00'), NOW, SETTINGS)).toEqual(at('2026-11-23T12:00:00+02:00'));
  });

  it('closes the notice before the start when that comes first', () => {
    // Starts at 13.00: the offer must close by 11.00.
    expect(offerExpiry(at('2026-11-23T13:00:00+02:00'), NOW, SETTINGS)).toEqual(at('2026-11-23T11:00:00+02:00'));
  });

  it('offers nothing when less than the minimum would be left', () => {
    const start = new Date(NOW.getTime() + (120 + MIN_OFFER_MINUTES - 1) * 60_000);
    expect(offerExpiry(start, NOW, SETTINGS)).toBeNull();
    expect(offerExpiry(new Date(start.getTime() + 60_000), NOW, SETTINGS)).not.toBeNull();
  });
});

describe('slotSuitsRequest', () => {
  const request = { specialtyId: 'YLE', practitionerId: null, clinicIds: ['KA', 'TA'], latestDate: '2026-12-01' };
  const appointment = { startAt: at('2026-12-03T10:00:00+02:00'), cancelledAt: null, payerType: 'self' };
  const slot = {
    startAt: at('2026-11-27T09:00:00+02:00'),
    localDate: '2026-11-27',
    specialtyId: 'YLE',
    practitionerId: 'P0001',
    clinicId: 'KA',
    payerTypes: ['self'],
  };

  it('an earlier time of the service, at a chosen clinic, before the latest date suits', () => {
    expect(slotSuitsRequest(slot, request, appointment, NOW, 24)).toBe(true);
  });

  it('refuses each limit', () => {
    const cases = [
      { ...slot, specialtyId: 'PSY' },
      { ...slot, clinicId: 'HKI' },
      { ...slot, localDate: '2026-12-02', startAt: at('2026-12-02T09:00:00+02:00') },
      { ...slot, payerTypes: ['occupationalHealthCare'] },
    ];
    for (const c of cases) expect(slotSuitsRequest(c, request, appointment, NOW, 24)).toBe(false);
    expect(slotSuitsRequest(slot, { ...request, practitionerId: 'P0002' }, appointment, NOW, 24)).toBe(false);
    expect(slotSuitsRequest(slot, { ...request, practitionerId: 'P0001' }, appointment, NOW, 24)).toBe(true);
  });

  it('only an EARLIER time than the current appointment, and only while it can still be moved', () => {
    const later = { ...request, latestDate: '2026-12-31' };
    expect(slotSuitsRequest({ ...slot, startAt: appointment.startAt, localDate: '2026-12-03' }, later, appointment, NOW, 24)).toBe(false);
    expect(slotSuitsRequest({ ...slot, startAt: at('2026-12-04T09:00:00+02:00'), localDate: '2026-12-04' }, later, appointment, NOW, 24)).toBe(false);
    expect(slotSuitsRequest(slot, request, { ...appointment, cancelledAt: NOW }, NOW, 24)).toBe(false);
    // The appointment tomorrow at 9.00 is inside the 24-hour limit: it cannot be moved online.
    expect(slotSuitsRequest(slot, request, { ...appointment, startAt: at('2026-11-24T09:00:00+02:00') }, NOW, 24)).toBe(false);
  });
});

describe('requestEndReason', () => {
  const request = { latestDate: '2026-12-01' };
  it('stands while the appointment can move and the latest date has not passed', () => {
    expect(requestEndReason({ startAt: at('2026-12-03T10:00:00+02:00'), cancelledAt: null }, request, NOW, '2026-11-23', 24)).toBeNull();
  });
  it('ends with a cancellation, inside the limit, and after the latest date', () => {
    expect(requestEndReason({ startAt: at('2026-12-03T10:00:00+02:00'), cancelledAt: NOW }, request, NOW, '2026-11-23', 24)).toBe('cancelled');
    expect(requestEndReason({ startAt: at('2026-11-24T09:59:00+02:00'), cancelledAt: null }, request, NOW, '2026-11-23', 24)).toBe('passed');
    expect(requestEndReason({ startAt: at('2026-12-03T10:00:00+02:00'), cancelledAt: null }, request, NOW, '2026-12-02', 24)).toBe('passed');
  });
  it('isMovable is the cancellation limit', () => {
    expect(isMovable(at('2026-11-24T10:00:00+02:00'), NOW, 24)).toBe(true);
    expect(isMovable(at('2026-11-24T09:59:59+02:00'), NOW, 24)).toBe(false);
  });
});
