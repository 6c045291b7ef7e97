/**
 * Schema, account (my information, registration, consent): patient data consents, online
 * registrations, Kela card images, a minor's guardians' contact details.
 */
import { sql } from 'drizzle-orm';
import { bigserial, smallint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clock } from '../../app/lib/clock.server';
import { persons } from './people';
import { storedObjects } from './platform';

/** Patient data consents as given (history; the latest row is in force). */
export const patientDataConsents = pgTable(
  'patient_data_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** Who gave it: the person, or their guardian. */
    givenById: uuid('given_by_id').references(() => persons.id),
    allowsCommonRegistry: boolean('allows_common_registry').notNull(),
    allowsViewingOccupationalInformation: boolean('allows_viewing_occupational_information').notNull(),
    allowsMarketingMail: boolean('allows_marketing_mail').notNull(),
    allowsTreatmentInstructionsMail: boolean('allows_treatment_instructions_mail').notNull(),
    allowsBookingSms: boolean('allows_booking_sms').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (t) => [index('patient_data_consents_person_idx').on(t.personId, t.givenAt)],
);

/** Online registrations of new patients (who registered whom, when, through which channel). */
export const registrations = pgTable('registrations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  personId: uuid('person_id')
    .notNull()
    .references(() => persons.id, { onDelete: 'cascade' }),
  registeredById: uuid('registered_by_id').references(() => persons.id),
  channel: text('channel', { enum: ['web', 'web-anonymous-booking', 'in-app', 'hpa'] }).notNull(),
  registeredAt: timestamp('registered_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now()),
});

/** The person's Kela card images (spec 2 §3): both sides, replaced together. */
export const kelaCards = pgTable('kela_cards', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  frontObjectId: uuid('front_object_id')
    .notNull()
    .references(() => storedObjects.id, { onDelete: 'cascade' }),
  backObjectId: uuid('back_object_id')
    .notNull()
    .references(() => storedObjects.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Guardians' contact details entered for a minor's record (spec 2 §3 "Guardian"), at most two. */
export const minorGuardians = pgTable(
  'minor_guardians',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    minorId: uuid('minor_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    sameAddress: boolean('same_address').notNull(),
    streetAddress: text('street_address'),
    zipCode: text('zip_code'),
    postOffice: text('post_office'),
    updatedById: uuid('updated_by_id').references(() => persons.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('minor_guardians_position_idx').on(t.minorId, t.position),
    check('minor_guardians_position_check', sql`${t.position} in (1, 2)`),
    check(
      'minor_guardians_address_check',
      sql`${t.sameAddress} or (${t.streetAddress} is not null and ${t.zipCode} is not null and ${t.postOffice} is not null)`,
    ),
  ],
);
