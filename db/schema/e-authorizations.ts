/**
 * Schema, e-authorizations (issue 42, docs/decisions/0050-e-authorizations.md): acting for another
 * adult in a login session, and the built-in Suomi.fi e-Authorizations test service's mandates
 * (the demo data's) and Web API sessions. Only the test service (E_AUTHORIZATIONS=test, never in
 * production) touches the `test_eauth_*` tables; with the real service the mandates live in
 * Suomi.fi. Depends on people and auth.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './auth';
import { createdAt } from './columns';
import { occupationalContracts, persons } from './people';

/**
 * A mandate as Suomi.fi holds it: person to person (`hpa`, the principal an identity code) or
 * person to company (`ypa`, the principal a business id), with the issues (hpa) or roles (ypa) it
 * covers, valid from/until (inclusive dates), and revoked when the principal withdrew it.
 */
export const testEauthMandates = pgTable(
  'test_eauth_mandates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['hpa', 'ypa'] }).notNull(),
    delegateIdentityCode: text('delegate_identity_code').notNull(),
    principalId: text('principal_id').notNull(),
    principalName: text('principal_name').notNull(),
    roles: text('roles').array().notNull(),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('test_eauth_mandates_kind', sql`${t.kind} in ('hpa', 'ypa')`), index('test_eauth_mandates_delegate_idx').on(t.delegateIdentityCode, t.kind)],
);

/**
 * A Web API session of the test service: registered for one person and kind, the selection's
 * one-time code and the OAuth access token (SHA-256 only), and the principal the person chose.
 */
export const testEauthSessions = pgTable(
  'test_eauth_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: text('user_id').notNull().unique(),
    kind: text('kind', { enum: ['hpa', 'ypa'] }).notNull(),
    clientId: text('client_id').notNull(),
    identityCode: text('identity_code').notNull(),
    selectedPrincipalId: text('selected_principal_id'),
    codeHash: text('code_hash').unique(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('test_eauth_sessions_kind', sql`${t.kind} in ('hpa', 'ypa')`), index('test_eauth_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Acting for another adult in one login session (HPA; ADR 0050): pending from "act on behalf of
 * someone" until the selection returns (the Web API session ids only), then the principal, the
 * issues the mandate covers, and the Web API session's access token for the re-check on every
 * request (valid for the Web API session only; the API key that must accompany it is not in the
 * database). Ends with the login session, by "stop acting" or when the re-check fails.
 */
export const actingFor = pgTable('acting_for', {
  sessionIdHash: text('session_id_hash')
    .primaryKey()
    .references(() => sessions.idHash, { onDelete: 'cascade' }),
  delegateId: uuid('delegate_id')
    .notNull()
    .references(() => persons.id),
  principalId: uuid('principal_id').references(() => persons.id),
  issues: text('issues')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  eauthSessionId: text('eauth_session_id').notNull(),
  eauthUserId: text('eauth_user_id').notNull(),
  accessToken: text('access_token'),
  createdAt: createdAt(),
});

/** The principal was told the first time this delegate acted for them (the notice is in the outbox). */
export const actingNotices = pgTable(
  'acting_notices',
  {
    principalId: uuid('principal_id')
      .notNull()
      .references(() => persons.id),
    delegateId: uuid('delegate_id')
      .notNull()
      .references(() => persons.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.principalId, t.delegateId] })],
);

/**
 * Representing a client company on a Suomi.fi YPA mandate in one login session (ADR 0050): the
 * person is that company's HR user for this session only. Pending (no contract, no token) between
 * the start and the return from the selection; re-checked with Suomi.fi on every request.
 */
export const companyMandates = pgTable(
  'company_mandates',
  {
    sessionIdHash: text('session_id_hash')
      .primaryKey()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => occupationalContracts.id, { onDelete: 'cascade' }),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    eauthSessionId: text('eauth_session_id').notNull(),
    eauthUserId: text('eauth_user_id').notNull(),
    accessToken: text('access_token'),
    createdAt: createdAt(),
  },
  (t) => [check('company_mandates_complete_check', sql`(${t.contractId} is null) = (${t.accessToken} is null)`)],
);
