/**
 * Earlier-time offers, the pure rules (ADR 0037; unit-tested without a database): when an offer
 * closes, whether a freed time suits a request, and whether a request still stands.
 */

export interface OfferSettings {
  /** How long an offer link can take the time. */
  offerMinutes: number;
  /** How many waiting patients one freed time is offered to at once. */
  batchSize: number;
  /** An offer closes at the latest this long before the time starts. */
  minNoticeMinutes: number;
  /** Online moves (like cancellations) end this long before the current appointment. */
  cancellationLimitHours: number;
}

/** An offer shorter than this is not worth a message: the time is left for the phone. */
export const MIN_OFFER_MINUTES = 10;

const MINUTE = 60_000;

/**
 * When an offer of a time starting at `startAt`, sent at `now`, closes: after its lifetime, or
 * `minNoticeMinutes` before the start if that comes first. Null when less than MIN_OFFER_MINUTES
 * would be left (the time is too close to be offered).
 */
export function offerExpiry(startAt: Date, now: Date, settings: Pick<OfferSettings, 'offerMinutes' | 'minNoticeMinutes'>): Date | null {
  const closes = Math.min(now.getTime() + settings.offerMinutes * MINUTE, startAt.getTime() - settings.minNoticeMinutes * MINUTE);
  return closes - now.getTime() >= MIN_OFFER_MINUTES * MINUTE ? new Date(closes) : null;
}

export interface RequestFacts {
  specialtyId: string;
  practitionerId: string | null;
  clinicIds: readonly string[];
  latestDate: string;
}

export interface AppointmentFacts {
  startAt: Date;
  cancelledAt: Date | null;
  payerType: string;
}

export interface SlotFacts {
  startAt: Date;
  localDate: string;
  specialtyId: string;
  practitionerId: string;
  clinicId: string;
  payerTypes: readonly string[];
}

/**
 * Whether the freed time suits the request: the same specialty, the chosen practitioner (or
 * any), one of the chosen clinics, on or before the latest date, open to the appointment's payer,
 * EARLIER than the current appointment, and the current appointment still movable online (the
 * cancellation limit). The SQL of the matching says the same (earlier-times.server.ts).
 */
export function slotSuitsRequest(slot: SlotFacts, request: RequestFacts, appointment: AppointmentFacts, now: Date, cancellationLimitHours: number): boolean {
  return (
    appointment.cancelledAt === null &&
    slot.specialtyId === request.specialtyId &&
    (request.practitionerId === null || request.practitionerId === slot.practitionerId) &&
    request.clinicIds.includes(slot.clinicId) &&
    slot.localDate <= request.latestDate &&
    slot.payerTypes.includes(appointment.payerType) &&
    slot.startAt.getTime() < appointment.startAt.getTime() &&
    slot.startAt.getTime() > now.getTime() &&
    isMovable(appointment.startAt, now, cancellationLimitHours)
  );
}

/** The appointment can still be moved online (outside the cancellation limit). */
export function isMovable(startAt: Date, now: Date, cancellationLimitHours: number): boolean {
  return startAt.getTime() - now.getTime() >= cancellationLimitHours * 3_600_000;
}

/**
 * Why an active request has ended, or null while it stands: the appointment was cancelled, or
 * it can no longer be moved (inside the cancellation limit, or passed), or the latest acceptable
 * date has passed (no earlier time can suit it any more).
 */
export function requestEndReason(
  appointment: { startAt: Date; cancelledAt: Date | null },
  request: { latestDate: string },
  now: Date,
  today: string,
  cancellationLimitHours: number,
): 'cancelled' | 'passed' | null {
  if (appointment.cancelledAt) return 'cancelled';
  if (!isMovable(appointment.startAt, now, cancellationLimitHours)) return 'passed';
  if (request.latestDate < today) return 'passed';
  return null;
}
