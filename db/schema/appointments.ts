/**
 * Schema, appointments: booked appointments (self-contained copies of time, place and price)
 * and what an insurance appointment was booked with.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONFIDENTIAL_BY, LOCATION_TYPES, PAYER_TYPES } from '../../app/models/appointments/appointment-types';
import { INSURERS, REIMBURSEMENTS } from '../../app/models/booking/insurance';
import { type Localized, createdAt, inList } from './columns';
import { persons } from './people';
import { appointmentSlots, clinics, practitioners, specialties } from './booking';

// The value lists live with the models (client-safe); the columns below use them.
export { LOCATION_TYPES, PAYER_TYPES } from '../../app/models/appointments/appointment-types';
export { CONFIDENTIAL_BY } from '../../app/models/appointments/appointment-types';

/** Price estimate of a visit, a snapshot taken when it was booked. Amounts in cents. */
export interface PriceEstimate {
  code: string;
  name: Localized;
  cents: number;
  additionalFees: { code: string; name: Localized; cents: number }[];
}

/**
 * Booked appointments. Self-contained (time, place and price are copied at booking) so a later
 * change in the calendar does not rewrite history. `anonymousTokenHash` is the SHA-256 of the
 * random half of the anonymous link sent in the booking message.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => persons.id),
    /** The slot this was booked from; null for appointments made by staff. */
    slotId: bigint('slot_id', { mode: 'number' }).references(() => appointmentSlots.id),
    /** Who booked it online (the patient, or a guardian); null when anonymous or by staff. */
    bookedById: uuid('booked_by_id').references(() => persons.id),
    bookedVia: text('booked_via', { enum: ['web', 'web-anonymous', 'in-app', 'staff'] })
      .notNull()
      .default('staff'),
    kindId: text('kind_id').notNull(),
    kindName: jsonb('kind_name').$type<Localized>().notNull(),
    payerType: text('payer_type', { enum: PAYER_TYPES }).notNull().default('self'),
    isSpecificTime: boolean('is_specific_time').notNull().default(true),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    isRemote: boolean('is_remote').notNull().default(false),
    isCovidTest: boolean('is_covid_test').notNull().default(false),
    locationType: text('location_type', { enum: LOCATION_TYPES }).notNull().default('physicalLocation'),
    clinicId: text('clinic_id')
      .notNull()
      .references(() => clinics.id),
    practitionerId: text('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
    price: jsonb('price').$type<PriceEstimate>(),
    roomLocation: text('room_location'),
    /** Whether the clinic lets patients check in themselves. */
    selfCheckIn: boolean('self_check_in').notNull().default(true),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    arrivalReason: text('arrival_reason'),
    arrivalReasonUpdatedAt: timestamp('arrival_reason_updated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: ['patient', 'provider'] }),
    anonymousTokenHash: text('anonymous_token_hash').notNull(),
    /**
     * Hidden from the patient's guardians (ADR 0034): when, and on whose decision — the minor's
     * own (`patient`, from their login; they may lift it) or a professional's (`professional`,
     * from the staff side; only the staff lift it). Null: not confidential. A guardian never
     * sees a confidential appointment, whatever the ward's age (services/people/viewer.server).
     */
    confidentialAt: timestamp('confidential_at', { withTimezone: true }),
    confidentialBy: text('confidential_by', { enum: CONFIDENTIAL_BY }),
    /** Who marked it: the minor themself, or the professional's person. */
    confidentialMarkedById: uuid('confidential_marked_by_id').references(() => persons.id),
    /**
     * How many times the patient has moved it to another time (issue 24, ADR 0036): the calendar
     * entry's SEQUENCE (its UID stays), and when the last move was (the entry's DTSTAMP).
     */
    revision: integer('revision').notNull().default(0),
    revisedAt: timestamp('revised_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointments_patient_start_idx').on(t.patientId, t.startAt),
    // The reminder sweep's look for upcoming live appointments (ADR 0046): a range of start times.
    index('appointments_upcoming_idx')
      .on(t.startAt)
      .where(sql`${t.cancelledAt} is null`),
    check(
      'appointments_confidential_check',
      sql`(${t.confidentialAt} is null) = (${t.confidentialBy} is null) and (${t.confidentialAt} is null) = (${t.confidentialMarkedById} is null) and (${t.confidentialBy} is null or ${inList(t.confidentialBy, CONFIDENTIAL_BY)})`,
    ),
    check('appointments_duration_check', sql`${t.durationMinutes} > 0`),
    check('appointments_cancel_check', sql`(${t.cancelledAt} is null) = (${t.cancelledBy} is null)`),
    check('appointments_revision_check', sql`${t.revision} >= 0 and (${t.revision} = 0) = (${t.revisedAt} is null)`),
    // A slot can be held by one live appointment; cancelling frees it.
    uniqueIndex('appointments_slot_live_idx')
      .on(t.slotId)
      .where(sql`${t.cancelledAt} is null and ${t.slotId} is not null`),
  ],
);

/** What an insurance appointment was booked with: the declared insurer, concept and permit. */
export const appointmentInsurance = pgTable(
  'appointment_insurance',
  {
    appointmentId: bigint('appointment_id', { mode: 'number' })
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    insurer: text('insurer', { enum: INSURERS }),
    reimbursement: text('reimbursement', { enum: REIMBURSEMENTS }),
    conceptCode: text('concept_code'),
    dcpContentHash: text('dcp_content_hash'),
    /** For the staff, in Finnish: the date and the insurer the customer declared (spec 3 §3). */
    description: text('description').notNull(),
  },
  (t) => [check('appointment_insurance_insurer_check', sql`${t.insurer} is null or ${inList(t.insurer, INSURERS)}`)],
);

/** What a reminder may go out as; a reminder's rows in the outbox are one per channel. */
export const REMINDER_CHANNELS = ['sms', 'email'] as const;
/** `scheduled`: waits for its due time; `written`: its messages are in the outbox; `dropped`: none will go. */
export const REMINDER_STATES = ['scheduled', 'written', 'dropped'] as const;
/**
 * Why a reminder was dropped (ADR 0031; `confidential`: ADR 0034, hidden from the guardian who
 * booked it and the minor has no contact; `noContact`: ADR 0046, nobody who may see the visit has
 * a phone or an e-mail address).
 */
export const REMINDER_DROP_REASONS = ['insideLead', 'cancelled', 'past', 'refused', 'confidential', 'noContact'] as const;

/**
 * The appointment reminder schedule (ADR 0031, ADR 0046): one row per appointment (the primary
 * key: one reminder per appointment, armed again when it moves). A portal booking writes it in
 * its transaction with where the confirmation went; the sweep (services/appointments/
 * reminders.server.ts) writes it for every other upcoming appointment (made by staff, seeded,
 * older) as it comes within reach of its due time, without a recipient: the recipient is then
 * decided when the reminder is written (the viewer rules). The sweep claims the due, scheduled
 * rows, checks the appointment again and writes the outbox rows and `written` in one
 * transaction. `startAt` is the start the due time was computed for: an appointment whose start
 * differs has moved and its due time is computed again. No link is kept: each message gets an
 * anonymous link of its own when it is written (`appointment_links`).
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    appointmentId: bigint('appointment_id', { mode: 'number' })
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: REMINDER_STATES }).notNull().default('scheduled'),
    dropReason: text('drop_reason', { enum: REMINDER_DROP_REASONS }),
    /**
     * Where the booking's confirmation went (a portal booking): the brand, the language, the
     * phone and the e-mail given. All null for an appointment the portal did not book.
     */
    brand: text('brand', { enum: ['general', 'children'] }),
    language: text('language', { enum: ['fi', 'sv', 'en'] }),
    phone: text('phone'),
    email: text('email'),
    /** The channels written (set with `written`). */
    channels: text('channels').array().$type<(typeof REMINDER_CHANNELS)[number][]>(),
    writtenAt: timestamp('written_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The sweep's "due and scheduled" query: a small partial index, ordered by due time.
    index('appointment_reminders_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'scheduled'`),
    // Retention (ADR 0040): a reminder goes some time after the appointment's start.
    index('appointment_reminders_start_idx').on(t.startAt),
    check('appointment_reminders_state_check', sql`${inList(t.state, REMINDER_STATES)}`),
    check(
      'appointment_reminders_drop_check',
      sql`(${t.state} = 'dropped') = (${t.dropReason} is not null) and (${t.dropReason} is null or ${inList(t.dropReason, REMINDER_DROP_REASONS)})`,
    ),
    check('appointment_reminders_written_check', sql`(${t.state} = 'written') = (${t.writtenAt} is not null)`),
    // The booking's contact is whole or absent.
    check(
      'appointment_reminders_recipient_check',
      sql`(${t.brand} is null) = (${t.language} is null) and (${t.brand} is null) = (${t.phone} is null) and (${t.phone} is not null or ${t.email} is null)`,
    ),
  ],
);

/**
 * Anonymous links of an appointment besides its booking's (ADR 0046): every reminder and every
 * confirmation of a new time carries a link of its own, made when the message is written — also
 * for an appointment the portal did not book, whose own link was never sent. Only the token's
 * hash is kept (as `appointments.anonymous_token_hash`); the code is `<appointment id>_<token>`
 * like the booking's. They go with the appointment, and all at once when a minor hides a visit
 * someone else booked (ADR 0034: the booker's links stop working).
 */
export const appointmentLinks = pgTable(
  'appointment_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    appointmentId: bigint('appointment_id', { mode: 'number' })
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('appointment_links_appointment_idx').on(t.appointmentId)],
);
