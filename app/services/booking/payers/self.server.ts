/**
 * The private customer pays (`self`): every free time offered to private customers, anonymous
 * booking allowed, the price list's estimate, and a billing block refuses (ADR 0025).
 */
import { priceFor } from '~/models/booking/price-list';
import { isCreditworthy } from '../reservation-rules';
import { NO_PAYER_FACTS, WITHOUT_BOOKING_DATA, type Payer } from './payer.server';

export const selfPayer: Payer = {
  key: 'self',
  payerType: 'self',
  requiresAuthentication: false,
  searchScope: async () => ({ type: 'open', payerType: null, covered: null, employer: null }),
  reservationFacts: async () => NO_PAYER_FACTS,
  ineligibility: (person) => (isCreditworthy(person) ? null : 'notCreditworthy'),
  price: (slot) => priceFor(slot.specialtyId, slot.locationType),
  ...WITHOUT_BOOKING_DATA,
  messageFacts: () => ({ occupational: false, insurer: null }),
};
