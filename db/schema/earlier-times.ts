/**
 * Schema, earlier-time offers (issue 24 part 2, ADR 0037): patients waiting for an earlier time
 * for an upcoming appointment, and the freed times offered to them.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EARLIER_TIME_OFFER_STATES, EARLIER_TIME_REQUEST_STATES } from '../../app/models/appointments/earlier-time';
import { createdAt, inList } from './columns';
import { persons } from './people';
import { appointmentSlots, practitioners, specialties } from './booking';
import { appointments } from './appointments';

/**
 * "Tell me of an earlier time" for one upcoming appointment: the same specialty, this
 * practitioner (`practitioner_id`) or any (null), one of `clinic_ids`, on or before
 * `latest_date` (Helsinki). Waiting requests are served in the order of `requested_at` (then
 * `id`). One active request per appointment (`earlier_time_requests_active_idx`). The offers go
 * to the requester's own saved contact (`persons.phone`, `persons.email` of `requested_by_id`,
 * read when an offer is sent; issue 39): nothing typed on the form is kept. The language, brand
 * and origin are those of the page the request was made on.
 */
export const earlierTimeRequests = pgTable(
  'earlier_time_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appointmentId: bigint('appointment_id', { mode: 'number' })
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** Who asked: the patient, or their guardian. */
    requestedById: uuid('requested_by_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
    /** Null: any practitioner of the specialty. */
    practitionerId: text('practitioner_id').references(() => practitioners.id),
    clinicIds: text('clinic_ids').array().notNull(),
    /** The latest acceptable date (Helsinki), inclusive. */
    latestDate: date('latest_date', { mode: 'string' }).notNull(),
    state: text('state', { enum: EARLIER_TIME_REQUEST_STATES }).notNull().default('active'),
    language: text('language', { enum: ['fi', 'sv', 'en'] }).notNull(),
    brand: text('brand', { enum: ['general', 'children'] }).notNull(),
    /** The portal's origin the request was made on (the brand's address): the offer links point there. */
    origin: text('origin').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('earlier_time_requests_active_idx')
      .on(t.appointmentId)
      .where(sql`${t.state} = 'active'`),
    // The matching's "waiting for this specialty, in order of request".
    index('earlier_time_requests_waiting_idx')
      .on(t.specialtyId, t.requestedAt, t.id)
      .where(sql`${t.state} = 'active'`),
    // Retention (ADR 0040): an ended request goes by its end (an active one has none).
    index('earlier_time_requests_ended_idx').on(t.endedAt),
    check('earlier_time_requests_state_check', inList(t.state, EARLIER_TIME_REQUEST_STATES)),
    check('earlier_time_requests_ended_check', sql`(${t.state} = 'active') = (${t.endedAt} is null)`),
    check('earlier_time_requests_clinics_check', sql`cardinality(${t.clinicIds}) between 1 and 50`),
  ],
);

/**
 * One freed time (`slot_id`) offered to one request, bound to its appointment. The link carries
 * `<offer id>_<token>`; only the token's SHA-256 is kept. A request is offered a time once
 * (`earlier_time_offers_request_slot_idx`), so a sweep and a cancellation matching the same time
 * at once cannot send it twice. A request has at most one open offer at a time
 * (`earlier_time_offers_one_open_idx`, issue 39): however many times free up, its phone gets one
 * offer until that one is answered or closes.
 */
export const earlierTimeOffers = pgTable(
  'earlier_time_offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => earlierTimeRequests.id, { onDelete: 'cascade' }),
    appointmentId: bigint('appointment_id', { mode: 'number' })
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    slotId: bigint('slot_id', { mode: 'number' })
      .notNull()
      .references(() => appointmentSlots.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    state: text('state', { enum: EARLIER_TIME_OFFER_STATES }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('earlier_time_offers_request_slot_idx').on(t.requestId, t.slotId),
    uniqueIndex('earlier_time_offers_one_open_idx')
      .on(t.requestId)
      .where(sql`${t.state} = 'open'`),
    index('earlier_time_offers_open_idx')
      .on(t.slotId, t.expiresAt)
      .where(sql`${t.state} = 'open'`),
    // Retention (ADR 0040): an offer goes by its closing time, once its request has ended or its time has started.
    index('earlier_time_offers_expires_idx').on(t.expiresAt),
    check('earlier_time_offers_state_check', inList(t.state, EARLIER_TIME_OFFER_STATES)),
    check('earlier_time_offers_answered_check', sql`(${t.state} = 'open') = (${t.answeredAt} is null)`),
  ],
);
