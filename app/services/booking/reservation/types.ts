/** The reservation service's inputs and results (reservation.server.ts and its parts). */
import type { BrandKey } from '~/brands';
import type { Language } from '~/i18n/config';
import type { PriceView } from '~/models/appointments/appointment';
import type { FhirClient } from '~/services/practice-system/fhir-client';
import type { PayerKey } from '../payers/payer-rules';
import type { ReservationFailure } from '../reservation-flow-rules';
import type { ReservationSettings } from './settings.server';

/** What the confirmation page and the API show of a new reservation. */
export interface ReservationDetails {
  appointmentId: number;
  startAt: string;
  endAt: string;
  durationMinutes: number;
  kindId: string;
  kind: string;
  specialty: string;
  locationType: string;
  isRemote: boolean;
  clinic: { name: string; streetAddress: string | null; postalCode: string | null; postOffice: string | null };
  practitioner: { name: string; title: string };
  price: PriceView | null;
  anonymousLink: string;
}

export type ReservationResult =
  | { type: 'success'; appointmentId: number; anonymousCode: string; reservationDetails: ReservationDetails }
  | { type: 'validation'; fields: Record<string, string[]> }
  | { type: ReservationFailure };

export interface ReservationContext {
  lang: Language;
  /** Public origin for the appointment link in the messages. */
  origin: string;
  brand: BrandKey;
  /** The mobile app's web view opened the portal. */
  inApp: boolean;
  payer?: PayerKey;
  now?: Date;
  settings?: ReservationSettings;
  /** The practice system to book at first (ADR 0051); default by PRACTICE_SYSTEM (null: the built-in calendar). */
  practiceSystem?: FhirClient | null;
}

/** The context with its defaults filled in. */
export type ResolvedContext = Required<Omit<ReservationContext, 'payer'>>;
