/**
 * "My devices" (issue 23, ADR 0032): the person's live sessions with their device labels, ending
 * one (only one's own, never this one) or all the others, each access-logged; an ended session is
 * refused at its next lookup.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '~db/factories';
import { accessLog, sessions } from '~db/schema';
import { parseUserAgent } from '~/models/auth/device';
import { makeIdentityCode } from '~/models/identity-code';
import { identificationMethodOf, listDeviceSessions, revokeDeviceSession, revokeOtherDeviceSessions } from '~/services/auth/devices.server';
import { createSession, lookupSession, SMS_CODE_PROVIDER, type SessionTimeouts } from '~/services/auth/session.server';
import type { Db } from '~/services/db/db.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

const MINUTE = 60_000;
const timeouts: SessionTimeouts = { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE };
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1';

let individual = 400;
async function newPerson(db: Db) {
  individual += 2;
  return createPerson(db, { identityCode: makeIdentityCode('1979-05-20', individual), firstName: 'Laite', lastName: `Testi${individual}` });
}

describe('identificationMethodOf', () => {
  it('names banks, the mobile certificate, SMS codes and anything else', () => {
    expect(identificationMethodOf('fi-op')).toEqual({ type: 'bank', name: 'OP' });
    expect(identificationMethodOf('fi-mobiilivarmenne')).toEqual({ type: 'mobile' });
    expect(identificationMethodOf(SMS_CODE_PROVIDER)).toEqual({ type: 'sms' });
    expect(identificationMethodOf('something-else')).toEqual({ type: 'other' });
  });
});

describe.each(databaseKinds())('my devices on %s', (kind) => {
  const t = withTestDatabase(kind);
  let personId: string;
  let otherPersonId: string;

  beforeAll(async () => {
    personId = (await newPerson(t.db)).id;
    otherPersonId = (await newPerson(t.db)).id;
  });

  async function open(who: string, ua: string | null, provider = 'fi-op', at = clock.now()) {
    return createSession(t.db, { personId: who, identityProvider: provider, now: at, device: parseUserAgent(ua) }, timeouts);
  }

  it('stores the device labels, not the header, and lists live sessions with this one first', async () => {
    const earlier = new Date(clock.nowMs() - 5 * MINUTE);
    const phone = await open(personId, IPHONE, 'fi-mobiilivarmenne', earlier);
    const laptop = await open(personId, FIREFOX_LINUX);
    const ended = await open(personId, FIREFOX_LINUX);
    await t.db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.idHash, ended.row.idHash));
    const lapsed = await open(personId, FIREFOX_LINUX, 'fi-op', new Date(clock.nowMs() - 40 * MINUTE));
    await open(otherPersonId, FIREFOX_LINUX);

    const [stored] = await t.db.select().from(sessions).where(eq(sessions.idHash, phone.row.idHash));
    expect(stored).toMatchObject({ deviceBrowser: 'Safari', deviceOs: 'iOS', deviceKind: 'mobile' });
    expect(JSON.stringify(stored)).not.toContain('Mozilla');

    const list = await listDeviceSessions(t.db, { person: { id: personId }, session: laptop.row });
    expect(list.map((s) => s.publicId)).toEqual([laptop.row.publicId, phone.row.publicId]);
    expect(list.map((s) => s.publicId)).not.toContain(lapsed.row.publicId);
    expect(list[0]).toMatchObject({ current: true, device: { browser: 'Firefox', os: 'Linux', kind: 'desktop' }, method: { type: 'bank', name: 'OP' } });
    expect(list[1]).toMatchObject({ current: false, device: { browser: 'Safari', os: 'iOS', kind: 'mobile' }, method: { type: 'mobile' }, startedAt: earlier });

    const views = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.subjectPersonId, personId), eq(accessLog.resource, 'sessions'), eq(accessLog.action, 'view')));
    expect(views.length).toBeGreaterThanOrEqual(1);
  });

  it('ends one of the person’s own other sessions, which is refused at its next lookup', async () => {
    const here = await open(personId, FIREFOX_LINUX);
    const lost = await open(personId, IPHONE);
    const auth = { person: { id: personId }, session: here.row };

    expect(await revokeDeviceSession(t.db, auth, lost.row.publicId)).toEqual({ type: 'revoked' });
    expect(await lookupSession(t.db, lost.token)).toMatchObject({ status: 'expired', reason: 'revoked' });
    expect(await lookupSession(t.db, here.token)).toMatchObject({ status: 'active' });
    // Once ended, it is no longer there to end.
    expect(await revokeDeviceSession(t.db, auth, lost.row.publicId)).toEqual({ type: 'notFound' });

    const [logged] = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'session'), eq(accessLog.resourceId, lost.row.publicId)));
    expect(logged).toMatchObject({ actorPersonId: personId, subjectPersonId: personId, action: 'logout' });
  });

  it('never ends someone else’s session, nor this one', async () => {
    const here = await open(personId, FIREFOX_LINUX);
    const theirs = await open(otherPersonId, FIREFOX_LINUX);
    const auth = { person: { id: personId }, session: here.row };

    expect(await revokeDeviceSession(t.db, auth, theirs.row.publicId)).toEqual({ type: 'notFound' });
    expect(await lookupSession(t.db, theirs.token)).toMatchObject({ status: 'active' });
    expect(await revokeDeviceSession(t.db, auth, here.row.publicId)).toEqual({ type: 'current' });
    expect(await lookupSession(t.db, here.token)).toMatchObject({ status: 'active' });
  });

  it('ends every other session of the person and keeps this one and other people’s', async () => {
    const who = (await newPerson(t.db)).id;
    const here = await open(who, FIREFOX_LINUX);
    const others = [await open(who, IPHONE), await open(who, FIREFOX_LINUX)];
    const stranger = await open(otherPersonId, IPHONE);

    expect(await revokeOtherDeviceSessions(t.db, { person: { id: who }, session: here.row })).toBe(2);
    for (const other of others) expect(await lookupSession(t.db, other.token)).toMatchObject({ status: 'expired', reason: 'revoked' });
    expect(await lookupSession(t.db, here.token)).toMatchObject({ status: 'active' });
    expect(await lookupSession(t.db, stranger.token)).toMatchObject({ status: 'active' });
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.subjectPersonId, who), eq(accessLog.action, 'logout')));
    expect(logged.map((r) => r.resourceId).sort()).toEqual(others.map((o) => o.row.publicId).sort());

    // Nothing left to end.
    expect(await revokeOtherDeviceSessions(t.db, { person: { id: who }, session: here.row })).toBe(0);
    expect(await listDeviceSessions(t.db, { person: { id: who }, session: here.row })).toHaveLength(1);
  });
});
