import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addGuardianship, createHrUser, createOccupationalContract, createPerson, setFeatureOverride } from '~db/factories';
import { hrUsers, sessions } from '~db/schema';
import { makeIdentityCode } from '~/models/identity-code';
import {
  createSession,
  listWards,
  lookupSession,
  lookupSessionContext,
  revokeAllSessions,
  revokeSession,
  sessionExpiresAt,
  touchSession,
  type SessionTimeouts,
} from '~/services/auth/session.server';
import { env } from '~/env.server';
import type { Db } from '~/services/db/db.server';
import { featuresForPerson, evaluateFeatures } from '~/services/features/features.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const timeouts: SessionTimeouts = { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR };
const T0 = new Date('2026-03-02T08:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** Independent of the app's helper on purpose. */
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

let individual = 900;
async function newPerson(db: Db) {
  individual += 2;
  return createPerson(db, {
    identityCode: makeIdentityCode('1980-01-15', individual),
    firstName: 'Testi',
    lastName: `Henkilö${individual}`,
  });
}

async function storedRow(db: Db, idHash: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
  return row;
}

describe.each(databaseKinds())('sessions on %s', (kind) => {
  const t = withTestDatabase(kind);
  let personId: string;

  beforeAll(async () => {
    personId = (await newPerson(t.db)).id;
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token, row } = await createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, timeouts);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(row.idHash).toBe(sha256(token));

    const stored = await storedRow(t.db, sha256(token));
    expect(stored).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Object.values(stored!)).not.toContain(token);
    const all = await t.db.select().from(sessions);
    expect(JSON.stringify(all)).not.toContain(token);

    expect(stored).toMatchObject({
      personId,
      identityProvider: 'fi-op',
      scope: null,
      revokedAt: null,
      authenticatedAt: T0,
      lastSeenAt: T0,
      idleExpiresAt: at(30 * MINUTE),
      absoluteExpiresAt: at(12 * HOUR),
    });
    expect(stored!.csrfToken).not.toBe(token);
  });

  it('looks up an active session with its person, and nothing for unknown tokens', async () => {
    const { token, row } = await createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, timeouts);
    const found = await lookupSession(t.db, token, at(MINUTE));
    expect(found.status).toBe('active');
    if (found.status !== 'active') return;
    expect(found.row.idHash).toBe(row.idHash);
    expect(found.person.id).toBe(personId);

    expect(await lookupSession(t.db, null, at(MINUTE))).toEqual({ status: 'none' });
    expect(await lookupSession(t.db, `${token}x`, at(MINUTE))).toEqual({ status: 'none' });
    // The stored hash is not a token either.
    expect(await lookupSession(t.db, row.idHash, at(MINUTE))).toEqual({ status: 'none' });
  });

  it('expires after the idle timeout', async () => {
    const { token } = await createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, timeouts);
    expect((await lookupSession(t.db, token, at(30 * MINUTE - 1000))).status).toBe('active');
    const expired = await lookupSession(t.db, token, at(30 * MINUTE));
    expect(expired).toMatchObject({ status: 'expired', reason: 'idle' });
    expect((await lookupSession(t.db, token, at(31 * MINUTE))).status).toBe('expired');
  });

  it('expires at the absolute timeout even while in use', async () => {
    const short: SessionTimeouts = { idleMs: 30 * MINUTE, absoluteMs: HOUR };
    const { token, row } = await createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, short);
    let current = row;
    for (const minutes of [20, 40, 55]) {
      const lookup = await lookupSession(t.db, token, at(minutes * MINUTE));
      expect(lookup.status).toBe('active');
      current = await touchSession(t.db, current, at(minutes * MINUTE), short);
    }
    // Idle would last until 85 min, but the absolute limit is 60 min.
    expect(sessionExpiresAt(current)).toEqual(at(HOUR));
    expect(await lookupSession(t.db, token, at(HOUR))).toMatchObject({ status: 'expired', reason: 'absolute' });
  });

  it('revokes one session', async () => {
    const a = await createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, timeouts);
    const b = await createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, timeouts);
    await revokeSession(t.db, a.row.idHash, at(MINUTE));
    expect(await lookupSession(t.db, a.token, at(2 * MINUTE))).toMatchObject({ status: 'expired', reason: 'revoked' });
    expect((await lookupSession(t.db, b.token, at(2 * MINUTE))).status).toBe('active');
    // Revoked wins over the other reasons, and revoking again keeps the first time.
    expect(await lookupSession(t.db, a.token, at(13 * HOUR))).toMatchObject({ status: 'expired', reason: 'revoked' });
    await revokeSession(t.db, a.row.idHash, at(5 * MINUTE));
    expect((await storedRow(t.db, a.row.idHash))?.revokedAt).toEqual(at(MINUTE));
  });

  it('revokes all sessions of one person only', async () => {
    const other = await newPerson(t.db);
    const mine = await Promise.all([1, 2, 3].map(() => createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, timeouts)));
    const theirs = await createSession(t.db, { personId: other.id, identityProvider: 'fi-op', now: T0 }, timeouts);
    await revokeAllSessions(t.db, personId, at(MINUTE));
    for (const { token } of mine) {
      expect(await lookupSession(t.db, token, at(2 * MINUTE))).toMatchObject({ status: 'expired', reason: 'revoked' });
    }
    expect((await lookupSession(t.db, theirs.token, at(2 * MINUTE))).status).toBe('active');
    const active = await t.db.select().from(sessions).where(eq(sessions.personId, personId));
    expect(active.every((s) => s.revokedAt !== null)).toBe(true);
  });

  it('extends the idle timeout on activity but writes at most once a minute', async () => {
    const { token, row } = await createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, timeouts);

    // Within the first minute: nothing is written.
    const early = await touchSession(t.db, row, at(59_000), timeouts);
    expect(early).toEqual(row);
    expect(await storedRow(t.db, row.idHash)).toMatchObject({ lastSeenAt: T0, idleExpiresAt: at(30 * MINUTE) });

    // After a minute: the idle expiry moves.
    const touched = await touchSession(t.db, row, at(20 * MINUTE), timeouts);
    expect(touched).toMatchObject({ lastSeenAt: at(20 * MINUTE), idleExpiresAt: at(50 * MINUTE) });
    expect(await storedRow(t.db, row.idHash)).toMatchObject({
      lastSeenAt: at(20 * MINUTE),
      idleExpiresAt: at(50 * MINUTE),
    });
    expect((await lookupSession(t.db, token, at(45 * MINUTE))).status).toBe('active');

    // Again within a minute of the last write: no write.
    const again = await touchSession(t.db, touched, at(20 * MINUTE + 30_000), timeouts);
    expect(again).toBe(touched);
    expect((await storedRow(t.db, row.idHash))?.lastSeenAt).toEqual(at(20 * MINUTE));
    expect((await lookupSession(t.db, token, at(50 * MINUTE))).status).toBe('expired');
  });

  it('issues a new token and a new CSRF token for every session', async () => {
    const created = await Promise.all(Array.from({ length: 5 }, () => createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, timeouts)));
    const tokens = new Set(created.map((c) => c.token));
    const csrfTokens = new Set(created.map((c) => c.row.csrfToken));
    const hashes = new Set(created.map((c) => c.row.idHash));
    expect(tokens.size).toBe(5);
    expect(csrfTokens.size).toBe(5);
    expect(hashes.size).toBe(5);
    for (const c of created) {
      expect(c.row.csrfToken.length).toBeGreaterThanOrEqual(40);
      expect(tokens.has(c.row.csrfToken)).toBe(false);
    }
  });

  it('records the in-app scope', async () => {
    const { token } = await createSession(t.db, { personId, identityProvider: 'fi-nordea', scope: 'inAppBooking', now: T0 }, timeouts);
    const found = await lookupSession(t.db, token, at(MINUTE));
    expect(found.status === 'active' && found.row).toMatchObject({
      scope: 'inAppBooking',
      identityProvider: 'fi-nordea',
    });
  });

  it('lookupSessionContext answers as lookupSession plus the wards and feature overrides of the person', async () => {
    const guardian = await newPerson(t.db);
    const [older, younger] = [await newPerson(t.db), await newPerson(t.db)];
    await addGuardianship(t.db, guardian.id, younger.id);
    await addGuardianship(t.db, guardian.id, older.id);
    await setFeatureOverride(t.db, guardian.id, 'sickness-fund-page', true);
    await setFeatureOverride(t.db, guardian.id, 'customer-messaging-enabled', false);
    const { token } = await createSession(t.db, { personId: guardian.id, identityProvider: 'fi-op', now: T0 }, timeouts);

    const found = await lookupSessionContext(t.db, token, at(MINUTE));
    const plain = await lookupSession(t.db, token, at(MINUTE));
    expect(found.status).toBe('active');
    if (found.status !== 'active' || plain.status !== 'active') return;
    expect(found.row).toEqual(plain.row);
    expect(found.person).toEqual(plain.person);
    expect(found.wards).toEqual(await listWards(t.db, guardian.id));
    expect(found.wards).toHaveLength(2);
    expect(evaluateFeatures(env().FEATURES, found.featureOverrides)).toEqual(await featuresForPerson(t.db, guardian.id));
    expect(evaluateFeatures(env().FEATURES, found.featureOverrides)['sickness-fund-page']).toBe(true);

    // Nobody's wards or overrides leak to a person without any.
    const { token: other } = await createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, timeouts);
    expect(await lookupSessionContext(t.db, other, at(MINUTE))).toMatchObject({ status: 'active', wards: [], featureOverrides: [] });

    // The same expiry answers as lookupSession.
    expect(await lookupSessionContext(t.db, null)).toEqual({ status: 'none' });
    expect(await lookupSessionContext(t.db, `${token}x`, at(MINUTE))).toEqual({ status: 'none' });
    expect(await lookupSessionContext(t.db, token, at(13 * HOUR))).toMatchObject({ status: 'expired', reason: 'absolute' });
    expect(await lookupSessionContext(t.db, token, at(31 * MINUTE))).toMatchObject({ status: 'expired', reason: 'idle' });
  });

  it('lookupSessionContext says whether the person is an active HR user of a client company (ADR 0042)', async () => {
    const contract = await createOccupationalContract(t.db, { employerName: 'Istunto Oy' });
    individual += 2;
    const hr = await createHrUser(t.db, {
      identityCode: makeIdentityCode('1975-05-05', individual),
      firstName: 'Hanne',
      lastName: 'HR',
      contractId: contract.id,
      title: 'HR',
      emailAddress: 'hanne@example.fi',
    });
    const { token } = await createSession(t.db, { personId: hr.personId, identityProvider: 'fi-op', now: T0 }, timeouts);
    expect(await lookupSessionContext(t.db, token, at(MINUTE))).toMatchObject({ status: 'active', isHrUser: true });
    const { token: patient } = await createSession(t.db, { personId, identityProvider: 'fi-op', now: T0 }, timeouts);
    expect(await lookupSessionContext(t.db, patient, at(MINUTE))).toMatchObject({ status: 'active', isHrUser: false });
    await t.db.update(hrUsers).set({ active: false }).where(eq(hrUsers.personId, hr.personId));
    expect(await lookupSessionContext(t.db, token, at(MINUTE))).toMatchObject({ status: 'active', isHrUser: false });
  });
});
