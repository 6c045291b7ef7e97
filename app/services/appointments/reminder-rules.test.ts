import { describe, expect, it } from 'vitest';
import { wallClock } from '~/lib/dates';
import { maskEmail, maskPhone } from '~/models/appointments/reminder';
import {
  foundReminderDueAt,
  inQuietHours,
  noticeRecipients,
  outOfQuietHours,
  reminderChannels,
  reminderDueAt,
  reminderPlan,
  sendDecision,
  type NoticeContact,
} from './reminder-rules';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('the reminder due time', () => {
  it('is 24 hours (the same time the day before) by default', () => {
    expect(reminderDueAt(at('2026-11-25T10:00:00+02:00'), 24)).toEqual(at('2026-11-24T10:00:00+02:00'));
    expect(reminderDueAt(at('2026-11-25T08:00:00+02:00'), 24)).toEqual(at('2026-11-24T08:00:00+02:00'));
    expect(reminderDueAt(at('2026-11-25T20:59:00+02:00'), 24)).toEqual(at('2026-11-24T20:59:00+02:00'));
  });

  it("moves a 07.30 appointment's reminder earlier, to 20.59 of the evening before the day before", () => {
    expect(reminderDueAt(at('2026-11-25T07:30:00+02:00'), 24)).toEqual(at('2026-11-23T20:59:00+02:00'));
  });

  it('moves a reminder due at 21.00 or later to 20.59 of the same evening, never later', () => {
    expect(reminderDueAt(at('2026-11-25T21:30:00+02:00'), 24)).toEqual(at('2026-11-24T20:59:00+02:00'));
    expect(reminderDueAt(at('2026-11-25T21:00:00+02:00'), 24)).toEqual(at('2026-11-24T20:59:00+02:00'));
    expect(outOfQuietHours(at('2026-11-24T23:59:00+02:00'))).toEqual(at('2026-11-24T20:59:00+02:00'));
    expect(outOfQuietHours(at('2026-11-24T00:10:00+02:00'))).toEqual(at('2026-11-23T20:59:00+02:00'));
  });

  it('keeps the wall-clock time across the spring clock change (23 elapsed hours)', () => {
    // 28 March 2027: the clocks go from 03.00 to 04.00 (+02:00 → +03:00).
    const start = at('2027-03-28T10:00:00+03:00');
    const due = reminderDueAt(start, 24);
    expect(due).toEqual(at('2027-03-27T10:00:00+02:00'));
    expect(start.getTime() - due.getTime()).toBe(23 * HOUR);
    expect(reminderDueAt(at('2027-03-29T10:00:00+03:00'), 24)).toEqual(at('2027-03-28T10:00:00+03:00'));
  });

  it('keeps the wall-clock time across the autumn clock change (25 elapsed hours)', () => {
    // 25 October 2026: the clocks go from 04.00 back to 03.00 (+03:00 → +02:00).
    const start = at('2026-10-25T10:00:00+02:00');
    const due = reminderDueAt(start, 24);
    expect(due).toEqual(at('2026-10-24T10:00:00+03:00'));
    expect(start.getTime() - due.getTime()).toBe(25 * HOUR);
  });

  it('moves a reminder out of the night of a clock change to the evening before it', () => {
    // Monday 07.30 after the spring change: Sunday 07.30 is quiet → Saturday 20.59 winter time.
    expect(reminderDueAt(at('2027-03-29T07:30:00+03:00'), 24)).toEqual(at('2027-03-27T20:59:00+02:00'));
    // An appointment at 03.30 on the Monday: Sunday 03.30 does not exist, and is quiet anyway.
    expect(reminderDueAt(at('2027-03-29T03:30:00+03:00'), 24)).toEqual(at('2027-03-27T20:59:00+02:00'));
    // The repeated hour of the autumn change.
    expect(reminderDueAt(at('2026-10-26T03:30:00+02:00'), 24)).toEqual(at('2026-10-24T20:59:00+03:00'));
  });

  it('follows a configured lead: whole days as calendar days, the rest as hours', () => {
    expect(reminderDueAt(at('2026-11-25T10:00:00+02:00'), 2)).toEqual(at('2026-11-25T08:00:00+02:00'));
    expect(reminderDueAt(at('2026-11-25T09:00:00+02:00'), 2)).toEqual(at('2026-11-24T20:59:00+02:00'));
    expect(reminderDueAt(at('2026-11-26T20:00:00+02:00'), 36)).toEqual(at('2026-11-25T08:00:00+02:00'));
    expect(reminderDueAt(at('2026-11-27T10:00:00+02:00'), 48)).toEqual(at('2026-11-25T10:00:00+02:00'));
  });

  it('is never in the quiet hours and never after the start, for every quarter hour of a clock-change week', () => {
    const from = at('2027-03-25T00:00:00+02:00').getTime();
    for (let ms = from; ms < from + 7 * 24 * HOUR; ms += HOUR / 4) {
      for (const lead of [1, 2, 12, 24, 25, 48]) {
        const start = new Date(ms);
        const due = reminderDueAt(start, lead);
        expect(due.getTime()).toBeLessThan(start.getTime());
        // At least the lead before, less the hour a spring change takes out of a calendar day.
        expect(due.getTime()).toBeLessThanOrEqual(start.getTime() - (lead >= 24 ? lead - 1 : lead) * HOUR);
        expect(inQuietHours(due)).toBe(false);
        expect(wallClock(due).hour).toBeGreaterThanOrEqual(8);
      }
    }
  });
});

describe('the reminder of a booking', () => {
  const start = at('2026-11-25T10:00:00+02:00');

  it('is scheduled when its due time is still ahead', () => {
    expect(reminderPlan(start, at('2026-11-24T09:59:00+02:00'), 24)).toEqual({ type: 'scheduled', dueAt: at('2026-11-24T10:00:00+02:00') });
  });

  it('is none when the booking is made inside the lead time (the confirmation is the reminder)', () => {
    expect(reminderPlan(start, at('2026-11-24T10:00:00+02:00'), 24)).toEqual({ type: 'none', reason: 'insideLead' });
    expect(reminderPlan(start, at('2026-11-25T09:00:00+02:00'), 24)).toEqual({ type: 'none', reason: 'insideLead' });
    // A 07.30 appointment booked the evening before at 21.30: its reminder would have been due at 20.59.
    expect(reminderPlan(at('2026-11-25T07:30:00+02:00'), at('2026-11-23T21:30:00+02:00'), 24)).toEqual({ type: 'none', reason: 'insideLead' });
  });

  it('is none for a start in the past', () => {
    expect(reminderPlan(start, start, 24)).toEqual({ type: 'none', reason: 'past' });
  });

  it('goes by SMS to a phone unless refused, and by e-mail when there is an address', () => {
    const phone = '+358401234567';
    expect(reminderChannels({ refusedSms: false, phone, email: 'a@example.fi' })).toEqual(['sms', 'email']);
    expect(reminderChannels({ refusedSms: false, phone, email: null })).toEqual(['sms']);
    expect(reminderChannels({ refusedSms: false, phone: null, email: 'a@example.fi' })).toEqual(['email']);
    expect(reminderChannels({ refusedSms: true, phone, email: 'a@example.fi' })).toEqual(['email']);
    expect(reminderChannels({ refusedSms: true, phone, email: null })).toEqual([]);
  });
});

describe('the reminder of an appointment the portal did not book (ADR 0046)', () => {
  const start = at('2026-11-25T10:00:00+02:00');

  it('is due at its due time, or at once when the sweep finds it later (nobody has had a message of it)', () => {
    expect(foundReminderDueAt(start, at('2026-11-23T10:00:00+02:00'), 24)).toEqual(at('2026-11-24T10:00:00+02:00'));
    expect(foundReminderDueAt(start, at('2026-11-24T17:00:00+02:00'), 24)).toEqual(at('2026-11-24T17:00:00+02:00'));
  });
});

describe('at send time', () => {
  const start = at('2026-11-25T10:00:00+02:00');
  const due = at('2026-11-24T10:00:00+02:00');
  const live = { startAt: start, cancelledAt: null };

  it('writes it when nothing changed', () => {
    expect(sendDecision({ startAt: start }, live, due, 24)).toEqual({ type: 'write' });
  });

  it('drops it for a cancelled or a past appointment', () => {
    expect(sendDecision({ startAt: start }, { startAt: start, cancelledAt: due }, due, 24)).toEqual({ type: 'drop', reason: 'cancelled' });
    expect(sendDecision({ startAt: start }, live, start, 24)).toEqual({ type: 'drop', reason: 'past' });
  });

  it("computes a moved appointment's reminder again", () => {
    const moved = at('2026-11-27T12:00:00+02:00');
    expect(sendDecision({ startAt: start }, { startAt: moved, cancelledAt: null }, due, 24)).toEqual({
      type: 'reschedule',
      startAt: moved,
      dueAt: at('2026-11-26T12:00:00+02:00'),
    });
    const soon = at('2026-11-24T18:00:00+02:00');
    expect(sendDecision({ startAt: start }, { startAt: soon, cancelledAt: null }, due, 24)).toEqual({ type: 'drop', reason: 'insideLead' });
  });

  it('waits through the quiet hours when the sweep runs late', () => {
    expect(sendDecision({ startAt: start }, live, at('2026-11-24T22:00:00+02:00'), 24)).toEqual({ type: 'wait' });
    expect(sendDecision({ startAt: start }, live, at('2026-11-25T08:00:00+02:00'), 24)).toEqual({ type: 'write' });
  });
});

describe("masking the confirmation page's contact details", () => {
  it('shows the operator prefix and the last four digits of a phone number', () => {
    expect(maskPhone('+358401234567')).toBe('+358 40 *** 4567');
    expect(maskPhone('+46701234567')).toBe('+467 *** 4567');
  });

  it('shows the first character and the domain of an e-mail address', () => {
    expect(maskEmail('aino@example.fi')).toBe('a…@example.fi');
    expect(maskEmail('broken')).toBe('…');
  });
});

describe('who gets a reminder or the confirmation of a new time (ADR 0034, ADR 0046)', () => {
  const booked: NoticeContact = { phone: '+358401111111', email: 'guardian@example.fi', language: 'sv' };
  const patient: NoticeContact = { phone: '+358402222222', email: 'minor@example.fi', language: 'fi' };
  const none: NoticeContact = { phone: null, email: null, language: 'fi' };
  const guardian1: NoticeContact = { phone: '+358403333333', email: null, language: 'fi' };
  const guardian2: NoticeContact = { phone: null, email: 'toinen@example.fi', language: 'en' };
  const facts = { booked, bookerMaySee: true, confidential: false, patient, guardians: [] as NoticeContact[] };

  it('the booking’s contact while whoever booked may still see the visit', () => {
    expect(noticeRecipients(facts)).toEqual({ type: 'to', recipients: [booked] });
  });

  it("the patient's own contact when the booker may no longer see it (a hidden visit, a ward no longer theirs), never the booker", () => {
    expect(noticeRecipients({ ...facts, bookerMaySee: false, confidential: true })).toEqual({ type: 'to', recipients: [patient] });
    expect(noticeRecipients({ ...facts, bookerMaySee: false, patient: { ...patient, phone: null } })).toEqual({
      type: 'to',
      recipients: [{ ...patient, phone: null }],
    });
  });

  it('the patient’s own contact for an appointment the portal did not book', () => {
    expect(noticeRecipients({ ...facts, booked: null, bookerMaySee: false, guardians: [guardian1] })).toEqual({ type: 'to', recipients: [patient] });
  });

  it('the guardians who may see it, each at their own contact, when the patient has none (a young child)', () => {
    expect(noticeRecipients({ ...facts, booked: null, patient: none, guardians: [guardian1, guardian2, none] })).toEqual({
      type: 'to',
      recipients: [guardian1, guardian2],
    });
  });

  it('nobody when no one who may see it has a contact: confidential for a hidden visit', () => {
    expect(noticeRecipients({ ...facts, bookerMaySee: false, confidential: true, patient: none })).toEqual({ type: 'none', reason: 'confidential' });
    expect(noticeRecipients({ ...facts, booked: null, patient: none })).toEqual({ type: 'none', reason: 'noContact' });
  });
});
