/**
 * The zod-free part of my information (spec 2 §3–§5): limits, field lists and the phone's
 * display form. The forms import these (they are rendered in the browser after a client
 * navigation too), so the browser never needs zod for them; the schemas in ./my-information.ts
 * are built on the same constants.
 */
import { normalizeFinnishPhone } from '../contact';

/** The contact form's phone field: at most 15 characters as typed (spec 2 §5, §9). */
export const CONTACT_PHONE_MAX = 15;
/** The contact form's e-mail field: at most 78 characters. */
export const CONTACT_EMAIL_MAX = 78;

/**
 * What the phone field shows after leaving it (spec 2 §5: "normalised on blur"): a valid Finnish
 * number in the `+358…` form without spaces; anything else as typed, so nothing is lost.
 */
export function normalizePhoneForDisplay(value: string): string {
  return normalizeFinnishPhone(value) ?? value;
}

export const CONTACT_FIELDS = ['streetAddress', 'zipCode', 'postOffice', 'phoneNumber', 'emailAddress', 'language'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The fields of a refused form in display order: the error line names them (spec 2 §5 "Check {field names}"). */
export function invalidFields<F extends string>(order: readonly F[], errors: Record<string, unknown> | undefined): F[] {
  if (!errors) return [];
  return order.filter((name) => Array.isArray(errors[name]) && (errors[name] as unknown[]).length > 0);
}

export const MAX_GUARDIANS = 2;

/** A guardian entered for a minor's record, as the form shows and edits them (empty, not null, when missing). */
export interface GuardianView {
  name: string;
  phone: string;
  emailAddress: string;
  isGuardianHasSameAddress: boolean;
  streetAddress: string;
  zipCode: string;
  postOffice: string;
}
export const GUARDIAN_LIMITS = { name: 40, phone: 20, emailAddress: 100, streetAddress: 30, postOffice: 30 } as const;
