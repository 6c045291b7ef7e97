import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '~db/factories';
import { accessLog } from '~db/schema';
import { withTransaction } from '~/services/db/db.server';
import { makeIdentityCode } from '~/models/identity-code';
import { listAccessFor, logAccess, logAccesses } from '~/services/audit/access-log.server';
import { enqueueMessage, listOutbox } from '~/services/outbox/outbox.server';
import { databaseKinds, withTestDatabase } from '../fixtures/db';

const WRITTEN = { kind: 'other', brand: 'general', language: 'fi' } as const;

describe.each(databaseKinds())('outbox and access log on %s', (kind) => {
  // One database for both groups: opening one costs more than the tests themselves.
  const t = withTestDatabase(kind);

  describe('outbox', () => {
    it('enqueues messages and lists them newest first', async () => {
      expect(await listOutbox(t.db)).toEqual([]);
      const first = await enqueueMessage(t.db, {
        ...WRITTEN,
        channel: 'sms',
        recipient: '+358401234567',
        body: 'Ajanvaraus vahvistettu',
      });
      const second = await enqueueMessage(t.db, {
        ...WRITTEN,
        channel: 'email',
        recipient: 'aino.virtanen@example.fi',
        subject: 'Vahvistus',
        body: 'Hei Aino',
        attachments: [{ fileName: 'aika.ics', contentType: 'text/calendar', content: 'QkVHSU46VkNBTEVOREFS' }],
      });
      const third = await enqueueMessage(t.db, { ...WRITTEN, channel: 'sms', recipient: '+358501112233', body: 'Muistutus' });

      expect(first).toMatchObject({ channel: 'sms', subject: null, attachments: null, sentAt: null, state: 'queued', tries: 0 });
      expect(first.createdAt).toBeInstanceOf(Date);
      expect(second.attachments).toEqual([{ fileName: 'aika.ics', contentType: 'text/calendar', content: 'QkVHSU46VkNBTEVOREFS' }]);

      const listed = await listOutbox(t.db);
      expect(listed.map((m) => m.id)).toEqual([third.id, second.id, first.id]);
      expect(listed[1]).toEqual(second);
      expect((await listOutbox(t.db, 2)).map((m) => m.id)).toEqual([third.id, second.id]);
    });

    it('orders by creation time, not by insertion order', async () => {
      const backdated = await enqueueMessage(t.db, {
        ...WRITTEN,
        channel: 'email',
        recipient: 'old@example.fi',
        body: 'Vanha',
        createdAt: new Date('2020-01-01T00:00:00Z'),
      });
      const listed = await listOutbox(t.db);
      expect(listed.at(-1)?.id).toBe(backdated.id);
      const times = listed.map((m) => m.createdAt.getTime());
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });
  });

  describe('access log', () => {
    let aino: string;
    let eino: string;
    let laura: string;

    beforeAll(async () => {
      const person = (birthDate: string, individual: number, firstName: string) =>
        createPerson(t.db, { identityCode: makeIdentityCode(birthDate, individual), firstName, lastName: 'Testi' });
      aino = (await person('1985-03-15', 902, 'Aino')).id;
      eino = (await person('2018-05-12', 905, 'Eino')).id;
      laura = (await person('1990-11-21', 924, 'Laura')).id;
    });

    it('logs access and lists it for the subject, newest first', async () => {
      await logAccess(t.db, { actorPersonId: aino, subjectPersonId: aino, action: 'login', resource: 'session' });
      await logAccess(t.db, { actorPersonId: laura, subjectPersonId: eino, action: 'view', resource: 'appointments' });
      await logAccess(t.db, {
        actorPersonId: laura,
        subjectPersonId: eino,
        action: 'change',
        resource: 'contact',
        resourceId: 'phone',
      });
      await logAccess(t.db, { actorPersonId: aino, subjectPersonId: aino, action: 'view', resource: 'appointments' });

      const forEino = await listAccessFor(t.db, eino);
      expect(forEino.map((e) => [e.actorPersonId, e.action, e.resource, e.resourceId])).toEqual([
        [laura, 'change', 'contact', 'phone'],
        [laura, 'view', 'appointments', null],
      ]);
      expect(forEino[0]?.at).toBeInstanceOf(Date);

      const forAino = await listAccessFor(t.db, aino);
      expect(forAino.map((e) => e.action)).toEqual(['view', 'login']);
      expect(await listAccessFor(t.db, laura)).toEqual([]);
    });

    it('writes several entries in one statement, numbered in the given order', async () => {
      const viewer = (await createPerson(t.db, { identityCode: makeIdentityCode('1970-06-01', 931), firstName: 'Ville', lastName: 'Testi' })).id;
      await logAccesses(t.db, []);
      expect(await listAccessFor(t.db, viewer)).toEqual([]);
      const entries = [3, 1, 2].map((n) => ({
        actorPersonId: viewer,
        subjectPersonId: viewer,
        action: 'view' as const,
        resource: 'batch-test',
        resourceId: String(n),
      }));
      await logAccesses(t.db, entries);
      const written = await listAccessFor(t.db, viewer, 'batch-test');
      // Newest (highest id) first: the reverse of the given order.
      expect(written.map((e) => e.resourceId)).toEqual(['2', '1', '3']);
      expect(written.every((e) => e.actorPersonId === viewer && e.action === 'view')).toBe(true);
    });

    it('filters by resource and limits the result', async () => {
      expect((await listAccessFor(t.db, eino, 'appointments')).map((e) => e.action)).toEqual(['view']);
      expect(await listAccessFor(t.db, eino, 'no-such-resource')).toEqual([]);
      for (let i = 0; i < 5; i++) {
        await logAccess(t.db, {
          actorPersonId: aino,
          subjectPersonId: aino,
          action: 'view',
          resource: 'messages',
          resourceId: String(i),
        });
      }
      const limited = await listAccessFor(t.db, aino, undefined, 3);
      expect(limited.map((e) => e.resourceId)).toEqual(['4', '3', '2']);
    });

    it("groups concurrent requests' entries into fewer INSERTs, each request's rows together and in order", async () => {
      const viewer = (await createPerson(t.db, { identityCode: makeIdentityCode('1970-06-02', 933), firstName: 'Vilja', lastName: 'Testi' })).id;
      const request = (n: number) =>
        ['a', 'b', 'c'].map((part) => ({
          actorPersonId: viewer,
          subjectPersonId: viewer,
          action: 'view' as const,
          resource: 'group-test',
          resourceId: `${n}${part}`,
        }));
      await Promise.all(Array.from({ length: 20 }, (_, n) => logAccesses(t.db, request(n))));
      const result = await t.db.execute(sql`select resource_id, xmin::text as xmin from ${accessLog} where resource = 'group-test' order by id`);
      const rows = (result as unknown as { rows: Array<{ resource_id: string; xmin: string }> }).rows;
      const written = rows.map((r) => r.resource_id);
      expect(written).toHaveLength(60);
      // Every request's three rows are next to each other, in its order.
      for (let i = 0; i < 60; i += 3) expect(written.slice(i, i + 3).map((id) => id.slice(-1))).toEqual(['a', 'b', 'c']);
      expect(new Set(written.map((id) => id.slice(0, -1))).size).toBe(20);
      // The first request went alone; the 19 that came while it was written went in one more.
      expect(new Set(rows.map((r) => r.xmin)).size).toBe(2);
    });

    it('fails only the request whose entries are wrong when a grouped INSERT fails', async () => {
      const viewer = (await createPerson(t.db, { identityCode: makeIdentityCode('1970-06-03', 935), firstName: 'Veli', lastName: 'Testi' })).id;
      const entry = (resourceId: string, actorPersonId = viewer) => ({
        actorPersonId,
        subjectPersonId: viewer,
        action: 'view' as const,
        resource: 'group-fail',
        resourceId,
      });
      const results = await Promise.allSettled([
        logAccesses(t.db, [entry('first')]),
        logAccesses(t.db, [entry('second')]),
        logAccesses(t.db, [entry('broken', 'not-a-uuid')]),
        logAccesses(t.db, [entry('third')]),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect((await listAccessFor(t.db, viewer, 'group-fail')).map((e) => e.resourceId).sort()).toEqual(['first', 'second', 'third']);
    });

    it('writes inside a transaction at once, and a rollback takes the rows with it', async () => {
      const viewer = (await createPerson(t.db, { identityCode: makeIdentityCode('1970-06-04', 937), firstName: 'Venla', lastName: 'Testi' })).id;
      const entry = { actorPersonId: viewer, subjectPersonId: viewer, action: 'change' as const, resource: 'tx-test' };
      await expect(
        withTransaction(t.db, async (tx) => {
          await logAccesses(tx, [entry]);
          expect(await listAccessFor(tx, viewer, 'tx-test')).toHaveLength(1);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await listAccessFor(t.db, viewer, 'tx-test')).toEqual([]);
      await withTransaction(t.db, (tx) => logAccesses(tx, [entry]));
      expect(await listAccessFor(t.db, viewer, 'tx-test')).toHaveLength(1);
    });

    it('keeps entries without an actor (e.g. system actions)', async () => {
      await logAccess(t.db, { actorPersonId: null, subjectPersonId: laura, action: 'create', resource: 'person' });
      const rows = await t.db.select().from(accessLog);
      expect(rows.find((r) => r.subjectPersonId === laura)).toMatchObject({ actorPersonId: null, action: 'create' });
    });
  });
});
