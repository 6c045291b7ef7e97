/**
 * Zod field and form schemas of reserving, registration and the patient data consent, shared by
 * the forms (conform, in the browser too) and the services (the authority). Built on the shared
 * validators of `./schemas`; error messages are i18n keys.
 */
import { z } from 'zod';
import type { TextKey } from '~/i18n/keys';
import { emailSchema, identityCodeSchema, phoneSchema, postalCodeSchema, refuseControlCharacters, VALIDATION_MESSAGES } from '../schemas';

export const RESERVATION_MESSAGES = {
  terms: 'reservation.validation.terms',
  binding: 'reservation.validation.binding',
  readConfirmation: 'reservation.validation.readConfirmation',
  nameLength: 'reservation.validation.nameLength',
  streetAddress: 'reservation.validation.streetAddress',
  postOffice: 'reservation.validation.postOffice',
} as const satisfies Record<string, TextKey>;

export const NAME_MAX_LENGTH = 50;
export const STREET_ADDRESS_MIN = 2;
export const STREET_ADDRESS_MAX = 30;
export const POST_OFFICE_MIN = 2;
export const POST_OFFICE_MAX = 30;

/** A required, trimmed text of `min`–`max` characters with one message for a wrong length; no control characters. */
function lengthText(min: number, max: number, message: string) {
  return refuseControlCharacters(
    z.string({ error: VALIDATION_MESSAGES.required }).trim().min(1, { message: VALIDATION_MESSAGES.required }).min(min, { message }).max(max, { message }),
  );
}

/** First or last name: required, at most 50 characters. */
export const personNameSchema = lengthText(1, NAME_MAX_LENGTH, RESERVATION_MESSAGES.nameLength);
export const streetAddressSchema = lengthText(STREET_ADDRESS_MIN, STREET_ADDRESS_MAX, RESERVATION_MESSAGES.streetAddress);
export const postOfficeSchema = lengthText(POST_OFFICE_MIN, POST_OFFICE_MAX, RESERVATION_MESSAGES.postOffice);

/** A checkbox that must be ticked (conform turns "on" into true; unticked is missing). */
function mustBeTicked(message: string) {
  return z.literal(true, { error: message });
}

/** An optional checkbox: ticked is true, anything else false. */
const optionalTick = z.boolean().optional().default(false);

export interface ReservationFormOptions {
  /** The appointment starts within the binding-consent window (see reservation-rules). */
  bindingRequired: boolean;
  /**
   * Occupational health: the confirmation of the agreement the employee ticks (its wording
   * depends on the specialty; `none` and null ask nothing). See occupational-rules.
   */
  confirmation?: string | null;
}

/** The occupational confirmation checkbox's message key (the texts live in booking-more.ts). */
export const OCCUPATIONAL_CONFIRMATION_REQUIRED = 'occupational.confirmation.required' satisfies TextKey;

function bindingField({ bindingRequired }: ReservationFormOptions) {
  return bindingRequired ? mustBeTicked(RESERVATION_MESSAGES.binding) : optionalTick;
}

/** The anonymous reservation form (spec 3 §5): identity code, names, contact, terms, binding consent. */
export function anonymousReservationSchema(options: ReservationFormOptions) {
  return z.object({
    ssn: identityCodeSchema,
    firstName: personNameSchema,
    lastName: personNameSchema,
    phone: phoneSchema,
    emailAddress: emailSchema,
    termsApproved: mustBeTicked(RESERVATION_MESSAGES.terms),
    bindingApproved: bindingField(options),
  });
}

export type AnonymousReservationFields = z.infer<ReturnType<typeof anonymousReservationSchema>>;

/** The logged-in reservation form: contact details (prefilled, editable) and the binding consent. */
export function userReservationSchema(options: ReservationFormOptions) {
  const confirmationAsked = options.confirmation != null && options.confirmation !== 'none';
  return z.object({
    phone: phoneSchema,
    emailAddress: emailSchema,
    bindingApproved: bindingField(options),
    contractConfirmed: confirmationAsked ? mustBeTicked(OCCUPATIONAL_CONFIRMATION_REQUIRED) : optionalTick,
  });
}

export type UserReservationFields = z.infer<ReturnType<typeof userReservationSchema>>;

/** Private-customer registration (spec 3 §3; limits of spec 2 §5). The identity code is fixed. */
export const registrationSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  streetAddress: streetAddressSchema,
  zipCode: postalCodeSchema,
  postOffice: postOfficeSchema,
  phoneNumber: phoneSchema,
  emailAddress: emailSchema,
});

export type RegistrationFields = z.infer<typeof registrationSchema>;

/** The five consents of spec 2 §3, in display order. */
export const CONSENT_FIELDS = [
  'allowsCommonRegistry',
  'allowsViewingOccupationalInformation',
  'allowsMarketingMail',
  'allowsTreatmentInstructionsMail',
  'allowsBookingSms',
] as const;

export type ConsentField = (typeof CONSENT_FIELDS)[number];
export type ConsentChoices = Record<ConsentField, boolean>;

/**
 * The patient data consent form. The first time it is filled the privacy statement must be
 * confirmed as read; afterwards it is pre-confirmed (spec 2 §4).
 */
export function consentSchema({ firstTime }: { firstTime: boolean }) {
  return z.object({
    allowsCommonRegistry: optionalTick,
    allowsViewingOccupationalInformation: optionalTick,
    allowsMarketingMail: optionalTick,
    allowsTreatmentInstructionsMail: optionalTick,
    allowsBookingSms: optionalTick,
    readConfirmation: firstTime ? mustBeTicked(RESERVATION_MESSAGES.readConfirmation) : optionalTick,
  });
}

export type ConsentFields = z.infer<ReturnType<typeof consentSchema>>;

/** Field errors of a failed parse, as field name → message keys (the API's `validation` answer). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = issue.path.join('.') || 'form';
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}
