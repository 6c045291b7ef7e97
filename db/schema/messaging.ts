/**
 * Schema, messaging (issue 10; docs/decisions/0014-secure-messaging.md): threads, messages,
 * attachments, professionals, care teams, absences, announcements.
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
import { ANNOUNCEMENT_TYPES, PROFESSIONAL_TYPES, THREAD_TYPES } from '../../app/models/messaging/messaging';
import { type Localized, createdAt } from './columns';
import { occupationalContracts, persons } from './people';
import { practitioners } from './booking';
import { storedObjects } from './platform';

// The value lists live with the models (client-safe); the columns below use them.
export { ANNOUNCEMENT_TYPES, PROFESSIONAL_TYPES, THREAD_TYPES } from '../../app/models/messaging/messaging';

/**
 * Professional users of messaging (doctors, nurses, physiotherapists, psychologists). They log in
 * to the staff area with strong identification like patients; `personId` is that login identity,
 * and it is also the professional's id everywhere in messaging (authors, assignees, readers).
 */
export const professionals = pgTable(
  'professionals',
  {
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
    /** The languages the professional serves in (the practitioner page, ADR 0041): portal languages, at least one. */
    languages: text('languages')
      .array()
      .$type<Array<keyof Localized>>()
      .notNull()
      .default(sql`'{fi}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [check('professionals_languages_check', sql`cardinality(${t.languages}) > 0 and ${t.languages} <@ array['fi', 'sv', 'en']::text[]`)],
);

/**
 * HR users of client companies (spec 1 §3 "HR user", ADR 0042): an employer's contact person who
 * converses with the company's occupational care team in `Hr` and `Supervisor` threads. They log
 * in with strong identification like patients; `personId` is that identity, bound here to one
 * company (its occupational contract). Rows come from the seed or the admin CLI
 * (`npm run hr-user`); an inactive row is no HR user. Never a way to an employee's health data.
 */
export const hrUsers = pgTable(
  'hr_users',
  {
    personId: uuid('person_id')
      .primaryKey()
      .references(() => persons.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => occupationalContracts.id, { onDelete: 'cascade' }),
    /** The HR user's job title at the company, e.g. "HR-päällikkö" (shown as given). */
    title: text('title').notNull(),
    emailAddress: text('email_address').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('hr_users_contract_idx').on(t.contractId), check('hr_users_title_check', sql`char_length(${t.title}) between 1 and 100`)],
);

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
  (t) => [primaryKey({ columns: [t.contractId, t.professionalId] }), index('occupational_care_team_professional_idx').on(t.professionalId)],
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
    substituteIds: uuid('substitute_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
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
    /**
     * `Hr` and `Supervisor` threads (ADR 0042): the client company (its occupational contract)
     * whose HR users share the thread; `customerPersonId` is the HR user who started it. Null
     * for `Customer` threads.
     */
    companyContractId: uuid('company_contract_id').references(() => occupationalContracts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('messaging_threads_company_idx')
      .on(t.companyContractId, t.lastMessageAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.companyContractId} is not null`),
    check('messaging_threads_company_check', sql`(${t.threadType} = 'Customer') = (${t.companyContractId} is null)`),
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
    addedAt: timestamp('added_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.professionalId] }), index('messaging_thread_participants_professional_idx').on(t.professionalId, t.threadId)],
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
