/**
 * Schema, practice system (ADR 0051): with PRACTICE_SYSTEM=fhir the portal's calendar tables are
 * the read model of the practice system's FHIR resources. These tables hold what the read model
 * needs beside them: the sync cursor of each resource type, the schedules a slot takes its place
 * and person from, the practitioner roles the practitioners' clinics and specialties derive from,
 * and the links between FHIR ids and the portal's numeric slot and appointment ids (with the FHIR
 * version a write's If-Match names) and between FHIR patients and persons.
 * Empty with the built-in store.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { appointmentSlots, clinics, practitioners, specialties } from './booking';
import { persons } from './people';

/** Where the sync of each resource type goes on from: the greatest `lastUpdated` it applied. */
export const practiceSystemCursors = pgTable('practice_system_cursors', {
  resourceType: text('resource_type').primaryKey(),
  /** The server's instant (ISO 8601, its own clock), read again inclusively (`_since`). */
  since: text('since').notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
});

/** A FHIR Schedule: whose calendar, where and for what; a closed one offers no times. */
export const practiceSystemSchedules = pgTable('practice_system_schedules', {
  fhirId: text('fhir_id').primaryKey(),
  practitionerId: text('practitioner_id').references(() => practitioners.id),
  clinicId: text('clinic_id').references(() => clinics.id),
  specialtyId: text('specialty_id').references(() => specialties.id),
  active: boolean('active').notNull(),
});

/**
 * A FHIR PractitionerRole: whose role, at which clinics and in which specialties (those the portal
 * has), and whether it is active. A practitioner with a role here has the clinics and specialties
 * of their active roles, no more (`practitioner_clinics`, `practitioner_specialties`).
 */
export const practiceSystemRoles = pgTable('practice_system_roles', {
  fhirId: text('fhir_id').primaryKey(),
  practitionerId: text('practitioner_id')
    .notNull()
    .references(() => practitioners.id, { onDelete: 'cascade' }),
  clinicIds: text('clinic_ids').array().notNull(),
  specialtyIds: text('specialty_ids').array().notNull(),
  active: boolean('active').notNull(),
});

/** A FHIR Slot, who may book it, and the free time it is (null while it is not free and nobody holds it). */
export const practiceSystemSlots = pgTable(
  'practice_system_slots',
  {
    fhirId: text('fhir_id').primaryKey(),
    slotId: bigint('slot_id', { mode: 'number' })
      .unique()
      .references(() => appointmentSlots.id, { onDelete: 'set null' }),
    scheduleFhirId: text('schedule_fhir_id').notNull(),
    status: text('status').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    versionId: text('version_id').notNull(),
    /** Who may book it: the payer types its `serviceCategory` names (ADR 0051), `{self}` when none; its free time's `payer_types`. */
    payerTypes: text('payer_types')
      .array()
      .notNull()
      .default(sql`'{self}'::text[]`),
  },
  (t) => [check('practice_system_slots_time_check', sql`${t.endAt} > ${t.startAt}`)],
);

/**
 * A FHIR Appointment of a portal person and its row, with what the Finnish Scheduling IG's
 * `AppointmentMutability` extension said when it was last read (null: the part was not there, and
 * the portal's own limits alone apply): the pages offer cancelling and moving by it, and every
 * change reads it again from the Appointment before it is made.
 */
export const practiceSystemAppointments = pgTable('practice_system_appointments', {
  fhirId: text('fhir_id').primaryKey(),
  appointmentId: bigint('appointment_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  versionId: text('version_id').notNull(),
  cancellable: boolean('cancellable'),
  reschedulable: boolean('reschedulable'),
  notAfter: timestamp('not_after', { withTimezone: true }),
});

/** A FHIR Patient matched to a person by the identity code (`urn:oid:1.2.246.21`); null: not ours. */
export const practiceSystemPatients = pgTable(
  'practice_system_patients',
  {
    fhirId: text('fhir_id').primaryKey(),
    personId: uuid('person_id').references(() => persons.id, { onDelete: 'cascade' }),
  },
  (t) => [check('practice_system_patients_id_check', sql`char_length(${t.fhirId}) <= 64`)],
);
