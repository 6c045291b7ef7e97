/**
 * What the booking confirmation page says of the messages (ADR 0031): where the confirmation
 * went and where and when the reminder will go, with the phone number and the e-mail address
 * masked (the page may be on a shared screen). Client-safe.
 */

export type ReminderNoticeChannel = 'sms' | 'email';

export interface ReminderNoticeView {
  /** Where the confirmation went, masked (`+358 40 *** 4567`, `a…@example.fi`). */
  confirmation: { phone: string; email: string | null };
  reminder:
    | { type: 'scheduled'; channels: ReminderNoticeChannel[]; dueText: string; refusedSms: boolean }
    | { type: 'written' }
    | { type: 'none'; reason: 'insideLead' | 'refused' | 'other' };
  /** The lead time in hours (the "inside the lead time" text names it). */
  leadHours: number;
}

/**
 * A scheduled reminder on /dev/outbox: due time (ISO), appointment, the channels it would go out
 * on now (null: the portal did not book it, and whom it goes to is decided when it is written).
 */
export interface ScheduledReminderView {
  appointmentId: number;
  dueAt: string;
  channels: ReminderNoticeChannel[] | null;
  refusedSms: boolean;
}

/** `+358401234567` → `+358 40 *** 4567`: the operator prefix and the last four digits. */
export function maskPhone(phone: string): string {
  const compact = phone.replace(/[\s-]/g, '');
  const last = compact.slice(-4);
  if (compact.startsWith('+358') && compact.length > 9) return `+358 ${compact.slice(4, 6)} *** ${last}`;
  if (compact.length <= 6) return `*** ${last}`;
  return `${compact.slice(0, 4)} *** ${last}`;
}

/** `aino@example.fi` → `a…@example.fi`: the first character of the local part and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}
