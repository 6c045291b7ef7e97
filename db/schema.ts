/**
 * Database schema (drizzle, PostgreSQL dialect; the same migrations run on PGlite and on a
 * PostgreSQL server). Later issues add their tables here and generate a migration with
 * `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import { LOCATION_TYPES, PAYER_TYPES } from '../app/models/appointment-types';
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
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type Localized = { fi: string; sv: string; en: string };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
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
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [index('analytics_events_name_idx').on(t.name, t.at)],
);

// The value lists live with the models (client-safe); the columns below use them.
export { LOCATION_TYPES, PAYER_TYPES } from '../app/models/appointment-types';

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
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
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
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
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
