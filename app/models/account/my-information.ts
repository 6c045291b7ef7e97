/**
 * My information (spec 2 §3–§5, spec 3 §5): the contact form's schema, the guardian limits and
 * the SMS code format, used by the actions and the services (the authority) and, through
 * conform's `getZodConstraint`, by the loaders for the forms' native constraints. Error messages
 * are i18n keys. Pure; the forms' limits and
 * field lists are here too.
 */
import { z } from 'zod';
import { LANGUAGES } from '~/i18n/config';
import type { TextKey } from '~/i18n/keys';
import { isValidEmail } from '../contact';
import { streetAddressSchema, postOfficeSchema } from '../booking/reservation-schemas';
import { emailSchema, finnishPhoneSchema, postalCodeSchema, refuseControlCharacters, VALIDATION_MESSAGES } from '../schemas';

/** The contact form's phone field: at most 15 characters as typed (spec 2 §5, §9). */
export const CONTACT_PHONE_MAX = 15;
/** The contact form's e-mail field: at most 78 characters. */
export const CONTACT_EMAIL_MAX = 78;

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

export const contactSchema = z.object({
  streetAddress: streetAddressSchema,
  zipCode: postalCodeSchema,
  postOffice: postOfficeSchema,
  phoneNumber: finnishPhoneSchema(CONTACT_PHONE_MAX),
  emailAddress: emailSchema,
  language: z.enum(LANGUAGES, { error: VALIDATION_MESSAGES.required }),
});

export type ContactFields = z.infer<typeof contactSchema>;

/** The patient as my information shows it (spec 2 §3 "Patient"). */
export interface PatientView {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  language: 'fi' | 'sv' | 'en';
  postalAddress: { street: string; postalCode: string; postOffice: string };
  patientDataConsent: Record<string, boolean> | null;
  patientDataConsentFormUpdated: string | null;
}

/** SMS codes are four digits (spec 2 §7 "array of 4 digits"). */
export const SMS_CODE_LENGTH = 4;

export const smsCodeSchema = z
  .string({ error: VALIDATION_MESSAGES.required })
  .trim()
  .min(1, { message: VALIDATION_MESSAGES.required })
  .regex(/^\d{4}$/, { message: 'myInformation.mfa.codeFormat' satisfies TextKey });

// ---------------------------------------------------------------------------------------------
// Guardians of a minor (spec 2 §3 "Guardian", §5)

/** "Maximum character length is {n}" as an i18n key per limit (zod messages are keys). */
const maxMessage = (n: number) => `myInformation.validation.max${n}`;

function limitedText(max: number) {
  return refuseControlCharacters(
    z
      .string({ error: VALIDATION_MESSAGES.required })
      .trim()
      .min(1, { message: VALIDATION_MESSAGES.required })
      .max(max, { message: maxMessage(max) }),
  );
}

const optionalText = (max: number) =>
  refuseControlCharacters(
    z
      .string()
      .trim()
      .max(max, { message: maxMessage(max) }),
  ).optional();

export const guardianSchema = z
  .object({
    name: limitedText(GUARDIAN_LIMITS.name),
    phone: finnishPhoneSchema(GUARDIAN_LIMITS.phone, maxMessage(GUARDIAN_LIMITS.phone)),
    emailAddress: z
      .string({ error: VALIDATION_MESSAGES.required })
      .trim()
      .min(1, { message: VALIDATION_MESSAGES.required })
      .max(GUARDIAN_LIMITS.emailAddress, { message: maxMessage(GUARDIAN_LIMITS.emailAddress) })
      .refine(isValidEmail, { message: VALIDATION_MESSAGES.email }),
    isGuardianHasSameAddress: z.boolean().optional().default(false),
    streetAddress: optionalText(GUARDIAN_LIMITS.streetAddress),
    zipCode: refuseControlCharacters(z.string().trim()).optional(),
    postOffice: optionalText(GUARDIAN_LIMITS.postOffice),
  })
  .superRefine((value, ctx) => {
    if (value.isGuardianHasSameAddress) return;
    if (!value.streetAddress) ctx.addIssue({ code: 'custom', path: ['streetAddress'], message: VALIDATION_MESSAGES.required });
    if (!value.postOffice) ctx.addIssue({ code: 'custom', path: ['postOffice'], message: VALIDATION_MESSAGES.required });
    if (!value.zipCode || !/^\d{5}$/.test(value.zipCode)) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: VALIDATION_MESSAGES.postalCode });
    }
  })
  .transform((value) => (value.isGuardianHasSameAddress ? { ...value, streetAddress: undefined, zipCode: undefined, postOffice: undefined } : value));

export const guardiansSchema = z.object({
  wardId: z.uuid(),
  guardians: z.array(guardianSchema).max(MAX_GUARDIANS).optional().default([]),
});

export type GuardianFields = z.output<typeof guardianSchema>;

/** The first guardian's prefilled name: the patient's last name, then first names (spec 2 §3). */
export function prefilledGuardianName(person: { firstName: string; lastName: string }): string {
  return `${person.lastName} ${person.firstName}`.trim().slice(0, GUARDIAN_LIMITS.name);
}
