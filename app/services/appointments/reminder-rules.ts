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
 * The channels of a reminder (and of the confirmation of a new time, ADR 0046) to one contact:
 * the SMS when there is a phone and the patient has not refused booking text messages (the
 * `allowsBookingSms` consent: "confirmations and reminders by text message"), and the e-mail when
 * there is an address (ADR 0031).
 */
export function reminderChannels(facts: { refusedSms: boolean; phone: string | null; email: string | null }): ReminderChannel[] {
  const channels: ReminderChannel[] = [];
  if (!facts.refusedSms && facts.phone) channels.push('sms');
  if (facts.email) channels.push('email');
  return channels;
}

export type SendDecision =
  { type: 'write' } | { type: 'drop'; reason: 'cancelled' | 'past' | 'insideLead' } | { type: 'reschedule'; startAt: Date; dueAt: Date } | { type: 'wait' };

/**
 * What the sweep does with a due reminder, checked again at send time: nothing for a cancelled
 * or past appointment; a moved one (its start differs from the one the reminder was computed
 * for) is planned again from now; inside the quiet hours (a sweep running late, or an appointment
 * the sweep has just found inside the lead time) it waits for the morning, and is dropped if the
 * appointment has started by then. Whom it goes to, and on which channels, is decided next
 * (`noticeRecipients`, `reminderChannels`).
 */
export function sendDecision(
  reminder: { startAt: Date },
  appointment: { startAt: Date; cancelledAt: Date | null },
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
  return { type: 'write' };
}

/**
 * The due time of the reminder of an appointment the sweep has just found (one the portal did
 * not book: made by staff, seeded, older; ADR 0046): its due time, or now when that has passed —
 * nobody has had a message of it, so it is not "inside the lead" as a portal booking is (whose
 * confirmation is its reminder). The quiet hours still hold at send time (`sendDecision`).
 */
export function foundReminderDueAt(startAt: Date, now: Date, leadHours: number): Date {
  const due = reminderDueAt(startAt, leadHours);
  return due.getTime() < now.getTime() ? now : due;
}

/**
 * How far ahead the sweep looks for appointments without a reminder: the lead plus a day. A due
 * time is never more than the lead plus 12 hours before the start (the quiet hours move it at
 * most 11 hours earlier, a clock change one hour), so an appointment further ahead is not due yet.
 */
export const foundReminderHorizonHours = (leadHours: number): number => leadHours + 24;

/** A contact a reminder or a confirmation of a new time can go to: a phone, an e-mail address, a language. */
export interface NoticeContact {
  phone: string | null;
  email: string | null;
  language: 'fi' | 'sv' | 'en';
}

export type NoticeRecipients<C extends NoticeContact> = { type: 'to'; recipients: C[] } | { type: 'none'; reason: 'confidential' | 'noContact' };

const reachable = (c: NoticeContact): boolean => Boolean(c.phone || c.email);

/**
 * Who gets an appointment's reminder or the confirmation of its new time, decided when it is
 * written (ADR 0046, amending ADR 0031 and ADR 0034), from what the viewer rules say then:
 * 1. where the booking's confirmation went (a portal booking), while whoever booked may still see
 *    the visit — the patient, a guardian the viewer rules still let see it (not hidden, the ward
 *    still theirs), or for an anonymous booking (its contact may be a parent's) while the visit is
 *    not hidden;
 * 2. else the patient's own saved contact (an appointment the portal did not book: made by staff,
 *    seeded, older; or the booker may no longer see it);
 * 3. else (a patient with neither phone nor e-mail: a young child) the guardians who may see the
 *    visit now, each at their own saved contact — none for a hidden visit, none for a 12–17-year-
 *    old's visit the guardian did not book;
 * 4. else nobody: `confidential` for a hidden visit, `noContact` otherwise.
 * Never the booker of a hidden visit, never a guardian the viewer rules do not let see it.
 */
export function noticeRecipients<C extends NoticeContact>(facts: {
  /** The booking's contact, if the portal booked it. */
  booked: C | null;
  /** Whether whoever booked may still see the visit (the viewer rules, asked now). */
  bookerMaySee: boolean;
  /** The visit is hidden from the patient's guardians (ADR 0034). */
  confidential: boolean;
  patient: C;
  /** The guardians who may see the visit now (the viewer rules), with their own contact. */
  guardians: readonly C[];
}): NoticeRecipients<C> {
  if (facts.booked && facts.bookerMaySee) return { type: 'to', recipients: [facts.booked] };
  if (reachable(facts.patient)) return { type: 'to', recipients: [facts.patient] };
  const guardians = facts.guardians.filter(reachable);
  if (guardians.length > 0) return { type: 'to', recipients: guardians };
  return { type: 'none', reason: facts.confidential ? 'confidential' : 'noContact' };
}
