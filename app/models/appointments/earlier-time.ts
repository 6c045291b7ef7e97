/**
 * Earlier-time offers (issue 24 part 2, ADR 0037): the vocabulary shared by the schema, the
 * service and the pages. Client-safe: no database, no `*.server`.
 */
import { z } from 'zod';
import type { TextKey } from '~/i18n/keys';
import { isDate } from '~/lib/dates';

/**
 * A request to be told of an earlier time:
 * - `active`: waiting, in the order of `requested_at`;
 * - `fulfilled`: the patient took an offered time (the appointment moved);
 * - `withdrawn`: the patient withdrew it;
 * - `ended`: the appointment was cancelled, has passed, or can no longer be moved online.
 */
export const EARLIER_TIME_REQUEST_STATES = ['active', 'fulfilled', 'withdrawn', 'ended'] as const;
export type EarlierTimeRequestState = (typeof EARLIER_TIME_REQUEST_STATES)[number];

/**
 * One freed time offered to one request:
 * - `open`: sent, can be taken until `expires_at`;
 * - `accepted`: this link took the time (single use: it takes nothing more);
 * - `taken`: someone else took the time first;
 * - `expired`: nobody took it in time with this link;
 * - `void`: the request ended (fulfilled by another offer, withdrawn, cancelled, passed), or the
 *   take failed for another reason.
 */
export const EARLIER_TIME_OFFER_STATES = ['open', 'accepted', 'taken', 'expired', 'void'] as const;
export type EarlierTimeOfferState = (typeof EARLIER_TIME_OFFER_STATES)[number];

/** What the appointment page shows of the appointment's request. */
export type EarlierTimeStatusView =
  | { type: 'none'; mayRequest: boolean }
  | {
      type: 'active';
      requestedText: string;
      latestDateText: string;
      practitionerName: string | null;
      clinicNames: string[];
    };

/**
 * What the offer page shows: an open offer its time beside the appointment's current one; a
 * closed link (used, taken, expired, no longer valid or no longer the requester's to see) only its
 * own state, nothing of the appointment (issue 39).
 */
export type OfferPageView =
  | { state: 'notFound' }
  | { state: 'accepted' | 'taken' | 'expired' | 'ended' }
  | {
      state: 'open';
      offerId: number;
      current: { startText: string; placeText: string };
      offered: { startText: string; placeText: string; practitionerName: string; specialtyName: string };
      expiresText: string;
      /** The offered time starts within the binding-reservation window: taking it is binding. */
      binding: { hours: number } | null;
    };

/** The result of "take it". */
export type TakeOfferResult = 'success' | 'alreadyYours' | 'taken' | 'expired' | 'ended' | 'notFound' | 'bindingRequired' | 'failed';

// ---------------------------------------------------------------------------------------------
// The request form: one schema for the form's native constraints and the server's check.

const MESSAGES = {
  practitioner: 'earlierTime.request.errors.practitioner',
  clinics: 'earlierTime.request.errors.clinics',
  latestDate: 'earlierTime.request.errors.latestDate',
} as const satisfies Record<string, TextKey>;

export const earlierTimeRequestSchema = z.object({
  /** This practitioner only, or any practitioner of the specialty. */
  practitioner: z.enum(['same', 'any'], { error: MESSAGES.practitioner }),
  /** One or more clinics (the page offers those where the service is given). */
  clinicIds: z
    .array(
      z
        .string()
        .trim()
        .refine((value) => /^[A-Za-z0-9_-]{1,20}$/.test(value), MESSAGES.clinics),
      { error: MESSAGES.clinics },
    )
    .min(1, MESSAGES.clinics)
    .max(50, MESSAGES.clinics),
  /** The latest acceptable date (YYYY-MM-DD, Helsinki); its range is checked against the appointment. */
  latestDate: z
    .string({ error: MESSAGES.latestDate })
    .trim()
    .refine((value) => isDate(value), MESSAGES.latestDate),
  // No phone or e-mail: the offers go to the requester's own saved contact (issue 39).
});

export type EarlierTimeRequestValues = z.input<typeof earlierTimeRequestSchema>;
