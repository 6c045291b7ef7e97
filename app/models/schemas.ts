/**
 * Zod 4 field schemas for conform forms, built on the shared validators.
 *
 * Error messages are i18n keys, not display text. Conform submits empty
 * fields as `undefined`, so every schema reports a missing value through
 * its type's `error`; whitespace-only input is also reported as required.
 *
 * Validity checks run as transforms: zod skips a transform when an earlier
 * check (required / max length) already failed, so each field reports a
 * single, most relevant message.
 */
import { z } from 'zod';
import type { TextKey } from '~/i18n/keys';

import { isValidEmail, isValidPostalCode, normalizeFinnishPhone } from './contact';
import { isValidIdentityCode } from './identity-code';
import { hasControlCharacters, type TextRules } from './text';

export const VALIDATION_MESSAGES = {
  required: 'validation.required',
  identityCode: 'validation.identityCode',
  phone: 'validation.phone',
  email: 'validation.email',
  postalCode: 'validation.postalCode',
  maxLength: 'validation.maxLength',
  controlCharacters: 'validation.controlCharacters',
} as const satisfies Record<string, TextKey>;

/**
 * The one rule of every free-text field (names, addresses, messages, the reason for the visit,
 * renewal and questionnaire answers, staff notes): no control characters (NUL …; see ./text.ts),
 * refused with a translated message (`message`, a text key; pages that translate within their
 * own namespace pass theirs). The identity code, phone, e-mail and postal code schemas refuse
 * them by their format. `tests`: app/models/free-text.test.ts puts a NUL into every string field
 * of every exported schema.
 *
 * A refinement at the end of the field's chain, not a `.regex()`: conform would render a regex
 * as the input's `pattern` attribute.
 */
export function refuseControlCharacters<T extends z.ZodType>(
  schema: T,
  { multiline = false, message = VALIDATION_MESSAGES.controlCharacters }: TextRules & { message?: string } = {},
): T {
  return schema.refine((value: unknown) => typeof value !== 'string' || !hasControlCharacters(value, { multiline }), { message });
}

export const IDENTITY_CODE_MAX_LENGTH = 11;
/** Generous limit on the typed form (digits plus spaces/dashes). */
export const PHONE_MAX_LENGTH = 30;
export const EMAIL_FIELD_MAX_LENGTH = 78;

/** A trimmed, required string. */
function requiredString() {
  return z.string({ error: VALIDATION_MESSAGES.required }).trim().min(1, { message: VALIDATION_MESSAGES.required });
}

/** Trimmed, upper-cased, valid identity code (development form accepted). */
export const identityCodeSchema = requiredString()
  .toUpperCase()
  .max(IDENTITY_CODE_MAX_LENGTH, { message: VALIDATION_MESSAGES.maxLength })
  .transform((value, ctx) => {
    if (!isValidIdentityCode(value)) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.identityCode });
      return z.NEVER;
    }
    return value;
  });

/**
 * A Finnish phone number of at most `max` characters as typed (over it: `maxMessage`); the
 * output is the normalised `+358…` form. The one phone schema of every form.
 */
export function finnishPhoneSchema(max: number, maxMessage: string = VALIDATION_MESSAGES.maxLength) {
  return requiredString()
    .max(max, { message: maxMessage })
    .transform((value, ctx) => {
      const normalized = normalizeFinnishPhone(value);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.phone });
        return z.NEVER;
      }
      return normalized;
    });
}

/** Finnish phone number; the output is the normalised `+358…` form. */
export const phoneSchema = finnishPhoneSchema(PHONE_MAX_LENGTH);

/** Trimmed e-mail address, at most 78 characters. */
export const emailSchema = requiredString()
  .max(EMAIL_FIELD_MAX_LENGTH, { message: VALIDATION_MESSAGES.maxLength })
  .transform((value, ctx) => {
    if (!isValidEmail(value)) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.email });
      return z.NEVER;
    }
    return value;
  });

/** Trimmed five-digit Finnish postal code. */
export const postalCodeSchema = requiredString().transform((value, ctx) => {
  if (!isValidPostalCode(value)) {
    ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.postalCode });
    return z.NEVER;
  }
  return value;
});
