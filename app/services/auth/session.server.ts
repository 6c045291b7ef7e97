/**
 * Database-backed sessions. The cookie (`~/lib/http/session-cookie.server`) holds only a random
 * token; the row is stored under the token's SHA-256 and can be revoked. A new token is issued
 * at every login. Idle and absolute timeouts come from the environment.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { actingFor, companyMandates, featureOverrides, guardianships, hrUsers, occupationalContracts, persons, sessions } from '~db/schema';
import { env } from '~/env.server';
import { randomToken, sha256 } from '~/lib/crypto.server';
import type { Db } from '~/services/db/db.server';
import { prepared } from '~/services/db/prepared.server';
import { clock } from '~/lib/clock.server';
import type { PersonRow } from '~/services/people/people.server';
import type { DeviceLabel } from '~/models/auth/device';
import { SMS_CODE_PROVIDER } from '~/models/identity-providers';

export type SessionRow = typeof sessions.$inferSelect;

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
}

function sessionTimeouts(): SessionTimeouts {
  const e = env();
  return { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 };
}

/** The instant a session ends unless the user does something: the earlier of both limits. */
export function sessionExpiresAt(row: Pick<SessionRow, 'idleExpiresAt' | 'absoluteExpiresAt'>): Date {
  return row.idleExpiresAt < row.absoluteExpiresAt ? row.idleExpiresAt : row.absoluteExpiresAt;
}

export async function createSession(
  db: Db,
  input: {
    personId: string;
    identityProvider: string;
    scope?: 'inAppBooking' | null;
    now?: Date;
    /** The device's labels from the User-Agent at login (app/models/auth/device.ts); "my devices" shows them. */
    device?: DeviceLabel;
  },
  timeouts = sessionTimeouts(),
): Promise<{ token: string; row: SessionRow }> {
  const now = input.now ?? clock.now();
  const token = randomToken();
  const [row] = await db
    .insert(sessions)
    .values({
      idHash: sha256(token),
      personId: input.personId,
      csrfToken: randomToken(),
      scope: input.scope ?? null,
      identityProvider: input.identityProvider,
      authenticatedAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + timeouts.idleMs),
      absoluteExpiresAt: new Date(now.getTime() + timeouts.absoluteMs),
      deviceBrowser: input.device?.browser ?? null,
      deviceOs: input.device?.os ?? null,
      deviceKind: input.device?.kind ?? null,
    })
    .returning();
  return { token, row: row! };
}

export type SessionLookup =
  | { status: 'none' }
  | { status: 'expired'; reason: 'idle' | 'absolute' | 'revoked'; row: SessionRow }
  | { status: 'active'; row: SessionRow; person: PersonRow };

/**
 * Whether a session row is live at `now`, or why it ended: revoked, past its absolute limit,
 * idle too long (in that order). The one session-state rule; both lookups ask it.
 */
export function sessionEnd(row: Pick<SessionRow, 'revokedAt' | 'idleExpiresAt' | 'absoluteExpiresAt'>, now: Date): 'revoked' | 'absolute' | 'idle' | null {
  if (row.revokedAt) return 'revoked';
  if (row.absoluteExpiresAt <= now) return 'absolute';
  if (row.idleExpiresAt <= now) return 'idle';
  return null;
}

/** The session and its person (`lookupSessionContext` without the rest). */
export async function lookupSession(db: Db, token: string | null, now = clock.now()): Promise<SessionLookup> {
  const found = await lookupSessionContext(db, token, now);
  return found.status === 'active' ? { status: 'active', row: found.row, person: found.person } : found;
}

/**
 * Extends the idle timeout on activity. Writes at most once a minute per session so page views
 * do not each cost a write.
 */
export type Ward = Awaited<ReturnType<typeof listWards>>[number];

/**
 * What every request of a logged-in person needs besides the session: wards, feature overrides,
 * and whether the person is an active HR user of a client company (the navigation's link to the
 * company's conversations, ADR 0042).
 */
export type SessionContextLookup =
  | Exclude<SessionLookup, { status: 'active' }>
  | {
      status: 'active';
      row: SessionRow;
      person: PersonRow;
      wards: Ward[];
      featureOverrides: { flag: string; enabled: boolean }[];
      isHrUser: boolean;
      /** Acting for another adult (ADR 0050): as stored, before this request's re-check. */
      acting: StoredActing | null;
      /** Representing a company on a YPA mandate (ADR 0050): as stored, before this request's re-check. */
      companyMandate: StoredCompanyMandate | null;
    };

/** A completed company mandate of the session (ADR 0050). */
export interface StoredCompanyMandate {
  contractId: string;
  companyName: string;
  eauthSessionId: string;
  eauthUserId: string;
  accessToken: string;
}

/** A completed acting-for row of the session (ADR 0050). */
export interface StoredActing {
  principal: { id: string; identityCode: string; firstName: string; lastName: string };
  issues: string[];
  eauthSessionId: string;
  eauthUserId: string;
  accessToken: string;
}

/** JSON from the driver: node-postgres and PGlite parse json columns, but be safe either way. */
function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The session, its person, their wards, feature overrides and HR role: one prepared query per page view. */
function sessionContextQuery(db: Db) {
  return db
    .select({
      session: sessions,
      person: persons,
      wards: sql<unknown>`coalesce((
        select json_agg(json_build_object('id', w.id, 'firstName', w.first_name, 'lastName', w.last_name, 'birthDate', w.birth_date) order by w.first_name)
        from ${guardianships} g join ${persons} w on w.id = g.ward_id
        where g.guardian_id = ${sessions.personId}), '[]'::json)`,
      featureOverrides: sql<unknown>`coalesce((
        select json_agg(json_build_object('flag', f.flag, 'enabled', f.enabled))
        from ${featureOverrides} f where f.person_id = ${sessions.personId}), '[]'::json)`,
      isHrUser: sql<boolean>`exists (select 1 from ${hrUsers} h where h.person_id = ${sessions.personId} and h.active)`,
      acting: sql<unknown>`(
        select json_build_object('principal', json_build_object('id', p.id, 'identityCode', p.identity_code, 'firstName', p.first_name, 'lastName', p.last_name),
          'issues', a.issues, 'eauthSessionId', a.eauth_session_id, 'eauthUserId', a.eauth_user_id, 'accessToken', a.access_token)
        from ${actingFor} a join ${persons} p on p.id = a.principal_id
        where a.session_id_hash = ${sessions.idHash} and a.delegate_id = ${sessions.personId} and a.access_token is not null)`,
      companyMandate: sql<unknown>`(
        select json_build_object('contractId', c.id, 'companyName', c.employer_name, 'eauthSessionId', m.eauth_session_id,
          'eauthUserId', m.eauth_user_id, 'accessToken', m.access_token)
        from ${companyMandates} m join ${occupationalContracts} c on c.id = m.contract_id
        where m.session_id_hash = ${sessions.idHash} and m.person_id = ${sessions.personId} and m.access_token is not null)`,
    })
    .from(sessions)
    .innerJoin(persons, eq(persons.id, sessions.personId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1);
}

/**
 * lookupSession plus the person's wards (as listWards), feature overrides and HR role in the same
 * query: one database round trip per page view of a logged-in person instead of three
 * (ADR 0010). The expiry rules are lookupSession's.
 */
export async function lookupSessionContext(db: Db, token: string | null, now = clock.now()): Promise<SessionContextLookup> {
  if (!token) return { status: 'none' };
  const [found] = await prepared(db, 'session_context', sessionContextQuery).execute({ idHash: sha256(token) });
  if (!found) return { status: 'none' };
  const { session, person } = found;
  const ended = sessionEnd(session, now);
  if (ended) return { status: 'expired', reason: ended, row: session };
  return {
    status: 'active',
    row: session,
    person,
    wards: parsedJson<Ward[]>(found.wards),
    featureOverrides: parsedJson<{ flag: string; enabled: boolean }[]>(found.featureOverrides),
    isHrUser: Boolean(found.isHrUser),
    acting: found.acting ? parsedJson<StoredActing>(found.acting) : null,
    companyMandate: found.companyMandate ? parsedJson<StoredCompanyMandate>(found.companyMandate) : null,
  };
}

export async function touchSession(db: Db, row: SessionRow, now = clock.now(), timeouts = sessionTimeouts()): Promise<SessionRow> {
  if (now.getTime() - row.lastSeenAt.getTime() < 60_000) return row;
  const idleExpiresAt = new Date(now.getTime() + timeouts.idleMs);
  await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt }).where(eq(sessions.idHash, row.idHash));
  return { ...row, lastSeenAt: now, idleExpiresAt };
}

export async function revokeSession(db: Db, idHash: string, now = clock.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt)));
}

/** "Log out everywhere". */
export async function revokeAllSessions(db: Db, personId: string, now = clock.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.personId, personId), isNull(sessions.revokedAt)));
}

export async function setSessionScope(db: Db, idHash: string, scope: 'inAppBooking' | null): Promise<void> {
  await db.update(sessions).set({ scope }).where(eq(sessions.idHash, idHash));
}

/** Minors the person is guardian of (for acting on their behalf). */
export async function listWards(db: Db, guardianId: string) {
  return db
    .select({ id: persons.id, firstName: persons.firstName, lastName: persons.lastName, birthDate: persons.birthDate })
    .from(guardianships)
    .innerJoin(persons, eq(persons.id, guardianships.wardId))
    .where(eq(guardianships.guardianId, guardianId))
    .orderBy(persons.firstName);
}

/**
 * A new session that continues a lapsed one after SMS-code re-identification (issue 9): a new
 * token (never the old one), the same person and scope, identity provider `sms-code`, and the
 * lapsed session's absolute limit — re-identification never extends it. The old row is revoked.
 */
export async function resumeSession(db: Db, lapsed: SessionRow, now = clock.now(), timeouts = sessionTimeouts()): Promise<{ token: string; row: SessionRow }> {
  const token = randomToken();
  const idle = new Date(now.getTime() + timeouts.idleMs);
  const [row] = await db
    .insert(sessions)
    .values({
      idHash: sha256(token),
      personId: lapsed.personId,
      csrfToken: randomToken(),
      scope: lapsed.scope,
      identityProvider: SMS_CODE_PROVIDER,
      authenticatedAt: now,
      lastSeenAt: now,
      idleExpiresAt: idle < lapsed.absoluteExpiresAt ? idle : lapsed.absoluteExpiresAt,
      absoluteExpiresAt: lapsed.absoluteExpiresAt,
      // The same browser (the code is bound to it): the same device.
      deviceBrowser: lapsed.deviceBrowser,
      deviceOs: lapsed.deviceOs,
      deviceKind: lapsed.deviceKind,
    })
    .returning();
  await revokeSession(db, lapsed.idHash, now);
  return { token, row: row! };
}

/** The identity provider of a session resumed with an SMS code: weaker than bank identification. */
export { SMS_CODE_PROVIDER };

/**
 * Ends a session as an idle timeout now (the timed-out page, reached when the browser's timer
 * fired): unlike a log-out it may be resumed with an SMS code within the limits of ADR 0012.
 */
export async function lapseSession(db: Db, idHash: string, now = clock.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ idleExpiresAt: now })
    .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt)));
}
