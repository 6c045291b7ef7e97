/**
 * Database schema (drizzle, PostgreSQL dialect; the same migrations run on PGlite and on a
 * PostgreSQL server). Later issues add their tables here and generate a migration with
 * `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import { clock } from '../app/lib/clock.server';
import { LOCATION_TYPES, PAYER_TYPES } from '../app/models/appointments/appointment-types';
import { ANNOUNCEMENT_TYPES, PROFESSIONAL_TYPES, THREAD_TYPES } from '../app/models/messaging/messaging';
import type { QuestionnaireDefinition } from '../app/models/records/questionnaire';
import { INVOICE_SOURCES, LISTABLE_INVOICE_STATUSES } from '../app/models/billing/invoice';
import { DCP_STATES, INSURERS, OP_STATES, REIMBURSEMENTS } from '../app/models/booking/insurance';
import {
  bigint,
  bigserial,
  smallint,
  boolean,
  check,
  customType,
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

export type Localized = { fi: string; sv: string; en: string };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now());

export const occupationalContracts = pgTable('occupational_contracts', {
  id: uuid('id').primaryKey().defaultRandom(),
  employerName: text('employer_name').notNull(),
  allowsWebReservation: boolean('allows_web_reservation').notNull().default(false),
  allowsVaccinations: boolean('allows_vaccinations').notNull().default(false),
  /** Comprehensive, Statutory or Other (spec 1 §3 ContractType); see occupational_contract_specialties. */
  contractType: text('contract_type', { enum: ['Comprehensive', 'Statutory', 'Other'] }).notNull().default('Statutory'),
  /** Further products of the agreement (spec 1 §3 ProductId), e.g. influenza vaccines, chat, special contract. */
  productIds: text('product_ids').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
}, (t) => [check('occupational_contracts_type_check', sql`${t.contractType} in ('Comprehensive', 'Statutory', 'Other')`)]);

/**
 * Everyone the portal knows by identity code: patients, guardians and people who have
 * identified strongly but are not (yet) patients (`isPatient` false).
 */
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Personal identity code, stored whole (never logged, never in URLs). */
    identityCode: text('identity_code').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    email: text('email'),
    phone: text('phone'),
    language: text('language', { enum: ['fi', 'sv', 'en'] }).notNull().default('fi'),
    streetAddress: text('street_address'),
    postalCode: text('postal_code'),
    postOffice: text('post_office'),
    isPatient: boolean('is_patient').notNull().default(true),
    occupationalContractId: uuid('occupational_contract_id').references(() => occupationalContracts.id),
    patientDataConsentUpdatedAt: timestamp('patient_data_consent_updated_at', { withTimezone: true }),
    /** Billing has blocked online booking for unpaid invoices (private care; not occupational). */
    creditBlocked: boolean('credit_blocked').notNull().default(false),
    /** When the person accepted the confidentiality (treatment) terms; null = never. */
    confidentialityAcceptedAt: timestamp('confidentiality_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('persons_language_check', sql`${t.language} in ('fi', 'sv', 'en')`)],
);

export const guardianships = pgTable(
  'guardianships',
  {
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    wardId: uuid('ward_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['parent', 'nextOfKin', 'trustee', 'other'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.guardianId, t.wardId] }), index('guardianships_ward_idx').on(t.wardId)],
);

/**
 * The built-in population register (POPULATION_REGISTER=builtin; development and test only,
 * ADR 0023): the people and guardianships the register would answer, keyed by identity code as
 * the register is. Not our patients: `guardianships` mirrors it at identification.
 */
export const populationRegisterPersons = pgTable('population_register_persons', {
  identityCode: text('identity_code').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  birthDate: date('birth_date', { mode: 'string' }).notNull(),
  streetAddress: text('street_address'),
  postalCode: text('postal_code'),
  postOffice: text('post_office'),
});

export const populationRegisterGuardianships = pgTable(
  'population_register_guardianships',
  {
    guardianCode: text('guardian_code')
      .notNull()
      .references(() => populationRegisterPersons.identityCode, { onDelete: 'cascade' }),
    wardCode: text('ward_code')
      .notNull()
      .references(() => populationRegisterPersons.identityCode, { onDelete: 'cascade' }),
    type: text('type', { enum: ['parent', 'nextOfKin', 'trustee', 'other'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guardianCode, t.wardCode] }),
    check('population_register_guardianships_type_check', sql`${t.type} in ('parent', 'nextOfKin', 'trustee', 'other')`),
  ],
);

/** Feature flags switched for one person, over the environment default (services/features). */
export const featureOverrides = pgTable(
  'feature_overrides',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    flag: text('flag').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.flag] })],
);

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

export const practitioners = pgTable('practitioners', {
  id: text('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  title: jsonb('title').$type<Localized>().notNull(),
  isResource: boolean('is_resource').notNull().default(false),
});

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
 * Login sessions. The cookie holds a random token; only its SHA-256 is stored here, so a
 * database leak does not hand out sessions. Revoking = setting revoked_at.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    /** 'inAppBooking' when the mobile app's web view opened the portal. */
    scope: text('scope', { enum: ['inAppBooking'] }),
    identityProvider: text('identity_provider').notNull(),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_person_idx').on(t.personId)],
);

/**
 * One pending strong identification, keyed by the hash of the OIDC `state`. The secrets stay on
 * the server; the browser that started the flow holds only the flow-binding cookie whose hash is
 * stored here, and the callback completes the flow only in that browser (ADR 0003).
 */
export const identificationFlows = pgTable('identification_flows', {
  stateHash: text('state_hash').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  provider: text('provider').notNull(),
  language: text('language', { enum: ['fi', 'sv', 'en'] }).notNull(),
  nextPath: text('next_path').notNull(),
  inApp: boolean('in_app').notNull().default(false),
  /** SHA-256 of the flow-binding cookie of the browser that started the flow (login CSRF guard). */
  browserBindingHash: text('browser_binding_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Authorization codes issued by the built-in test identification service (never in production). */
export const testIdpCodes = pgTable('test_idp_codes', {
  codeHash: text('code_hash').primaryKey(),
  identityCode: text('identity_code').notNull(),
  nonce: text('nonce').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Who viewed or changed whose data, and when. Never holds identity codes or free text. */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    actorPersonId: uuid('actor_person_id'),
    subjectPersonId: uuid('subject_person_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
  },
  (t) => [index('access_log_subject_idx').on(t.subjectPersonId, t.at)],
);

/** SMS and e-mail waiting to be (or already) handed to the delivery provider. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<{ fileName: string; contentType: string; content: string }[]>(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** Fixed-window counters shared by every app instance (services/security/rate-limit). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** First-party analytics events (no third-party trackers). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [index('analytics_events_name_idx').on(t.name, t.at)],
);

// The value lists live with the models (client-safe); the columns below use them.
export { LOCATION_TYPES, PAYER_TYPES } from '../app/models/appointments/appointment-types';

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
    bookedVia: text('booked_via', { enum: ['web', 'web-anonymous', 'in-app', 'staff'] }).notNull().default('staff'),
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
    createdAt: createdAt(),
  },
  (t) => [
    index('appointments_patient_start_idx').on(t.patientId, t.startAt),
    check('appointments_duration_check', sql`${t.durationMinutes} > 0`),
    check('appointments_cancel_check', sql`(${t.cancelledAt} is null) = (${t.cancelledBy} is null)`),
    // A slot can be held by one live appointment; cancelling frees it.
    uniqueIndex('appointments_slot_live_idx').on(t.slotId).where(sql`${t.cancelledAt} is null and ${t.slotId} is not null`),
  ],
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
    payerTypes: text('payer_types').array().notNull().default(sql`'{self}'::text[]`),
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
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
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
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
});

/** Raw bytes: a Uint8Array in the app (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Files the portal keeps (Kela card images now, message attachments and PDFs later): who owns
 * them, what they are for, and the upload's progress (docs/decisions/0011-file-storage.md).
 * With the embedded storage the bytes are in `data`; with S3 they are in the bucket under the
 * object's id and `data` stays null. A pending row that is not finished by `expires_at` plus a
 * grace period is deleted by the storage service's cleanup.
 */
export const storedObjects = pgTable(
  'stored_objects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose data this is; only they (or their guardian) may download it. */
    ownerPersonId: uuid('owner_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** Who started the upload: the owner, or their guardian. Upload URLs are bound to them. */
    uploadedById: uuid('uploaded_by_id').references(() => persons.id, { onDelete: 'set null' }),
    /** What the object is for, e.g. `kela-card-front`. */
    purpose: text('purpose').notNull(),
    /** The content type declared at init-upload and checked against the bytes. */
    contentType: text('content_type').notNull(),
    /** Content types this upload may have (checked by magic bytes). */
    allowedContentTypes: text('allowed_content_types').array().notNull(),
    maxBytes: integer('max_bytes').notNull(),
    /** File name offered on download (sanitised); null: derived from the purpose. */
    fileName: text('file_name'),
    /** Where the bytes live: this table or the S3 bucket. */
    backend: text('backend', { enum: ['embedded', 's3'] }).notNull(),
    /** pending: waiting for the PUT; uploaded: bytes accepted; complete: finish-upload done. */
    status: text('status', { enum: ['pending', 'uploaded', 'complete'] }).notNull().default('pending'),
    byteSize: integer('byte_size'),
    data: bytea('data'),
    /** The upload URL stops working at this instant. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('stored_objects_owner_idx').on(t.ownerPersonId, t.purpose),
    index('stored_objects_unfinished_idx').on(t.expiresAt).where(sql`${t.status} <> 'complete'`),
    check('stored_objects_max_bytes_check', sql`${t.maxBytes} > 0`),
    check('stored_objects_size_check', sql`${t.byteSize} is null or (${t.byteSize} >= 0 and ${t.byteSize} <= ${t.maxBytes})`),
    check(
      'stored_objects_complete_check',
      sql`${t.status} = 'pending' or ${t.byteSize} is not null`,
    ),
    check('stored_objects_embedded_data_check', sql`${t.backend} = 'embedded' or ${t.data} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Invoices and online payment (issue 12; docs/decisions/0018-online-payment-paytrail.md)


/**
 * Invoices and receipts of one patient (`personId`: whose visit it was; a guardian sees a
 * ward's). Sums in cents. `payableOnlineUntil` is when online payment ends (creation + four
 * days by default); `paidAt` is set once, in the same transaction that settles a payment.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    source: text('source', { enum: INVOICE_SOURCES }).notNull(),
    status: text('status', { enum: LISTABLE_INVOICE_STATUSES }).notNull(),
    /** Product or service, e.g. "General practitioner visit". */
    description: jsonb('description').$type<Localized>().notNull(),
    /** Numbers of the invoices this one credits, comma-separated (spec 2 §3). */
    creditedInvoiceNumbers: text('credited_invoice_numbers'),
    hasPdf: boolean('has_pdf').notNull().default(true),
    sumCents: integer('sum_cents').notNull(),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    payableOnlineUntil: timestamp('payable_online_until', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    buyerName: text('buyer_name').notNull(),
    buyerStreet: text('buyer_street'),
    buyerPostalCode: text('buyer_postal_code'),
    buyerPostOffice: text('buyer_post_office'),
    deliveryMethod: text('delivery_method', { enum: ['EInvoice', 'Email', 'Paper'] }).notNull().default('Email'),
    /** The remote visit this invoice is for (pay a visit); null for other invoices. */
    appointmentId: bigint('appointment_id', { mode: 'number' }).references(() => appointments.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_person_created_idx').on(t.personId, t.creationDate, t.id),
    // One invoice per paid remote visit (pay a visit).
    uniqueIndex('invoices_appointment_idx').on(t.appointmentId).where(sql`${t.appointmentId} is not null`),
    check('invoices_sum_check', sql`${t.sumCents} >= 0`),
    check('invoices_status_check', sql`${t.status} in ('open', 'overdue', 'paper', 'paid', 'refunded', 'refundInProgress', 'notAvailable')`),
    check('invoices_paid_check', sql`(${t.status} = 'paid') <= (${t.paidAt} is not null)`),
  ],
);

export const invoiceRows = pgTable(
  'invoice_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    count: integer('count').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** VAT in tenths of a percent (255 = 25.5 %); health care is 0. */
    vatPermille: integer('vat_permille').notNull().default(0),
  },
  (t) => [uniqueIndex('invoice_rows_position_idx').on(t.invoiceId, t.position)],
);

export const PAYMENT_STATUSES = ['created', 'pending', 'settled', 'failed', 'cancelled', 'duplicate', 'rejected'] as const;

/**
 * One online payment attempt. `stamp` is ours (unique per merchant), `transactionId` the
 * provider's. At most one settled payment per invoice (`payments_settled_idx`): settling locks
 * the payment and the invoice rows and marks the invoice paid in the same transaction.
 * `browserBindingHash` ties the provider's redirect back to the browser that started it.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    /** Who started it (the patient or their guardian). */
    startedById: uuid('started_by_id')
      .notNull()
      .references(() => persons.id),
    stamp: text('stamp').notNull().unique(),
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    adapter: text('adapter', { enum: ['test', 'paytrail'] }).notNull(),
    transactionId: text('transaction_id').unique(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    /** The provider's answer to create-payment: where each payment method's form posts. */
    providers: jsonb('providers').$type<{ id: string; name: string; url: string; svg: string; parameters: { name: string; value: string }[] }[]>(),
    /** The provider (bank, card) the customer used, as the provider reported it. */
    method: text('method'),
    failureReason: text('failure_reason'),
    language: text('language', { enum: ['fi', 'sv', 'en'] }).notNull(),
    browserBindingHash: text('browser_binding_hash').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [
    uniqueIndex('payments_settled_idx').on(t.invoiceId).where(sql`${t.status} = 'settled'`),
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    index('payments_open_idx').on(t.createdAt).where(sql`${t.status} in ('created', 'pending')`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_settled_check', sql`(${t.status} = 'settled') = (${t.settledAt} is not null)`),
  ],
);

/** Everything the provider told us about a payment (redirects, callbacks, status queries). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id').references(() => payments.id),
    via: text('via', { enum: ['create', 'redirect', 'callback', 'reconcile'] }).notNull(),
    providerStatus: text('provider_status'),
    signatureValid: boolean('signature_valid').notNull(),
    /** What the portal did: settled, alreadyPaid, invoiceSumNotValid, ignored, … */
    outcome: text('outcome').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.at)],
);

/**
 * The built-in test payment provider's own books (development and tests only, like
 * `test_idp_codes`): what it was asked to charge and what the tester chose on its bank page.
 */
export const testProviderPayments = pgTable('test_provider_payments', {
  transactionId: uuid('transaction_id').primaryKey().defaultRandom(),
  merchantId: text('merchant_id').notNull(),
  stamp: text('stamp').notNull().unique(),
  reference: text('reference').notNull(),
  amountCents: integer('amount_cents').notNull(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  status: text('status', { enum: ['new', 'ok', 'fail', 'pending', 'delayed'] }).notNull().default('new'),
  method: text('method'),
  createdAt: createdAt(),
});


// ---------------------------------------------------------------------------------------------
// My information (issue 9): SMS login, SMS codes, Kela card images, a minor's guardians.

/**
 * SMS login (spec 2 §3 "MFA status types"): the phone number whose possession the person has
 * proved with a code. A row means SMS login is enabled; disabling deletes it.
 */
export const mfaDevices = pgTable('mfa_devices', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  verifiedPhone: text('verified_phone').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull(),
});

/**
 * One SMS code sent to a person: to verify a phone when enabling SMS login (`onboarding`) or to
 * resume a lapsed session (`reauth`). Only the code's HMAC is kept. Single use; expires; locked
 * after too many wrong tries. A reauth code is bound to the lapsed session and to the browser
 * that asked for it (flow binding).
 */
export const smsChallenges = pgTable(
  'sms_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['onboarding', 'reauth'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** The number the code went to (onboarding: the one being verified). */
    phone: text('phone').notNull(),
    /** reauth: the lapsed session it may resume (its id hash) and the asking browser's binding. */
    sessionIdHash: text('session_id_hash'),
    bindingHash: text('binding_hash'),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_challenges_person_idx').on(t.personId, t.purpose, t.createdAt),
    check('sms_challenges_attempts_check', sql`${t.failedAttempts} >= 0`),
  ],
);

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

// ─── Messaging (issue 10): threads, messages, attachments, professionals, care teams, absences,
// announcements. docs/decisions/0014-secure-messaging.md ───────────────────────────────────────

// The value lists live with the models (client-safe); the columns below use them.
export { ANNOUNCEMENT_TYPES, PROFESSIONAL_TYPES, THREAD_TYPES } from '../app/models/messaging/messaging';

/**
 * Professional users of messaging (doctors, nurses, physiotherapists, psychologists). They log in
 * to the staff area with strong identification like patients; `personId` is that login identity,
 * and it is also the professional's id everywhere in messaging (authors, assignees, readers).
 */
export const professionals = pgTable('professionals', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** Shown to customers next to the name, e.g. "Työterveyshoitaja". */
  title: jsonb('title').$type<Localized>().notNull(),
  professionalType: text('professional_type', { enum: PROFESSIONAL_TYPES }).notNull(),
  emailAddress: text('email_address'),
  /** The practitioner in the booking calendar, when the professional takes appointments. */
  practitionerId: text('practitioner_id').references(() => practitioners.id),
  /**
   * Handles threads of customers who have no care team (e.g. private customers' prescription
   * renewals): such threads are open to every active triage professional.
   */
  triage: boolean('triage').notNull().default(false),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** An employer contract's occupational care team: its responsible professionals. */
export const occupationalCareTeam = pgTable(
  'occupational_care_team',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => occupationalContracts.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.personId, { onDelete: 'cascade' }),
    /** Order on the team page (and which one receives a thread when none is chosen). */
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.professionalId] }),
    index('occupational_care_team_professional_idx').on(t.professionalId),
  ],
);

/** A professional's absence (dates in Helsinki, inclusive) and who substitutes for them. */
export const professionalAbsences = pgTable(
  'professional_absences',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.personId, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Professionals' person ids, in order of preference. */
    substituteIds: uuid('substitute_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** For colleagues only; never shown to customers. */
    internalMessage: text('internal_message'),
    createdAt: createdAt(),
  },
  (t) => [
    index('professional_absences_professional_idx').on(t.professionalId, t.endDate),
    index('professional_absences_substitutes_idx').using('gin', t.substituteIds),
    check('professional_absences_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * A conversation. It has exactly one customer (`customerPersonId`); the professionals taking
 * part are in `messaging_thread_participants`, those who may open it in
 * `messaging_thread_access`. `lastMessageAt`/`lastMessageId` are kept by the service so that
 * the thread list and the unread count are single indexed queries.
 */
export const messagingThreads = pgTable(
  'messaging_threads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    threadType: text('thread_type', { enum: THREAD_TYPES }).notNull().default('Customer'),
    title: text('title').notNull().default(''),
    customerPersonId: uuid('customer_person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    /** The professionals' timestamp of the read rule (set when a professional reads the thread). */
    professionalsTimestamp: timestamp('professionals_timestamp', { withTimezone: true }),
  },
  (t) => [
    index('messaging_threads_customer_idx').on(t.customerPersonId, t.lastMessageAt.desc().nullsLast(), t.id.desc()),
    index('messaging_threads_last_message_idx').on(t.lastMessageAt.desc().nullsLast(), t.id.desc()),
    check('messaging_threads_title_check', sql`char_length(${t.title}) <= 200`),
  ],
);

/** Professionals taking part in a thread (the customer is the thread's own column). */
export const messagingThreadParticipants = pgTable(
  'messaging_thread_participants',
  {
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.personId, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.professionalId] }),
    index('messaging_thread_participants_professional_idx').on(t.professionalId, t.threadId),
  ],
);

/** professionalsWithAccess: who on the professionals' side may open the thread. */
export const messagingThreadAccess = pgTable(
  'messaging_thread_access',
  {
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.personId, { onDelete: 'cascade' }),
    /** The thread's last message time, copied so a professional's lists walk their own index. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.professionalId] }),
    index('messaging_thread_access_professional_idx').on(t.professionalId, t.lastMessageAt.desc().nullsLast(), t.threadId.desc()),
  ],
);

/** The current assignment only (one row per thread; reassigning replaces it). */
export const messagingThreadAssignments = pgTable(
  'messaging_thread_assignments',
  {
    threadId: bigint('thread_id', { mode: 'number' })
      .primaryKey()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => professionals.personId, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
    assignedById: uuid('assigned_by_id').references(() => persons.id, { onDelete: 'set null' }),
  },
  (t) => [index('messaging_thread_assignments_assignee_idx').on(t.assigneeId, t.threadId)],
);

/** When each reader (customer or professional, by person id) last read the thread. */
export const messagingReadStatuses = pgTable(
  'messaging_read_statuses',
  {
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    readerId: uuid('reader_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.readerId] })],
);

export const messagingMessages = pgTable(
  'messaging_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    /** The customer or the professional (both are persons). */
    authorId: uuid('author_id')
      .notNull()
      .references(() => persons.id),
    content: text('content').notNull(),
    /** The form's one-time key: a resent form finds the message it already created. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedById: uuid('deleted_by_id').references(() => persons.id),
    deletedReason: text('deleted_reason'),
  },
  (t) => [
    index('messaging_messages_thread_idx').on(t.threadId, t.createdAt, t.id),
    uniqueIndex('messaging_messages_idempotency_idx')
      .on(t.authorId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('messaging_messages_content_check', sql`char_length(${t.content}) <= 20000`),
    check(
      'messaging_messages_deleted_check',
      sql`(${t.deletedAt} is null) = (${t.deletedById} is null) and (${t.deletedAt} is not null or ${t.deletedReason} is null)`,
    ),
  ],
);

/** A stored file (storage service, purpose `message-attachment`) attached to a message. */
export const messagingAttachments = pgTable(
  'messaging_attachments',
  {
    storedObjectId: uuid('stored_object_id')
      .primaryKey()
      .references(() => storedObjects.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messagingMessages.id, { onDelete: 'cascade' }),
    /** The name the sender gave (shown as text; the download name is sanitised by storage). */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messaging_attachments_message_idx').on(t.messageId)],
);

/** Customer messaging info shown above the conversation list. */
export const messagingAnnouncements = pgTable(
  'messaging_announcements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    announcementType: text('announcement_type', { enum: ANNOUNCEMENT_TYPES }).notNull().default('info'),
    heading: jsonb('heading').$type<Localized>().notNull(),
    /** Markdown (rendered safely: no raw HTML; links only http(s), mailto and tel). */
    description: jsonb('description').$type<Localized>().notNull(),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('messaging_announcements_active_idx').on(t.active, t.startsAt)],
);
// ---------------------------------------------------------------------------------------------
// Health records (issue 11): prescriptions and their renewal requests, lab and imaging referrals,
// lab results, imaging results, visit reports, questionnaires, vaccinations, sick-leave
// certificates. Every row belongs to one patient; `view_restriction` 'professional' hides a
// row from the patient until it is released ('patient'). See docs/decisions/0016.
// ---------------------------------------------------------------------------------------------

const patientRef = () =>
  uuid('patient_id')
    .notNull()
    .references(() => persons.id, { onDelete: 'cascade' });
const viewRestriction = () =>
  text('view_restriction', { enum: ['patient', 'professional'] }).notNull().default('patient');

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
    status: text('status', { enum: ['pending', 'processed'] }).notNull().default('pending'),
    /** The messaging thread that carries the request to the care team (issue 10's messaging). */
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('prescription_renewals_pending_uq').on(t.prescriptionId).where(sql`${t.status} = 'pending'`),
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
    kind: text('kind', { enum: ['single', 'package'] }).notNull().default('single'),
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
    index('lab_tests_patient_day_idx').on(t.patientId, t.resultDate.desc()).where(sql`${t.parentId} is null`),
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
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
    /** The answers as the JSON string the spec names (spec 3 §7); null until answered. */
    answers: text('answers'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredById: uuid('answered_by_id').references(() => persons.id, { onDelete: 'set null' }),
  },
  (t) => [
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

// ---------------------------------------------------------------------------------------------
// Booking for everyone else (issue 13): occupational contracts' specialties

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

// ---------------------------------------------------------------------------------------------
// Insurance customers (issue 13, ADR 0022)

const inList = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(() => clock.now()),
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
