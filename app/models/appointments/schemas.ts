/**
 * The appointment page's form fields (zod; the page validates on the server only, ADR 0009).
 * Error messages are text keys.
 */
import { z } from 'zod';
import type { TextKey } from '~/i18n/keys';
import { refuseControlCharacters } from '../schemas';
import { ARRIVAL_REASON_MAX } from './appointment';

/** The reason for the visit: required, at most 300 characters, several lines allowed, no control characters. */
export const arrivalReasonSchema = refuseControlCharacters(
  z
    .string({ error: 'validation.required' satisfies TextKey })
    .trim()
    .min(1, 'validation.required' satisfies TextKey)
    .max(ARRIVAL_REASON_MAX, 'appointments.arrivalReason.overLimit' satisfies TextKey),
  { multiline: true },
);
