/**
 * The payer registry (ADR 0025): the one place that knows every payer. Pages, JSON routes and
 * the reservation service ask it for the payer and call the `Payer` interface; to add a payer,
 * implement it beside these and register it here and in payer-rules.ts's PAYER_PAGES.
 */
import { insurancePayer } from './insurance.server';
import { occupationalPayer } from './occupational.server';
import type { Payer } from './payer.server';
import type { PayerKey } from './payer-rules';
import { selfPayer } from './self.server';

export type { Payer, PayerBooking, PayerFacts, SlotRow } from './payer.server';
export { NO_PAYER_FACTS } from './payer.server';
export * from './payer-rules';

const PAYERS: Record<PayerKey, Payer> = {
  self: selfPayer,
  occupational: occupationalPayer,
  insurance: insurancePayer,
};

/** The payer (default: the private customer). */
export const payerOf = (key: PayerKey = 'self'): Payer => PAYERS[key];

/**
 * The payer an appointment was booked with, by its payer type: the one whose rules a move
 * re-checks for the new time (ADR 0036); null for the types the portal does not book (staff-only).
 */
export const payerOfAppointment = (payerType: string): Payer | null => Object.values(PAYERS).find((payer) => payer.payerType === payerType) ?? null;
