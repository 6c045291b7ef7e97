/**
 * Schema, auth: login sessions, strong identification flows (and the built-in test
 * identification service's codes), SMS login devices and SMS codes.
 */
import { sql } from 'drizzle-orm';
import { smallint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { persons } from './people';

/**
 * Login sessions. The cookie holds a random token; only its SHA-256 is stored here, so a
 * database leak does not hand out sessions. Revoking = setting revoked_at.
 *
 * "My devices" (issue 23, ADR 0032) names a session by `public_id` (never by its hash) and shows
 * the device it was opened on: short labels read from the User-Agent at login
 * (app/models/auth/device.ts), never the header itself and never an address.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** What the person's own pages (my devices) call the session: random, says nothing of the token. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
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
    /** The browser's name at login, e.g. "Firefox"; null when not recognised (or before issue 23). */
    deviceBrowser: text('device_browser'),
    /** The operating system's name at login, e.g. "Android". */
    deviceOs: text('device_os'),
    /** desktop, mobile or tablet. */
    deviceKind: text('device_kind', { enum: ['desktop', 'mobile', 'tablet'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_person_idx').on(t.personId),
    // Retention (ADR 0040): ended sessions go by their absolute expiry, which never moves (the idle
    // expiry moves on every request, so an index on it would cost each request an index write).
    index('sessions_absolute_expires_idx').on(t.absoluteExpiresAt),
    check('sessions_device_kind_check', sql`${t.deviceKind} is null or ${t.deviceKind} in ('desktop', 'mobile', 'tablet')`),
  ],
);

/**
 * One pending strong identification, keyed by the hash of the OIDC `state`. The secrets stay on
 * the server; the browser that started the flow holds only the flow-binding cookie whose hash is
 * stored here, and the callback completes the flow only in that browser (ADR 0003).
 */
export const identificationFlows = pgTable(
  'identification_flows',
  {
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
  },
  // Retention (ADR 0040): expired flows go by their expiry.
  (t) => [index('identification_flows_expires_idx').on(t.expiresAt)],
);

/** Authorization codes issued by the built-in test identification service (never in production). */
export const testIdpCodes = pgTable(
  'test_idp_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    identityCode: text('identity_code').notNull(),
    nonce: text('nonce').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  // Retention (ADR 0040): expired codes go by their expiry.
  (t) => [index('test_idp_codes_expires_idx').on(t.expiresAt)],
);

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
    // Retention (ADR 0040): expired codes go by their expiry.
    index('sms_challenges_expires_idx').on(t.expiresAt),
    check('sms_challenges_attempts_check', sql`${t.failedAttempts} >= 0`),
  ],
);
