/** The reservation's settings from the environment (limits and the hours shown in the terms). */
import { env } from '~/env.server';

export interface ReservationSettings {
  /** Future online reservations one person may hold at once (MAX_FUTURE_RESERVATIONS). */
  maxFutureReservations: number;
  /** The binding consent is asked when the start is this close (BINDING_CONSENT_HOURS). */
  bindingConsentHours: number;
  /** Shown in the terms and the confirmation (CANCELLATION_LIMIT_HOURS). */
  cancellationLimitHours: number;
}

export function reservationSettings(): ReservationSettings {
  const e = env();
  return {
    maxFutureReservations: e.MAX_FUTURE_RESERVATIONS,
    bindingConsentHours: e.BINDING_CONSENT_HOURS,
    cancellationLimitHours: e.CANCELLATION_LIMIT_HOURS,
  };
}
