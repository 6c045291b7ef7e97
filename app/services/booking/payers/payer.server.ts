/**
 * The payer interface of booking (ADR 0025): everything that differs by who pays — the search
 * scope, the reserve page's facts, eligibility, the price, the booking's validation, the
 * insurer's call before the transaction and the rows added inside it. One implementation per
 * payer (self.server.ts, occupational.server.ts, insurance.server.ts), registered in
 * index.server.ts; booking's core calls only the registry.
 */
import type { appointments, appointmentSlots, PriceEstimate } from '~db/schema';
import type { BrandKey } from '~/brands';
import type { MoveTimeRefusal } from '~/models/appointments/move';
import type { Insurer } from '~/models/booking/insurance';
import type { Db } from '~/services/db/db.server';
import type { PersonRow } from '~/services/people/people.server';
import type { InsuranceBooking } from '../insurance/insurance.server';
import type { InsuranceFacts } from '../insurance/reserve-step.server';
import type { ConfirmationKind } from '../occupational-rules';
import type { ReservationFailure, ReserveFacts } from '../reservation-flow-rules';
import type { PayerKey, SearchScope } from './payer-rules';

export type SlotRow = typeof appointmentSlots.$inferSelect;
/** The value of appointments.payer_type and of appointment_slots.payer_types. */
export type PayerType = (typeof appointments.$inferInsert)['payerType'] & string;

/** What the reserve page's flow needs to know of the payer for a logged-in person and an open slot. */
export interface PayerFacts {
  /** The occupational agreement's answer (undefined: the payer has no agreement). */
  occupational: NonNullable<ReserveFacts['visitor']>['occupational'];
  /** The agreement's confirmation the form asks (null: none). */
  confirmation: ConfirmationKind | null;
  /** False when the time is not this person's to book (a specialty the agreement does not cover). */
  covered: boolean;
  /** A special contract (the no-web-reservation panel). */
  specialContract: boolean;
  /** The insurer step's facts (insurance only). */
  insurance: InsuranceFacts | null;
}

export const NO_PAYER_FACTS: PayerFacts = { occupational: undefined, confirmation: null, covered: true, specialContract: false, insurance: null };

/** What the payer adds to a booking (the insurance row), decided before the transaction. */
export type PayerBooking = { insurance: InsuranceBooking & { description: string } } | null;

/** The insurance fields of the JSON reservation call (spec 3 §3); the page books with the person's choice. */
export interface InsuranceCallFields {
  insuranceConceptCode?: unknown;
  dcpContentHash?: unknown;
  description?: unknown;
}

export interface Payer {
  key: PayerKey;
  payerType: PayerType;
  /** Only strongly identified users may book with this payer. */
  requiresAuthentication: boolean;
  /** What this person may search (person: null when not logged in). */
  searchScope(db: Db, person: PersonRow | null): Promise<SearchScope>;
  /** The reserve page's facts for a logged-in person and an open slot. */
  reservationFacts(db: Db, person: PersonRow, slot: { id: number; specialtyId: string }, brand: BrandKey): Promise<PayerFacts>;
  /** Why this person may not book with this payer, if so. */
  ineligibility(person: PersonRow): 'notCreditworthy' | null;
  /** The price estimate copied to the appointment (null when someone else pays). */
  price(slot: SlotRow): PriceEstimate | null;
  /** Before the form is read: may the person book this slot, and which confirmation the form asks. */
  bookingTerms(db: Db, person: PersonRow, slot: SlotRow): Promise<{ type: 'ok'; confirmation: ConfirmationKind | null } | { type: ReservationFailure }>;
  /**
   * After the form is read, before the transaction: the payer's own data for the booking,
   * checked (the insurer is asked here, never inside the transaction).
   */
  prepareBooking(
    db: Db,
    person: PersonRow,
    slot: SlotRow,
    input: InsuranceCallFields | undefined,
    ctx: { brand: BrandKey; now: Date },
  ): Promise<{ type: 'ok'; booking: PayerBooking } | { type: 'validation'; fields: Record<string, string[]> } | { type: ReservationFailure }>;
  /**
   * Just before the transaction, once the booking is known to fit: the external commitment
   * (insurance: the insurer's treatment chain of the permit). No lock is held while it runs.
   */
  beforeTransaction(db: Db, booking: PayerBooking, patient: PersonRow, slot: SlotRow): Promise<{ type: 'ok' } | { type: 'treatmentChainCreationFailed' }>;
  /**
   * The payer's own data of a booking made with it (the insurance row), as `prepareBooking`
   * decided it and `afterInsert` wrote it: what a move re-checks for the new time (ADR 0036).
   */
  bookingOf(db: Db, appointmentId: number): Promise<PayerBooking>;
  /**
   * Whether a booking's own payer data pays another time (a move re-checks it for the new time):
   * IF's company insurance does not pay a remote one (spec 3 §5).
   */
  timeRefusal(booking: PayerBooking, slot: Pick<SlotRow, 'isRemote'>): MoveTimeRefusal | null;
  /** Inside the transaction, after the appointment is inserted: the payer's rows (database only). */
  afterInsert(t: Db, booking: PayerBooking, appointment: { id: number; patientId: string; slotId: number }): Promise<void>;
  /** What the confirmation messages say of the payer. */
  messageFacts(booking: PayerBooking): { occupational: boolean; insurer: Insurer | null };
}

/** The steps a payer without its own booking data takes: nothing to check, add or call. */
export const WITHOUT_BOOKING_DATA = {
  bookingTerms: async () => ({ type: 'ok', confirmation: null }),
  prepareBooking: async () => ({ type: 'ok', booking: null }),
  beforeTransaction: async () => ({ type: 'ok' }),
  bookingOf: async () => null,
  timeRefusal: () => null,
  afterInsert: async () => {},
} as const satisfies Pick<Payer, 'bookingTerms' | 'prepareBooking' | 'beforeTransaction' | 'bookingOf' | 'timeRefusal' | 'afterInsert'>;
