/**
 * Schema, platform tables every area uses: feature flag overrides, the access log, the outbox
 * (SMS and e-mail), rate-limit counters, analytics events, stored files.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clock } from '../../app/lib/clock.server';
import { ACCESS_REASONS, ACTOR_KINDS } from '../../app/models/audit/access-log';
import { createdAt, inList } from './columns';
import { persons } from './people';

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

/**
 * Who viewed or changed whose data, and when. Never holds identity codes or free text. The
 * patient reads their own rows on "who has handled my data" (ADR 0033): newest first by
 * (at, id), which `access_log_subject_idx` serves for one subject at any length of history (a
 * partial index: a query by subject must carry its predicate to use it).
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
    actorPersonId: uuid('actor_person_id'),
    /**
     * Who acted (ACTOR_KINDS): a professional's `actor_person_id` is their `professionals.person_id`.
     * Null only on rows written before issue 23 (their kind is derived when read, ADR 0033).
     */
    actorKind: text('actor_kind', { enum: ACTOR_KINDS }),
    subjectPersonId: uuid('subject_person_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    /** Why, where the writer knows it (ACCESS_REASONS; a code, never free text). */
    reason: text('reason', { enum: ACCESS_REASONS }),
  },
  (t) => [
    // The patient's own views of the page are not listed (ADR 0033), nor indexed: reloading it
    // never makes the next load read more. The query repeats the predicate word for word.
    index('access_log_subject_idx')
      .on(t.subjectPersonId, t.at, t.id)
      .where(sql`not (${t.resource} = 'access-log' and ${t.actorPersonId} = ${t.subjectPersonId})`),
    check('access_log_actor_kind_check', inList(t.actorKind, ACTOR_KINDS)),
    check('access_log_reason_check', inList(t.reason, ACCESS_REASONS)),
  ],
);

/**
 * SMS and e-mail, each row one message to one recipient, delivered by the delivery jobs
 * (services/outbox): `queued` until a worker claims it, `sent` once the provider accepted it,
 * `failed` after the last try. The content is never logged; `last_error_class` is a class name
 * (e.g. `SmtpTemporaryError`), never the provider's text.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<{ fileName: string; contentType: string; content: string }[]>(),
    /** What the message is, for the delivery page and the reminder/notice rules. */
    kind: text('kind', { enum: ['confirmation', 'reminder', 'loginCode', 'notice', 'other', 'earlierTimeOffer'] })
      .notNull()
      .default('other'),
    /** The brand whose sender name / address it goes out under. */
    brand: text('brand', { enum: ['general', 'children'] })
      .notNull()
      .default('general'),
    /** The language the message is written in (the e-mail's HTML part and lang attribute). */
    language: text('language', { enum: ['fi', 'sv', 'en'] })
      .notNull()
      .default('fi'),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    /** Delivery attempts made so far. */
    tries: integer('tries').notNull().default(0),
    /** The class of the last failure (never its text: it may quote the message). */
    lastErrorClass: text('last_error_class'),
    /** Not before this instant (a retry's backoff); null = at once. */
    notBefore: timestamp('not_before', { withTimezone: true }),
    /** The provider's id for the accepted message (SMTP Message-ID, the SMS gateway's id). */
    providerId: text('provider_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_pending_idx')
      .on(t.notBefore, t.id)
      .where(sql`${t.state} in ('queued', 'sending')`),
    // The failed messages, few among all, counted at every metrics scrape (ADR 0038).
    index('outbox_failed_idx')
      .on(t.id)
      .where(sql`${t.state} = 'failed'`),
    check('outbox_state_check', sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

/** Fixed-window counters shared by every app instance (services/security/rate-limit). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  // Retention (ADR 0040): windows that ended long ago go by their start.
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
);

/** First-party analytics events (no third-party trackers). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => clock.now()),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [
    index('analytics_events_name_idx').on(t.name, t.at),
    // Retention (ADR 0040): old events go by their time, whatever their name.
    index('analytics_events_at_idx').on(t.at),
  ],
);

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
    status: text('status', { enum: ['pending', 'uploaded', 'complete'] })
      .notNull()
      .default('pending'),
    byteSize: integer('byte_size'),
    data: bytea('data'),
    /** The upload URL stops working at this instant. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('stored_objects_owner_idx').on(t.ownerPersonId, t.purpose),
    index('stored_objects_unfinished_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} <> 'complete'`),
    check('stored_objects_max_bytes_check', sql`${t.maxBytes} > 0`),
    check('stored_objects_size_check', sql`${t.byteSize} is null or (${t.byteSize} >= 0 and ${t.byteSize} <= ${t.maxBytes})`),
    check('stored_objects_complete_check', sql`${t.status} = 'pending' or ${t.byteSize} is not null`),
    check('stored_objects_embedded_data_check', sql`${t.backend} = 'embedded' or ${t.data} is null`),
  ],
);
