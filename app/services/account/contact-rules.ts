/**
 * The rules of a contact change (ADR 0047), pure so they are unit-tested without a database:
 * whether a session's identification is recent and strong enough to change the phone number or
 * the e-mail address, and which of the two a change touches.
 */
import { SMS_CODE_PROVIDER } from '~/models/identity-providers';

export interface Identification {
  /** The session's identification method: a bank's or the mobile certificate's acr, or `sms-code`. */
  identityProvider: string;
  /** When the session's person identified (a resumed session: when the SMS code was typed). */
  authenticatedAt: Date;
}

/**
 * Whether the session may change the phone or the e-mail now: identified strongly (not with an
 * SMS code, which goes to a phone the change could be taking over) within `maxAgeMinutes`.
 */
export function identifiedRecently(session: Identification, now: Date, maxAgeMinutes: number): boolean {
  if (session.identityProvider === SMS_CODE_PROVIDER) return false;
  const age = now.getTime() - session.authenticatedAt.getTime();
  return age >= 0 && age <= maxAgeMinutes * 60_000;
}

export interface Channels {
  phone: string | null;
  email: string | null;
}

/**
 * Which channels a change touches. The phone is compared as stored (normalised `+358…`); an
 * e-mail address in another letter case is the same mailbox. A value added where there was none
 * is a change too (it needs the identification), but there is nobody to tell.
 */
export function changedChannels(before: Channels, after: Channels): { phone: boolean; email: boolean } {
  const email = (value: string | null) => (value ?? '').trim().toLowerCase();
  return { phone: (before.phone ?? '') !== (after.phone ?? ''), email: email(before.email) !== email(after.email) };
}
