import { describe, expect, it } from 'vitest';
import { helsinkiDate } from '~/lib/format';
import { encodeAnonymousCode, parseAnonymousCode } from '~/models/appointments/anonymous-code';
import { cancellationCheck, checkInStatus, confidentialityStatus, mayCancel, moveCheck, parseAppointmentIds, type CheckInFacts } from './rules';

const start = new Date('2026-11-23T10:00:00Z');
const base: CheckInFacts = {
  startAt: start,
  durationMinutes: 30,
  locationType: 'physicalLocation',
  selfCheckIn: true,
  checkedInAt: null,
  cancelledAt: null,
};
const at = (minutesFromStart: number) => new Date(start.getTime() + minutesFromStart * 60_000);

describe('self check-in status', () => {
  it('is too early until 30 minutes before the start', () => {
    expect(checkInStatus(base, at(-31))).toBe('tooEarly');
    expect(checkInStatus(base, at(-30))).toBe('allowed');
    expect(checkInStatus(base, at(0))).toBe('allowed');
  });

  it('closes at the planned end', () => {
    expect(checkInStatus(base, at(30))).toBe('allowed');
    expect(checkInStatus(base, at(31))).toBe('statusNotAvailable');
  });

  it('knows checked-in, reception-only, remote and cancelled appointments', () => {
    expect(checkInStatus({ ...base, checkedInAt: at(-5) }, at(0))).toBe('checkedIn');
    expect(checkInStatus({ ...base, selfCheckIn: false }, at(0))).toBe('onlyAtReception');
    expect(checkInStatus({ ...base, locationType: 'videoAppointment' }, at(0))).toBe('statusNotAvailable');
    expect(checkInStatus({ ...base, cancelledAt: at(-100) }, at(0))).toBe('statusNotAvailable');
  });
});

describe('cancellation limit', () => {
  it('allows cancelling up to the limit and refuses inside it', () => {
    expect(cancellationCheck({ startAt: start }, at(-24 * 60), 24)).toEqual({ ok: true });
    expect(cancellationCheck({ startAt: start }, at(-24 * 60 + 1), 24)).toEqual({ ok: false, reason: 'deadlineExceeded' });
    expect(cancellationCheck({ startAt: start }, at(-60), 2)).toEqual({ ok: false, reason: 'deadlineExceeded' });
    expect(cancellationCheck({ startAt: start }, at(-121), 2)).toEqual({ ok: true });
    expect(cancellationCheck({ startAt: start }, at(1), 24)).toEqual({ ok: false, reason: 'alreadyStarted' });
  });

  it('offers the cancel action only for future, live appointments', () => {
    expect(mayCancel({ startAt: start, cancelledAt: null, checkedInAt: null }, at(-10))).toBe(true);
    expect(mayCancel({ startAt: start, cancelledAt: at(-100), checkedInAt: null }, at(-10))).toBe(false);
    expect(mayCancel({ startAt: start, cancelledAt: null, checkedInAt: at(-20) }, at(-10))).toBe(false);
    expect(mayCancel({ startAt: start, cancelledAt: null, checkedInAt: null }, at(1))).toBe(false);
  });
});

describe('confidentiality form', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('is needed when never accepted', () => {
    expect(confidentialityStatus({ birthDate: '2011-09-03', confidentialityAcceptedAt: null }, now, helsinkiDate)).toBe('notFilled');
  });
  it('must be accepted again by a person who accepted it as a minor and is now an adult', () => {
    expect(confidentialityStatus({ birthDate: '2008-01-01', confidentialityAcceptedAt: new Date('2025-06-01') }, now, helsinkiDate)).toBe('notFilledAsAdult');
    expect(confidentialityStatus({ birthDate: '2008-01-01', confidentialityAcceptedAt: new Date('2026-02-01') }, now, helsinkiDate)).toBe('ok');
    expect(confidentialityStatus({ birthDate: '2011-09-03', confidentialityAcceptedAt: new Date('2025-06-01') }, now, helsinkiDate)).toBe('ok');
  });
});

describe('anonymous link code', () => {
  const token = 'q3Z9x_-AbCdEfGhIjKlMnOpQr';
  it('round-trips the id and the token and is URL-safe', () => {
    const code = encodeAnonymousCode(1234, token);
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseAnonymousCode(code)).toEqual({ appointmentId: 1234, token });
  });

  it('rejects malformed codes', () => {
    for (const bad of ['', 'abc', '!!!!!!!!!!', encodeAnonymousCode(0, token), btoa('12-short').replace(/=/g, ''), 'x'.repeat(300)]) {
      expect(parseAnonymousCode(bad)).toBeNull();
    }
    expect(parseAnonymousCode(btoa(`12_${'a'.repeat(10)}`).replace(/=/g, ''))).toBeNull();
  });
});

describe('appointment id list', () => {
  it('parses comma-joined ids and refuses anything else', () => {
    expect(parseAppointmentIds('12')).toEqual([12]);
    expect(parseAppointmentIds('12,13,12')).toEqual([12, 13]);
    expect(parseAppointmentIds('12,')).toBeNull();
    expect(parseAppointmentIds('abc')).toBeNull();
    expect(parseAppointmentIds('0')).toBeNull();
  });
});

describe('moving an appointment', () => {
  const a = { startAt: start, cancelledAt: null, checkedInAt: null };
  const hours = (h: number) => new Date(start.getTime() - h * 3_600_000);
  it('follows the cancellation limit: allowed until 24 hours before, too late after, not at all once started', () => {
    expect(moveCheck(a, hours(25), 24)).toEqual({ ok: true });
    expect(moveCheck(a, hours(24), 24)).toEqual({ ok: true });
    expect(moveCheck(a, new Date(hours(24).getTime() + 1), 24)).toEqual({ ok: false, reason: 'tooLate' });
    expect(moveCheck(a, hours(1), 24)).toEqual({ ok: false, reason: 'tooLate' });
    expect(moveCheck(a, at(0), 24)).toEqual({ ok: false, reason: 'notMovable' });
  });

  it('never moves a cancelled or checked-in appointment', () => {
    expect(moveCheck({ ...a, cancelledAt: hours(48) }, hours(30), 24)).toEqual({ ok: false, reason: 'notMovable' });
    expect(moveCheck({ ...a, checkedInAt: hours(48) }, hours(30), 24)).toEqual({ ok: false, reason: 'notMovable' });
  });
});
