/**
 * Schema, health records (issue 11; docs/decisions/0016): prescriptions and their renewal
 * requests, lab and imaging referrals, lab results, imaging results, visit reports,
 * questionnaires, vaccinations, sick-leave certificates, employee memos (0017). Every row
 * belongs to one patient; `view_restriction` 'professional' hides a row from the patient until it
 * is released ('patient').
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
  numeric,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clock } from '../../app/lib/clock.server';
import type { QuestionnaireDefinition } from '../../app/models/records/questionnaire';
import { createdAt } from './columns';
import { persons } from './people';
import { practitioners, specialties } from './booking';
import { messagingMessages, messagingThreads } from './messaging';

const patientRef = () =>
  uuid('patient_id')
    .notNull()
    .references(() => persons.id, { onDelete: 'cascade' });
const viewRestriction = () =>
  text('view_restriction', { enum: ['patient', 'professional'] })
    .notNull()
    .default('patient');

export const prescriptions = pgTable(
  'prescriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: patientRef(),
    medicineName: text('medicine_name').notNull(),
    strength: text('strength').notNull(),
    issuedDate: date('issued_date', { mode: 'string' }).notNull(),
    isRenewable: boolean('is_renewable').notNull(),
    medicineType: text('medicine_type').notNull(),
    packageUnit: text('package_unit').notNull(),
    packageSize: integer('package_size').notNull(),
    packageCount: integer('package_count').notNull(),
    treatmentLength: integer('treatment_length'),
    treatmentLengthUnit: text('treatment_length_unit', { enum: ['day', 'week', 'month'] }),
    totalAmount: text('total_amount').notNull(),
    dosageGuide: text('dosage_guide').notNull(),
    usageGuide: text('usage_guide').notNull(),
    practitionerId: text('practitioner_id').references(() => practitioners.id),
  },
  (t) => [index('prescriptions_patient_idx').on(t.patientId, t.issuedDate.desc(), t.id.desc())],
);

/** A patient's request to renew prescriptions; one pending request per prescription (unique index). */
export const prescriptionRenewals = pgTable(
  'prescription_renewals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    prescriptionId: bigint('prescription_id', { mode: 'number' })
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'cascade' }),
    patientId: patientRef(),
    /** Who sent it: the patient or their guardian. */
    requestedById: uuid('requested_by_id').references(() => persons.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'processed'] })
      .notNull()
      .default('pending'),
    /** The messaging thread that carries the request to the care team (issue 10's messaging). */
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('prescription_renewals_pending_uq')
      .on(t.prescriptionId)
      .where(sql`${t.status} = 'pending'`),
    index('prescription_renewals_patient_idx').on(t.patientId),
  ],
);

export const referrals = pgTable(
  'referrals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: patientRef(),
    type: text('type', { enum: ['laboratory', 'imaging'] }).notNull(),
    title: text('title').notNull(),
    creationDate: date('creation_date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** Finnish only (spec 3 §3). */
    description: text('description'),
    practitionerId: text('practitioner_id').references(() => practitioners.id),
    patientInstructionsUrl: text('patient_instructions_url'),
    viewRestriction: viewRestriction(),
  },
  (t) => [index('referrals_patient_idx').on(t.patientId, t.type, t.creationDate.desc(), t.id.desc())],
);

/**
 * Lab tests: a single test, a package (kind 'package') or an item of a package (`parent_id`).
 * A result day is the Helsinki date `result_date` of a patient's top-level tests.
 */
export const labTests = pgTable(
  'lab_tests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: patientRef(),
    resultDate: date('result_date', { mode: 'string' }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => labTests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['single', 'package'] })
      .notNull()
      .default('single'),
    position: smallint('position').notNull().default(0),
    code: text('code').notNull(),
    displayName: text('display_name').notNull(),
    status: text('status', { enum: ['referral', 'sampled', 'ready'] }).notNull(),
    resultText: text('result_text'),
    /** Numeric result as exact decimal text, e.g. '5.4'. */
    resultNumber: numeric('result_number'),
    prefix: text('prefix', { enum: ['greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'] }),
    isWithinReferenceRange: boolean('is_within_reference_range'),
    unit: text('unit'),
    referenceMin: numeric('reference_min'),
    referenceMax: numeric('reference_max'),
    description: text('description'),
    additionalResult: text('additional_result'),
    viewRestriction: viewRestriction(),
  },
  (t) => [
    index('lab_tests_patient_day_idx')
      .on(t.patientId, t.resultDate.desc())
      .where(sql`${t.parentId} is null`),
    index('lab_tests_parent_idx').on(t.parentId),
  ],
);

export const imagingResults = pgTable(
  'imaging_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: patientRef(),
    examinationName: text('examination_name').notNull(),
    imagingDate: date('imaging_date', { mode: 'string' }).notNull(),
    statementText: text('statement_text'),
    viewRestriction: viewRestriction(),
  },
  (t) => [index('imaging_results_patient_idx').on(t.patientId, t.imagingDate.desc(), t.id.desc())],
);

/** A visit's medical report (spec 3 §3), with its diagnoses and texts below. */
export const visitReports = pgTable(
  'visit_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: patientRef(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    practitionerId: text('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
    viewRestriction: viewRestriction(),
  },
  (t) => [index('visit_reports_patient_idx').on(t.patientId, t.startAt.desc(), t.id.desc())],
);

export const visitDiagnoses = pgTable(
  'visit_diagnoses',
  {
    visitId: bigint('visit_id', { mode: 'number' })
      .notNull()
      .references(() => visitReports.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** ICD-10 code, e.g. J06.9. */
    code: text('code').notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.position] })],
);

export const visitTexts = pgTable(
  'visit_texts',
  {
    visitId: bigint('visit_id', { mode: 'number' })
      .notNull()
      .references(() => visitReports.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.visitId, t.position] })],
);

/** A questionnaire's form: a small typed definition (app/models/records/questionnaire.ts). */
export const questionnaireForms = pgTable('questionnaire_forms', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  definition: jsonb('definition').$type<QuestionnaireDefinition>().notNull(),
  createdAt: createdAt(),
});

export const questionnaireInvitations = pgTable(
  'questionnaire_invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: patientRef(),
    formId: bigint('form_id', { mode: 'number' })
      .notNull()
      .references(() => questionnaireForms.id),
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
    /** The answers as the JSON string the spec names (spec 3 §7); null until answered. */
    answers: text('answers'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredById: uuid('answered_by_id').references(() => persons.id, { onDelete: 'set null' }),
    /** The professional's message that carried the invitation (ADR 0042); null when sent otherwise. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => messagingMessages.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('questionnaire_invitations_message_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
    index('questionnaire_invitations_patient_idx').on(t.patientId, t.sentAt.desc()),
    check('questionnaire_invitations_answered_check', sql`(${t.answers} is null) = (${t.answeredAt} is null)`),
  ],
);

export const vaccinations = pgTable(
  'vaccinations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: patientRef(),
    name: text('name').notNull(),
    vaccinatedOn: date('vaccinated_on', { mode: 'string' }).notNull(),
    practitionerName: text('practitioner_name').notNull(),
    effectiveUntil: date('effective_until', { mode: 'string' }),
  },
  (t) => [index('vaccinations_patient_idx').on(t.patientId, t.vaccinatedOn.desc(), t.id.desc())],
);

export const sickLeaveCertificates = pgTable(
  'sick_leave_certificates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: patientRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** ICD-10 code; printed only when the patient has allowed it (`show_diagnosis`). */
    diagnosisCode: text('diagnosis_code').notNull(),
    showDiagnosis: boolean('show_diagnosis').notNull().default(false),
    practitionerId: text('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
  },
  (t) => [
    index('sick_leave_certificates_patient_idx').on(t.patientId, t.createdAt.desc()),
    check('sick_leave_certificates_period_check', sql`${t.startDate} <= ${t.endDate}`),
  ],
);

/**
 * Occupational health employee memo (docs/decisions/0017): the summary of a health examination
 * the employee receives, with the follow-ups agreed with them.
 */
export interface MemoFollowUp {
  text: string;
  /** Helsinki date by which it should happen, if agreed. */
  dueDate: string | null;
}

export const employeeMemos = pgTable(
  'employee_memos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: patientRef(),
    examinationDate: date('examination_date', { mode: 'string' }).notNull(),
    examinationType: text('examination_type').notNull(),
    practitionerId: text('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
    summary: text('summary').notNull(),
    workAbility: text('work_ability', { enum: ['full', 'limited', 'none'] }).notNull(),
    followUps: jsonb('follow_ups').$type<MemoFollowUp[]>().notNull().default([]),
  },
  (t) => [index('employee_memos_patient_idx').on(t.patientId, t.examinationDate.desc(), t.id.desc())],
);
