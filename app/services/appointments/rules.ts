/**
 * The appointment rules, as pure functions (unit-tested): self check-in, cancellation limit,
 * confidentiality form, and the anonymous link's code. Times are instants; "the day" is the
 * Helsinki day.
 */
import { isMinorOn } from '~/models/person';

/** Check-in opens this long before the start (spec 2 §9). */
export const CHECK_IN_OPENS_MINUTES = 30;

export type SelfCheckInStatus = 'allowed' | 'tooEarly' | 'checkedIn' | 'onlyAtReception' | 'statusNotAvailable';

export interface CheckInFacts {
  startAt: Date;
  durationMinutes: number;
  locationType: string;
  selfCheckIn: boolean;
  checkedInAt: Date | null;
  cancelledAt: Date | null;
}

/**
 * Self check-in is for visits at a clinic, from 30 minutes before the start until the planned
 * end. The window never spans more than the appointment itself, so a check-in is always on the
 * appointment's day (a visit starting just after midnight opens at 23:30 the evening before,
 * which is when the patient is at the door).
 */
export function checkInStatus(a: CheckInFacts, now: Date): SelfCheckInStatus {
  if (a.cancelledAt) return 'statusNotAvailable';
  if (a.checkedInAt) return 'checkedIn';
  if (a.locationType !== 'physicalLocation') return 'statusNotAvailable';
  if (!a.selfCheckIn) return 'onlyAtReception';
  const opens = a.startAt.getTime() - CHECK_IN_OPENS_MINUTES * 60_000;
  const ends = a.startAt.getTime() + a.durationMinutes * 60_000;
  if (now.getTime() < opens) return 'tooEarly';
  if (now.getTime() > ends) return 'statusNotAvailable';
  return 'allowed';
}

export type CancellationCheck = { ok: true } | { ok: false; reason: 'deadlineExceeded' | 'alreadyStarted' };

/** Online cancellation is allowed until `limitHours` before the start (configurable per environment). */
export function cancellationCheck(a: { startAt: Date }, now: Date, limitHours: number): CancellationCheck {
  const untilStart = a.startAt.getTime() - now.getTime();
  if (untilStart <= 0) return { ok: false, reason: 'alreadyStarted' };
  if (untilStart < limitHours * 3_600_000) return { ok: false, reason: 'deadlineExceeded' };
  return { ok: true };
}

/** Whether the cancel action is offered at all (the deadline is checked when it is used). */
export function mayCancel(a: { startAt: Date; cancelledAt: Date | null; checkedInAt: Date | null }, now: Date): boolean {
  return !a.cancelledAt && !a.checkedInAt && a.startAt.getTime() > now.getTime();
}

export type ConfidentialityStatus = 'ok' | 'notFilled' | 'notFilledAsAdult';

/**
 * The confidentiality (treatment) terms must be accepted before check-in. Terms accepted while
 * a minor must be accepted again as an adult.
 */
export function confidentialityStatus(
  person: { birthDate: string; confidentialityAcceptedAt: Date | null },
  now: Date,
  toDate: (d: Date) => string,
): ConfidentialityStatus {
  const today = toDate(now);
  if (!person.confidentialityAcceptedAt) return 'notFilled';
  const adultNow = !isMinorOn(person.birthDate, today);
  const adultThen = !isMinorOn(person.birthDate, toDate(person.confidentialityAcceptedAt));
  return adultNow && !adultThen ? 'notFilledAsAdult' : 'ok';
}

/** The arrival reason is saved with this fixed Finnish prefix ("the customer's own arrival reason"). */
export const ARRIVAL_REASON_PREFIX = 'Asiakkaan itse kirjoittama tulosyy: ';

/** Parses a comma-joined id list of the appointment page path ("12,13"). */
export function parseAppointmentIds(value: string): number[] | null {
  if (!/^\d{1,15}(,\d{1,15}){0,19}$/.test(value)) return null;
  const ids = [...new Set(value.split(',').map(Number))];
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : null;
}

export type MoveCheck = { ok: true } | { ok: false; reason: 'notMovable' | 'tooLate' };

/**
 * Whether the patient may still move the appointment to another time (ADR 0036): the limits of
 * cancelling apply — not cancelled, not checked in, not started, and not inside the
 * cancellation limit (a move frees the old time as a cancellation would).
 */
export function moveCheck(a: { startAt: Date; cancelledAt: Date | null; checkedInAt: Date | null }, now: Date, limitHours: number): MoveCheck {
  if (!mayCancel(a, now)) return { ok: false, reason: 'notMovable' };
  const check = cancellationCheck(a, now, limitHours);
  if (check.ok) return check;
  return { ok: false, reason: check.reason === 'alreadyStarted' ? 'notMovable' : 'tooLate' };
}
