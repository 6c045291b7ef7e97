import { beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '~db/factories';
import { accessLog } from '~db/schema';
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
      expect(second.attachments).toEqual([
        { fileName: 'aika.ics', contentType: 'text/calendar', content: 'QkVHSU46VkNBTEVOREFS' },
      ]);

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
      const viewer = (
        await createPerson(t.db, { identityCode: makeIdentityCode('1970-06-01', 931), firstName: 'Ville', lastName: 'Testi' })
      ).id;
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

    it('keeps entries without an actor (e.g. system actions)', async () => {
      await logAccess(t.db, { actorPersonId: null, subjectPersonId: laura, action: 'create', resource: 'person' });
      const rows = await t.db.select().from(accessLog);
      expect(rows.find((r) => r.subjectPersonId === laura)).toMatchObject({ actorPersonId: null, action: 'create' });
    });
  });
});
