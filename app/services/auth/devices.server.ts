/**
 * "My devices" (issue 23 part 3, ADR 0032): the person's live login sessions, and ending one or
 * all the others. A session is named by its public id; one that is not the person's own (or no
 * longer live) is not found. An ended session is dead at its next request: the session lookup
 * (session.server.ts) refuses a row with `revoked_at`, and the root middleware then clears the
 * cookie and sends the browser to the login page. Every view and revocation is access-logged.
 */
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions } from '~db/schema';
import { clock } from '~/lib/clock.server';
import { IDENTITY_PROVIDERS } from '~/models/identity-providers';
import { isDeviceKind, type DeviceLabel, type IdentificationMethod } from '~/models/auth/device';
import { logAccess, logAccesses } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { SMS_CODE_PROVIDER, type SessionRow } from './session.server';

/** The access log's resource of a login session (a view of the list: no resource id). */
const SESSIONS_RESOURCE = 'sessions';

/** At most this many sessions are listed (a person has a few; a script that logs in thousands of times sees the newest). */
const LIST_LIMIT = 50;

export interface DeviceSession {
  publicId: string;
  device: DeviceLabel;
  inApp: boolean;
  method: IdentificationMethod;
  startedAt: Date;
  lastActiveAt: Date;
  current: boolean;
}

export function identificationMethodOf(provider: string): IdentificationMethod {
  if (provider === SMS_CODE_PROVIDER) return { type: 'sms' };
  const known = IDENTITY_PROVIDERS.find((p) => p.id === provider);
  if (!known) return { type: 'other' };
  return known.name === null ? { type: 'mobile' } : { type: 'bank', name: known.name };
}

/**
 * The person's live sessions (not ended, within both time limits), this one first, then by last
 * activity. Logs the view.
 */
export async function listDeviceSessions(
  db: Db,
  auth: { person: { id: string }; session: Pick<SessionRow, 'idHash'> },
  now = clock.now(),
): Promise<DeviceSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.personId, auth.person.id), isNull(sessions.revokedAt), gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.authenticatedAt))
    .limit(LIST_LIMIT);
  await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'view', resource: SESSIONS_RESOURCE });
  const list = rows.map((row) => ({
    publicId: row.publicId,
    device: { browser: row.deviceBrowser, os: row.deviceOs, kind: isDeviceKind(row.deviceKind) ? row.deviceKind : null },
    inApp: row.scope === 'inAppBooking',
    method: identificationMethodOf(row.identityProvider),
    startedAt: row.authenticatedAt,
    lastActiveAt: row.lastSeenAt,
    current: row.idHash === auth.session.idHash,
  }));
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

export type RevokeResult = { type: 'revoked' } | { type: 'notFound' } | { type: 'current' };

/** Ends one other session of the person's own. This session is ended by logging out instead. */
export async function revokeDeviceSession(
  db: Db,
  auth: { person: { id: string }; session: Pick<SessionRow, 'idHash'> },
  publicId: string,
  now = clock.now(),
): Promise<RevokeResult> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(and(eq(sessions.publicId, publicId), eq(sessions.personId, auth.person.id), isNull(sessions.revokedAt)))
      .limit(1);
    if (!row) return { type: 'notFound' } as const;
    if (row.idHash === auth.session.idHash) return { type: 'current' } as const;
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.idHash, row.idHash), isNull(sessions.revokedAt)));
    await logAccess(tx, {
      actorPersonId: auth.person.id,
      subjectPersonId: auth.person.id,
      action: 'logout',
      resource: 'session',
      resourceId: publicId,
    });
    return { type: 'revoked' } as const;
  });
}

/** Ends every session of the person but this one ("log out on all other devices"); how many it ended. */
export async function revokeOtherDeviceSessions(
  db: Db,
  auth: { person: { id: string }; session: Pick<SessionRow, 'idHash'> },
  now = clock.now(),
): Promise<number> {
  return withTransaction(db, async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.personId, auth.person.id), ne(sessions.idHash, auth.session.idHash), isNull(sessions.revokedAt)))
      .returning({ publicId: sessions.publicId, idleExpiresAt: sessions.idleExpiresAt, absoluteExpiresAt: sessions.absoluteExpiresAt });
    // Only live sessions are worth a line each; lapsed ones are closed for good all the same.
    const live = ended.filter((s) => s.idleExpiresAt > now && s.absoluteExpiresAt > now);
    await logAccesses(
      tx,
      live.map((s) => ({
        actorPersonId: auth.person.id,
        subjectPersonId: auth.person.id,
        action: 'logout' as const,
        resource: 'session',
        resourceId: s.publicId,
      })),
    );
    return live.length;
  });
}
