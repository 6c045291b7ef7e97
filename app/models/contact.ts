/**
 * Contact detail validators (phone, e-mail, postal code), and the one mapping of a person's
 * stored details to the contact values the forms and pages show (`contactValuesOf`).
 * All functions trim surrounding whitespace before checking.
 */
import type { Language } from '~/i18n/config';
import { toE164 } from './sms/phone';
import { hasControlCharacters } from './text';

/**
 * Normalises a Finnish phone number to the international form `+358…`, or returns null when it
 * is not a valid Finnish number: the one phone rule, `toE164` (`./sms/phone`, what every SMS is
 * checked with), restricted to Finland's country code. So a form accepts what an SMS can be sent
 * to: spaces, dashes, dots and one pair of parentheses as separators, `+358`, `00358` or the
 * trunk `0`, `+358 (0)40…`; the national number has a non-zero first digit and 5–12 digits
 * (`+358 040…` is refused); other countries' numbers are refused.
 *
 * Examples: `040 123 4567` → `+358401234567`, `09 1234567` → `+35891234567`.
 */
export function normalizeFinnishPhone(input: string): string | null {
  const result = toE164(input);
  return result.ok && result.e164.startsWith('+358') ? result.e164 : null;
}

/** True when {@link normalizeFinnishPhone} accepts the input. */
export function isValidFinnishPhone(input: string): boolean {
  return normalizeFinnishPhone(input) !== null;
}

export const EMAIL_MAX_LENGTH = 254;

/**
 * Pragmatic e-mail check (not full RFC 5322), after trimming:
 * - at most 254 characters, no whitespace;
 * - exactly one `@` with a non-empty local part;
 * - a domain of at least two non-empty dot-separated labels whose last
 *   label (the TLD) is 2+ letters (Unicode letters allowed).
 */
export function isValidEmail(input: string): boolean {
  const value = input.trim();
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  if (/\s/.test(value) || hasControlCharacters(value)) return false;

  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  if (local.length === 0) return false;

  const labels = domain.split('.');
  if (labels.length < 2 || labels.some((label) => label.length === 0)) return false;
  const tld = labels[labels.length - 1] ?? '';
  return /^\p{L}{2,}$/u.test(tld);
}

/** Consumer Gmail's domains: one mailbox, whatever the dots in its name (Google's own rule). */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an e-mail address delivers to, as far as the portal can tell: the key of limits
 * counted per recipient (how many messages an address typed into a form may receive), so that
 * spellings of one mailbox share one count. Never an address to send to, and never shown.
 *
 * - Trimmed and lower-cased (providers treat the name case-insensitively in practice).
 * - A `+tag` ends the name (sub-addressing: `name+1@` and `name@` reach one mailbox at Gmail,
 *   Outlook.com, iCloud, Fastmail, Proton and most company mail systems). Where `+` is an
 *   ordinary character two mailboxes may share a count: they then get fewer messages, never more.
 * - Consumer Gmail (`gmail.com`, `googlemail.com`) ignores dots in the name and is one domain:
 *   `m.e.i.k.a@googlemail.com` is `meika@gmail.com`. Not for other domains (Google Workspace
 *   and others deliver `a.b@` and `ab@` to different people).
 * - The domain without a final dot, in its ASCII (IDNA) form, so `ä.fi` and `xn--4ca.fi` are one.
 */
export function mailboxKey(address: string): string {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at <= 0) return value;
  let local = value.slice(0, at);
  let domain = value.slice(at + 1).replace(/\.$/, '');
  try {
    domain = new URL(`http://${domain}`).hostname || domain;
  } catch {
    // Not a host name URL accepts: the lower-cased domain as typed.
  }
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** Finnish postal code: exactly five digits after trimming, e.g. `00100`. */
export function isValidPostalCode(input: string): boolean {
  return /^\d{5}$/.test(input.trim());
}

/** The contact info editor's values (names read-only). */
export interface ContactValues {
  firstName: string;
  lastName: string;
  streetAddress: string;
  zipCode: string;
  postOffice: string;
  phoneNumber: string;
  emailAddress: string;
  language: Language;
}

/**
 * A person row's contact values (missing ones empty): the one person-to-contact mapping that my
 * information, registration (own and a ward's) and the reservation form start from.
 */
export function contactValuesOf(person: {
  firstName: string;
  lastName: string;
  streetAddress: string | null;
  postalCode: string | null;
  postOffice: string | null;
  phone: string | null;
  email: string | null;
  language: Language;
}): ContactValues {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    streetAddress: person.streetAddress ?? '',
    zipCode: person.postalCode ?? '',
    postOffice: person.postOffice ?? '',
    phoneNumber: person.phone ?? '',
    emailAddress: person.email ?? '',
    language: person.language,
  };
}
