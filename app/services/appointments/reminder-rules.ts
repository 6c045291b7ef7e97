/**
 * The appointment reminder's rules, pure (ADR 0031): when a reminder is due, the quiet hours,
 * what happens to a booking made inside the lead time, which channels it goes out on, and what
 * the sweep does with a due reminder when it checks the appointment again. Times are instants;
 * wall-clock readings are Helsinki's (app/lib/dates.ts), so the rules hold across the clock
 * changes.
 */
import { addDays, helsinkiInstant, isoDateOf, wallClock } from '~/lib/dates';

/** Reminders go out from 08.00 until 21.00 Helsinki time (the last allowed minute is 20.59). */
export const QUIET_HOURS_END = 8;
export const QUIET_HOURS_START = 21;
/** The default lead: the reminder comes 24 hours (one calendar day) before the start. */
export const DEFAULT_REMINDER_LEAD_HOURS = 24;

export type ReminderChannel = 'sms' | 'email';

/** Whether an instant is inside the quiet hours (21.00–08.00 Helsinki). */
export function inQuietHours(instant: Date): boolean {
  const { hour } = wallClock(instant);
  return hour >= QUIET_HOURS_START || hour < QUIET_HOURS_END;
}

/**
 * A due time in the quiet hours moves EARLIER, to the last allowed minute before it: 20.59 of
 * the same evening (due 21.00–23.59) or of the evening before (due 00.00–07.59). Never later.
 */
export function outOfQuietHours(due: Date): Date {
  if (!inQuietHours(due)) return due;
  const c = wallClock(due);
  const evening = c.hour >= QUIET_HOURS_START ? isoDateOf(c) : addDays(isoDateOf(c), -1);
  return helsinkiInstant(evening, QUIET_HOURS_START - 1, 59);
}

/**
 * The due time of an appointment's reminder: the lead's whole days count as calendar days (the
 * same Helsinki wall-clock time that many days before, so "24 hours before" a Monday 10.00 visit
 * is Sunday 10.00 also across a clock change), the rest of the lead as elapsed hours; then out of
 * the quiet hours. Always before the start.
 */
export function reminderDueAt(startAt: Date, leadHours: number): Date {
  const days = Math.floor(leadHours / 24);
  const hours = leadHours - days * 24;
  let due = startAt;
  if (days > 0) {
    const c = wallClock(startAt);
    // A wall time the spring clock change skips (03.00–03.59) reads as summer time, an hour
    // later; it is in the quiet hours and moves to the evening before in any case.
    due = helsinkiInstant(addDays(isoDateOf(c), -days), c.hour, c.minute);
  }
  due = new Date(due.getTime() - hours * 3_600_000);
  return outOfQuietHours(due);
}

export type ReminderPlan = { type: 'scheduled'; dueAt: Date } | { type: 'none'; reason: 'insideLead' | 'past' };

/**
 * The reminder of an appointment booked (or moved) at `now`. A booking made so late that the
 * reminder would be due already gets none: the confirmation that just went is the reminder
 * (ADR 0031).
 */
export function reminderPlan(startAt: Date, now: Date, leadHours: number): ReminderPlan {
  if (startAt.getTime() <= now.getTime()) return { type: 'none', reason: 'past' };
  const dueAt = reminderDueAt(startAt, leadHours);
  if (dueAt.getTime() <= now.getTime()) return { type: 'none', reason: 'insideLead' };
  return { type: 'scheduled', dueAt };
}

/**
 * The channels of a reminder: the SMS unless the patient has refused booking text messages
 * (the `allowsBookingSms` consent, whose text covers text messages only), and the e-mail when
 * the booking gave an address (ADR 0031).
 */
export function reminderChannels(facts: { refusedSms: boolean; email: string | null }): ReminderChannel[] {
  const channels: ReminderChannel[] = [];
  if (!facts.refusedSms) channels.push('sms');
  if (facts.email) channels.push('email');
  return channels;
}

export type SendDecision =
  | { type: 'write'; channels: ReminderChannel[] }
  | { type: 'drop'; reason: 'cancelled' | 'past' | 'refused' | 'insideLead' }
  | { type: 'reschedule'; startAt: Date; dueAt: Date }
  | { type: 'wait' };

/**
 * What the sweep does with a due reminder, checked again at send time: nothing for a cancelled
 * or past appointment; a moved one (its start differs from the one the reminder was computed
 * for) is planned again from now; inside the quiet hours (a sweep running late) it waits for the
 * morning, and is dropped if the appointment has started by then; none when no channel remains.
 */
export function sendDecision(
  reminder: { startAt: Date },
  appointment: { startAt: Date; cancelledAt: Date | null },
  recipient: { refusedSms: boolean; email: string | null },
  now: Date,
  leadHours: number,
): SendDecision {
  if (appointment.cancelledAt) return { type: 'drop', reason: 'cancelled' };
  if (appointment.startAt.getTime() <= now.getTime()) return { type: 'drop', reason: 'past' };
  if (appointment.startAt.getTime() !== reminder.startAt.getTime()) {
    const plan = reminderPlan(appointment.startAt, now, leadHours);
    if (plan.type === 'none') return { type: 'drop', reason: plan.reason };
    return { type: 'reschedule', startAt: appointment.startAt, dueAt: plan.dueAt };
  }
  if (inQuietHours(now)) return { type: 'wait' };
  const channels = reminderChannels(recipient);
  if (channels.length === 0) return { type: 'drop', reason: 'refused' };
  return { type: 'write', channels };
}

/** Where a reminder goes at send time: a phone (null: no SMS possible), an e-mail, a language. */
export interface SendRecipient {
  phone: string | null;
  email: string | null;
  language: 'fi' | 'sv' | 'en';
}

/**
 * The recipient at send time (ADR 0034, amending ADR 0031): where the confirmation went, unless
 * the visit has since been hidden from the patient's guardians and someone else booked it (a
 * guardian, the clinic, an anonymous booking whose contact may be a parent's). Then the reminder
 * goes to the patient's own saved contact, in their language, or — with neither phone nor e-mail
 * — not at all (null: dropped as `confidential`). Never to the booker.
 */
export function sendTimeRecipient(
  booked: SendRecipient,
  appointment: { patientId: string; bookedById: string | null; confidentialAt: Date | null },
  patient: SendRecipient,
): SendRecipient | null {
  if (!appointment.confidentialAt || appointment.bookedById === appointment.patientId) return booked;
  if (!patient.phone && !patient.email) return null;
  return patient;
}
