/**
 * Schema, booking: the bookable calendar (clinics, specialties, practitioners, free times) and
 * what the payers need to book (occupational contracts' specialties; insurance customers'
 * choices and concepts, ADR 0022; the built-in test insurer).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  smallint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clock } from '../../app/lib/clock.server';
import { LOCATION_TYPES } from '../../app/models/appointments/appointment-types';
import { DCP_STATES, INSURERS, OP_STATES, REIMBURSEMENTS } from '../../app/models/booking/insurance';
import { type Localized, createdAt, inList } from './columns';
import { occupationalContracts, persons } from './people';

export const clinics = pgTable('clinics', {
  /** Short code, e.g. HKI-K or RMT (remote). */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  municipality: text('municipality').notNull(),
  streetAddress: text('street_address'),
  postalCode: text('postal_code'),
  postOffice: text('post_office'),
  isRemote: boolean('is_remote').notNull().default(false),
  arrivalInfo: jsonb('arrival_info').$type<Localized>(),
});

export const specialties = pgTable('specialties', {
  /** Code, e.g. YLE (general practice), PSY, ENDO, GYN. */
  id: text('id').primaryKey(),
  name: jsonb('name').$type<Localized>().notNull(),
  /** Specialties that are typically remote turn "include remote" on in the search. */
  isRemoteType: boolean('is_remote_type').notNull().default(false),
});

export const practitioners = pgTable(
  'practitioners',
  {
    id: text('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    isResource: boolean('is_resource').notNull().default(false),
    /**
     * The practitioner's profile picture (spec 2 §3, spec 3 §3 `cmsContent.profilePicture.url`,
     * ADR 0049): a path on the portal's own origin or an https URL of the content system's image
     * host (`PRACTITIONER_PICTURE_ORIGIN`); null when there is none.
     */
    profilePictureUrl: text('profile_picture_url'),
  },
  (t) => [
    check(
      'practitioners_profile_picture_url_check',
      sql`${t.profilePictureUrl} ~ '^(/[A-Za-z0-9_-]|https://[A-Za-z0-9])' and char_length(${t.profilePictureUrl}) <= 500`,
    ),
  ],
);

/** What the pages show of a practitioner beside a time or a visit (name, title, picture): one select shape. */
export const practitionerCardColumns = {
  id: practitioners.id,
  firstName: practitioners.firstName,
  lastName: practitioners.lastName,
  title: practitioners.title,
  profilePictureUrl: practitioners.profilePictureUrl,
};

export const practitionerSpecialties = pgTable(
  'practitioner_specialties',
  {
    practitionerId: text('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
  },
  (t) => [primaryKey({ columns: [t.practitionerId, t.specialtyId] })],
);

export const practitionerClinics = pgTable(
  'practitioner_clinics',
  {
    practitionerId: text('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    clinicId: text('clinic_id')
      .notNull()
      .references(() => clinics.id),
  },
  (t) => [primaryKey({ columns: [t.practitionerId, t.clinicId] })],
);

/**
 * Free appointment times offered for online booking. A slot is taken when a live appointment
 * points at it (the partial unique index `appointments_slot_live_idx` makes that happen once).
 * `localDate` / `localHour` are the start in Helsinki time, stored for the day window and the
 * time-of-day filters.
 */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clinicId: text('clinic_id')
      .notNull()
      .references(() => clinics.id),
    practitionerId: text('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
    kindId: text('kind_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    localHour: smallint('local_hour').notNull(),
    isRemote: boolean('is_remote').notNull().default(false),
    locationType: text('location_type', { enum: LOCATION_TYPES }).notNull().default('physicalLocation'),
    /** Only a strongly identified person may reserve it (anonymous visitors are sent to log in). */
    requiresAuth: boolean('requires_auth').notNull().default(false),
    /** Who may book it: private customers now; occupational and insurance payers later. */
    payerTypes: text('payer_types')
      .array()
      .notNull()
      .default(sql`'{self}'::text[]`),
  },
  (t) => [
    index('slots_specialty_start_idx').on(t.specialtyId, t.startAt),
    index('slots_practitioner_start_idx').on(t.practitionerId, t.startAt),
    index('slots_clinic_start_idx').on(t.clinicId, t.startAt),
    index('slots_date_start_idx').on(t.localDate, t.startAt),
    check('slots_duration_check', sql`${t.durationMinutes} > 0`),
    check('slots_hour_check', sql`${t.localHour} between 0 and 23`),
  ],
);

/**
 * The specialties an occupational agreement covers, each with the confirmation the employee
 * ticks when booking it (app/services/booking/occupational-rules.ts). A specialty missing here
 * is not bookable on the agreement.
 */
export const occupationalContractSpecialties = pgTable(
  'occupational_contract_specialties',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => occupationalContracts.id, { onDelete: 'cascade' }),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
    confirmation: text('confirmation', {
      enum: ['contractAndDoctorReferral', 'contractAndReferral', 'referralOnly', 'none', 'contractOnly'],
    })
      .notNull()
      .default('contractOnly'),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.specialtyId] }),
    check(
      'occupational_contract_specialties_confirmation_check',
      sql`${t.confirmation} in ('contractAndDoctorReferral', 'contractAndReferral', 'referralOnly', 'none', 'contractOnly')`,
    ),
  ],
);

/**
 * A logged-in person's insurer choice for one free time, while they go through the insurer
 * step of the reservation (several posts and the insurer's round trip, so it lives on the
 * server). Deleted when the time is booked. `apply_*` hold the one-use state of a permit
 * application at the insurer (the hash of the state in the return address, the browser binding).
 */
export const insuranceChoices = pgTable(
  'insurance_choices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    slotId: bigint('slot_id', { mode: 'number' })
      .notNull()
      .references(() => appointmentSlots.id, { onDelete: 'cascade' }),
    insurer: text('insurer', { enum: INSURERS }),
    reimbursement: text('reimbursement', { enum: REIMBURSEMENTS }),
    /** The consent asked before direct reimbursement (IF) or the direct-compensation check (LähiTapiola). */
    consentGiven: boolean('consent_given').notNull().default(false),
    /** The concept recorded for the patient (InsertPatientConcept) for this choice. */
    conceptCode: text('concept_code'),
    dcpState: text('dcp_state', { enum: DCP_STATES }).notNull().default('not_asked'),
    dcpPermitHash: text('dcp_permit_hash'),
    opState: text('op_state', { enum: OP_STATES }).notNull().default('undefined'),
    applyStateHash: text('apply_state_hash'),
    applyBindingHash: text('apply_binding_hash'),
    applyExpiresAt: timestamp('apply_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (t) => [
    uniqueIndex('insurance_choices_person_slot_idx').on(t.personId, t.slotId),
    check('insurance_choices_insurer_check', sql`${t.insurer} is null or ${inList(t.insurer, INSURERS)}`),
    check('insurance_choices_reimbursement_check', sql`${t.reimbursement} is null or (${t.insurer} = 'IF' and ${inList(t.reimbursement, REIMBURSEMENTS)})`),
    check('insurance_choices_dcp_state_check', inList(t.dcpState, DCP_STATES)),
    check('insurance_choices_op_state_check', inList(t.opState, OP_STATES)),
    check('insurance_choices_permit_check', sql`(${t.dcpPermitHash} is not null) = (${t.dcpState} = 'success')`),
    check(
      'insurance_choices_apply_check',
      sql`(${t.applyStateHash} is null) = (${t.applyBindingHash} is null) and (${t.applyStateHash} is null) = (${t.applyExpiresAt} is null)`,
    ),
  ],
);

/** Concepts recorded for a patient (InsertPatientConcept): how their insurer pays. */
export const patientConcepts = pgTable(
  'patient_concepts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    directReimbursementAllowed: boolean('direct_reimbursement_allowed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('patient_concepts_person_code_idx').on(t.personId, t.code)],
);

/**
 * The built-in test insurer (INSURERS=test; development and tests only): its customers'
 * policies and direct-compensation permits, keyed by the SHA-256 of the identity code (the
 * insurer knows its customers by identity code; no code is stored in clear).
 */
export const testInsurerPolicies = pgTable(
  'test_insurer_policies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    identityCodeHash: text('identity_code_hash').notNull(),
    insurer: text('insurer', { enum: INSURERS }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_insurer_policies_person_idx').on(t.identityCodeHash, t.insurer)],
);

export const testInsurerPermits = pgTable(
  'test_insurer_permits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    identityCodeHash: text('identity_code_hash').notNull(),
    symptom: text('symptom').notNull(),
    bodyPart: text('body_part').notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    contentHash: text('content_hash').notNull(),
    /** The test insurer refuses a treatment chain for this permit (treatmentChainCreationFailed). */
    failsTreatmentChain: boolean('fails_treatment_chain').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('test_insurer_permits_person_idx').on(t.identityCodeHash), uniqueIndex('test_insurer_permits_hash_idx').on(t.contentHash)],
);

/** Permit applications open at the test insurer: where to send the browser back. */
export const testInsurerApplications = pgTable('test_insurer_applications', {
  id: text('id').primaryKey(),
  identityCodeHash: text('identity_code_hash').notNull(),
  returnUrl: text('return_url').notNull(),
  channel: text('channel', { enum: ['m', 'w'] }).notNull(),
  done: boolean('done').notNull().default(false),
  createdAt: createdAt(),
});
