/**
 * The accessibility feedback form (issue 23 part 5, ADR 0032): where the barrier is, what it is,
 * and an optional e-mail address for the answer. Anyone may send it, logged in or not, with or
 * without JavaScript. One schema for the form's native constraints and the server's check.
 * Client-safe.
 */
import { z } from 'zod';
import type { TextKey } from '~/i18n/keys';
import { isValidEmail } from '../contact';
import { EMAIL_FIELD_MAX_LENGTH, refuseControlCharacters } from '../schemas';

export const FEEDBACK_LOCATION_MAX_LENGTH = 300;
export const FEEDBACK_DESCRIPTION_MAX_LENGTH = 4000;
/** The staff list's page size. */
export const FEEDBACK_PAGE_SIZE = 20;

const MESSAGES = {
  locationRequired: 'accessibility.feedbackForm.errors.locationRequired',
  locationTooLong: 'accessibility.feedbackForm.errors.locationTooLong',
  descriptionRequired: 'accessibility.feedbackForm.errors.descriptionRequired',
  descriptionTooLong: 'accessibility.feedbackForm.errors.descriptionTooLong',
  email: 'accessibility.feedbackForm.errors.email',
  controlCharacters: 'validation.controlCharacters',
} as const satisfies Record<string, TextKey>;

export const feedbackSchema = z.object({
  /** The page or place where the problem is (a page's name or address, "the login page" …). */
  location: refuseControlCharacters(
    z.string({ error: MESSAGES.locationRequired }).trim().min(1, MESSAGES.locationRequired).max(FEEDBACK_LOCATION_MAX_LENGTH, MESSAGES.locationTooLong),
  ),
  /** What the problem is (free text, several lines). */
  description: refuseControlCharacters(
    z
      .string({ error: MESSAGES.descriptionRequired })
      .trim()
      .min(1, MESSAGES.descriptionRequired)
      .max(FEEDBACK_DESCRIPTION_MAX_LENGTH, MESSAGES.descriptionTooLong),
    { multiline: true },
  ),
  /** Optional: where to send the acknowledgement and the answer. */
  email: z
    .string()
    .trim()
    .max(EMAIL_FIELD_MAX_LENGTH, MESSAGES.email)
    .refine((value) => isValidEmail(value), MESSAGES.email)
    .optional(),
});

export type FeedbackInput = z.output<typeof feedbackSchema>;
/** The form's fields as typed (conform's view of the form). */
export type FeedbackFormValues = z.input<typeof feedbackSchema>;

/** One received feedback as the staff list shows it (the texts are rendered as text, never as HTML). */
export interface FeedbackView {
  id: number;
  receivedText: string;
  brand: 'general' | 'children';
  language: 'fi' | 'sv' | 'en';
  location: string;
  description: string;
  email: string | null;
  acknowledged: boolean;
}
