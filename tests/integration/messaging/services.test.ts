/**
 * The messaging services on a real database: the customer's list (pages of ten) and unread
 * count (the read rule in SQL agrees with the pure rule), opening and marking read, who may open
 * a thread (another customer and outsiders: nothing), the professionals' categories, assigning,
 * replying (the outbox notice without content), closing, soft delete, absences and substitutes,
 * attachments through the storage service (magic bytes, downloads for participants only), the
 * access log, and the GraphQL API (spec 1 §7/§8).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCareTeam, createAbsence, createOccupationalContract, createPerson, createProfessional, localized } from '~db/factories';
import {
  accessLog,
  messagingReadStatuses,
  messagingThreadAccess,
  messagingThreadAssignments,
  messagingThreads,
  occupationalCareTeam,
  outbox,
  professionalAbsences,
} from '~db/schema';
import { addDays, helsinkiDate } from '~/lib/dates';
import { makeIdentityCode } from '~/models/identity-code';
import type { Db } from '~/services/db/db.server';
import { findThreadFor } from '~/services/messaging/access.server';
import { attachmentAccess, attachmentDownloadUrl } from '~/services/messaging/attachments.server';
import {
  isReadByCustomer,
  listCustomerThreads,
  loadThreadView,
  openCustomerThread,
  sendCustomerMessage,
  THREAD_RESOURCE,
  unreadThreadCount,
} from '~/services/messaging/conversations.server';
import { runMessagingQuery } from '~/services/messaging/graphql.server';
import { isThreadRead } from '~/services/messaging/read-rules';
import {
  assignThread,
  categoryCounts,
  colleagues,
  deleteMessage,
  listCategory,
  openStaffThread,
  recordAbsence,
  replyAsProfessional,
  setThreadActive,
} from '~/services/messaging/staff.server';
import { createThreadWithMessage } from '~/services/messaging/threads.server';
import { storeMessageFiles } from '~/services/messaging/uploads.server';
import { acceptUpload, storage } from '~/services/storage/storage.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

let individual = 300;
const code = (birthDate = '1982-07-07') => makeIdentityCode(birthDate, (individual += 1));
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const file = (name: string, type: string, bytes: Uint8Array) => new File([Buffer.from(bytes)], name, { type });

async function world(db: Db) {
  const contract = await createOccupationalContract(db, { employerName: 'Palvelu Oy' });
  const pro = (type: 'Doctor' | 'Nurse', lastName: string) =>
    createProfessional(db, {
      identityCode: code('1970-02-02'),
      firstName: 'Ammatti',
      lastName,
      title: localized('Hoitaja', 'Skötare', 'Nurse'),
      professionalType: type,
    });
  const doctor = await pro('Doctor', 'Lääkäri');
  const nurse = await pro('Nurse', 'Hoitaja');
  const substitute = await pro('Nurse', 'Sijainen');
  const outsider = await pro('Nurse', 'Muualla');
  await addCareTeam(db, contract.id, [doctor.personId, nurse.personId]);
  const customer = await createPerson(db, {
    identityCode: code(),
    firstName: 'Maija',
    lastName: 'Asiakas',
    phone: '+358401112223',
    email: 'maija@example.fi',
    occupationalContractId: contract.id,
  });
  const other = await createPerson(db, { identityCode: code(), firstName: 'Muu', lastName: 'Asiakas', occupationalContractId: contract.id });
  return { contract, doctor, nurse, substitute, outsider, customer, other };
}

describe.each(databaseKinds())('messaging services on %s', (kind) => {
  const t = withTestDatabase(kind);
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(t.db);
  });

  it('pages the customer’s threads by ten, newest activity first, and counts unread ones by the read rule', async () => {
    const customer = await createPerson(t.db, { identityCode: code(), firstName: 'Paljon', lastName: 'Viestejä', occupationalContractId: w.contract.id });
    const base = Date.parse('2026-02-01T08:00:00Z');
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await createThreadWithMessage(t.db, {
        customerPersonId: customer.id,
        title: `Aihe ${i}`,
        text: `Viesti ${i}`,
        now: new Date(base + i * 60_000),
      });
      if (!r.ok) throw new Error(r.reason);
      ids.push(r.threadId);
    }
    const first = await listCustomerThreads(t.db, customer.id, 1, 'fi');
    expect(first).toMatchObject({ page: 1, pageCount: 2, totalCount: 12 });
    expect(first.items.map((i) => i.id)).toEqual(ids.slice(2).reverse());
    expect((await listCustomerThreads(t.db, customer.id, 2, 'fi')).items.map((i) => i.id)).toEqual([ids[1], ids[0]]);
    expect((await listCustomerThreads(t.db, customer.id, 3, 'fi')).items).toEqual([]);
    expect(await unreadThreadCount(t.db, customer.id)).toBe(0);

    // Replies to three threads; the SQL count and the pure rule agree.
    for (const id of ids.slice(0, 3)) {
      await replyAsProfessional(t.db, { me: w.nurse.personId, threadId: id, text: 'Vastaus', origin: 'https://portal.test', now: new Date(base + 3_600_000) });
    }
    expect(await unreadThreadCount(t.db, customer.id)).toBe(3);
    const page2 = await listCustomerThreads(t.db, customer.id, 1, 'fi');
    const unreadIds = page2.items.filter((i) => i.unread).map((i) => i.id);
    expect(unreadIds.sort()).toEqual(ids.slice(0, 3).sort());
    for (const id of ids) {
      const [row] = await t.db
        .select({ lastMessageAt: messagingThreads.lastMessageAt, readAt: messagingReadStatuses.readAt })
        .from(messagingThreads)
        .leftJoin(messagingReadStatuses, and(eq(messagingReadStatuses.threadId, messagingThreads.id), eq(messagingReadStatuses.readerId, customer.id)))
        .where(eq(messagingThreads.id, id));
      expect(isThreadRead({ readAt: row!.readAt, lastMessageAt: row!.lastMessageAt })).toBe(!ids.slice(0, 3).includes(id));
      expect(await isReadByCustomer(t.db, customer.id, id)).toBe(!ids.slice(0, 3).includes(id));
    }
    // Opening marks read (and is logged); opening again changes nothing.
    const opened = await openCustomerThread(t.db, customer.id, ids[0]!, 'fi');
    expect(opened?.wasUnread).toBe(true);
    expect((await openCustomerThread(t.db, customer.id, ids[0]!, 'fi'))?.wasUnread).toBe(false);
    expect(await unreadThreadCount(t.db, customer.id)).toBe(2);
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, THREAD_RESOURCE), eq(accessLog.resourceId, String(ids[0]))));
    expect(logged.filter((l) => l.action === 'view' && l.actorPersonId === customer.id)).toHaveLength(2);
  });

  it('opens a thread only to its customer and to professionals with access', async () => {
    const created = await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, title: 'Oma', text: 'Yksityinen' });
    if (!created.ok) throw new Error(created.reason);
    const id = created.threadId;
    expect(await findThreadFor(t.db, { kind: 'customer', personId: w.customer.id }, id)).not.toBeNull();
    expect(await findThreadFor(t.db, { kind: 'customer', personId: w.other.id }, id)).toBeNull();
    expect(await openCustomerThread(t.db, w.other.id, id, 'fi')).toBeNull();
    expect(await sendCustomerMessage(t.db, { customerId: w.other.id, threadId: id, text: 'Hei' })).toEqual({ ok: false, reason: 'not-found' });
    expect(await findThreadFor(t.db, { kind: 'professional', personId: w.doctor.personId }, id)).not.toBeNull();
    expect(await findThreadFor(t.db, { kind: 'professional', personId: w.outsider.personId }, id)).toBeNull();
    expect(await openStaffThread(t.db, w.outsider.personId, id, 'fi')).toBeNull();
    // A customer is not a professional.
    expect(await findThreadFor(t.db, { kind: 'professional', personId: w.customer.id }, id)).toBeNull();
    expect(await assignThread(t.db, { me: w.outsider.personId, threadId: id, assigneeId: w.outsider.personId })).toEqual({ ok: false, reason: 'not-found' });
  });

  it('moves a thread through the categories: unassigned, assigned, others, substitutions, closed', async () => {
    const now = clock.now();
    const created = await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, title: `Kategoriat ${randomUUID()}`, text: 'Apua', now });
    if (!created.ok) throw new Error(created.reason);
    const id = created.threadId;
    const inCategory = async (me: string, category: Parameters<typeof listCategory>[2]) =>
      (await listCategory(t.db, me, category, 1, now)).items.some((i) => i.id === id);
    expect(await inCategory(w.doctor.personId, 'unassigned')).toBe(true);
    expect(await inCategory(w.outsider.personId, 'unassigned')).toBe(false);
    const before = await categoryCounts(t.db, w.doctor.personId, now);

    expect(await assignThread(t.db, { me: w.doctor.personId, threadId: id, assigneeId: w.doctor.personId, now })).toEqual({ ok: true });
    expect(await inCategory(w.doctor.personId, 'assignedToMe')).toBe(true);
    expect(await inCategory(w.doctor.personId, 'unassigned')).toBe(false);
    expect(await inCategory(w.nurse.personId, 'participant')).toBe(true); // the nurse received it
    expect((await categoryCounts(t.db, w.doctor.personId, now)).assignedToMe).toBe(before.assignedToMe + 1);

    // Assigned to the doctor, who is absent today with a substitute.
    const today = helsinkiDate(now);
    const absence = await createAbsence(t.db, {
      professionalId: w.doctor.personId,
      startDate: addDays(today, -1),
      endDate: addDays(today, 1),
      substituteIds: [w.substitute.personId],
    });
    expect(await inCategory(w.substitute.personId, 'substitutions')).toBe(true);
    expect(await findThreadFor(t.db, { kind: 'professional', personId: w.substitute.personId }, id, now)).not.toBeNull();
    const view = await loadThreadView(t.db, w.customer.id, (await findThreadFor(t.db, { kind: 'customer', personId: w.customer.id }, id))!, 'fi', now);
    expect(view.timeline.filter((i) => i.kind === 'absence')).toEqual([
      expect.objectContaining({ kind: 'absence', startDate: absence.startDate, endDate: absence.endDate, substituteName: 'Ammatti Sijainen' }),
    ]);

    expect(await setThreadActive(t.db, { me: w.nurse.personId, threadId: id, active: false })).toEqual({ ok: true });
    expect(await inCategory(w.nurse.personId, 'closed')).toBe(true);
    expect(await inCategory(w.doctor.personId, 'assignedToMe')).toBe(false);
    // The customer may still write (spec: sending is always allowed); the thread reopens.
    expect((await sendCustomerMessage(t.db, { customerId: w.customer.id, threadId: id, text: 'Vielä yksi' })).ok).toBe(true);
    expect(await inCategory(w.doctor.personId, 'assignedToMe')).toBe(true);
  });

  it('assigns a thread only within its care team: anyone else is refused and nothing is stored', async () => {
    const v = await world(t.db);
    const now = clock.now();
    const created = await createThreadWithMessage(t.db, { customerPersonId: v.customer.id, title: 'Tiimi', text: 'Kysymys', now });
    if (!created.ok) throw new Error(created.reason);
    const id = created.threadId;
    const stored = async () => ({
      assignment: await t.db.select().from(messagingThreadAssignments).where(eq(messagingThreadAssignments.threadId, id)),
      access: (await t.db.select().from(messagingThreadAccess).where(eq(messagingThreadAccess.threadId, id))).map((a) => a.professionalId).sort(),
      changes: await t.db
        .select()
        .from(accessLog)
        .where(and(eq(accessLog.resourceId, String(id)), eq(accessLog.action, 'change'))),
    });
    const before = await stored();

    // Someone outside the team (another active professional), a customer, or nobody at all.
    for (const assigneeId of [v.outsider.personId, v.substitute.personId, v.other.id, randomUUID()]) {
      expect(await assignThread(t.db, { me: v.nurse.personId, threadId: id, assigneeId, now }), assigneeId).toEqual({ ok: false, reason: 'not-in-care-team' });
    }
    expect(await stored()).toEqual(before);
    expect(await findThreadFor(t.db, { kind: 'professional', personId: v.outsider.personId }, id, now)).toBeNull();

    // The list the page offers is the same rule: the team, not the others.
    const opened = await openStaffThread(t.db, v.nurse.personId, id, 'fi', now);
    expect(opened?.assignable.map((p) => p.id).sort()).toEqual([v.doctor.personId, v.nurse.personId].sort());

    expect(await assignThread(t.db, { me: v.nurse.personId, threadId: id, assigneeId: v.doctor.personId, now })).toEqual({ ok: true });
    expect((await stored()).assignment).toEqual([expect.objectContaining({ assigneeId: v.doctor.personId, assignedById: v.nurse.personId })]);

    // A member who joined the team after the thread was written is in the team now.
    const newcomer = await createProfessional(t.db, {
      identityCode: code('1975-05-05'),
      firstName: 'Uusi',
      lastName: 'Jäsen',
      title: localized('Lääkäri', 'Läkare', 'Doctor'),
      professionalType: 'Doctor',
    });
    await t.db.insert(occupationalCareTeam).values({ contractId: v.contract.id, professionalId: newcomer.personId, position: 5 });
    expect(await assignThread(t.db, { me: v.nurse.personId, threadId: id, assigneeId: newcomer.personId, now })).toEqual({ ok: true });

    // Today's substitute of the absent assignee stands in for the team and may take the thread.
    const today = helsinkiDate(now);
    await createAbsence(t.db, {
      professionalId: newcomer.personId,
      startDate: addDays(today, -1),
      endDate: addDays(today, 1),
      substituteIds: [v.substitute.personId],
    });
    expect(await assignThread(t.db, { me: v.substitute.personId, threadId: id, assigneeId: v.substitute.personId, now })).toEqual({ ok: true });
    // …but not hand it to someone outside.
    expect(await assignThread(t.db, { me: v.substitute.personId, threadId: id, assigneeId: v.outsider.personId, now })).toEqual({
      ok: false,
      reason: 'not-in-care-team',
    });
  });

  it('names as substitutes only members of the absent professional’s care team', async () => {
    const v = await world(t.db);
    const today = helsinkiDate(clock.now());
    const absence = { me: v.nurse.personId, startDate: addDays(today, 1), endDate: addDays(today, 3), internalMessage: null };
    const absencesOf = (id: string) => t.db.select().from(professionalAbsences).where(eq(professionalAbsences.professionalId, id));

    expect((await colleagues(t.db, v.nurse.personId)).map((c) => c.id)).toEqual([v.doctor.personId]);
    for (const substituteIds of [[v.outsider.personId], [v.doctor.personId, v.substitute.personId], [v.customer.id], [randomUUID()]]) {
      expect(await recordAbsence(t.db, { ...absence, substituteIds }), substituteIds.join()).toEqual({ ok: false, reason: 'not-in-care-team' });
    }
    expect(await absencesOf(v.nurse.personId)).toEqual([]);

    expect(await recordAbsence(t.db, { ...absence, substituteIds: [v.doctor.personId] })).toEqual({ ok: true });
    expect(await recordAbsence(t.db, { ...absence, substituteIds: [] })).toEqual({ ok: true });
    expect((await absencesOf(v.nurse.personId)).map((a) => a.substituteIds)).toEqual([[v.doctor.personId], []]);

    // Triage professionals (threads of customers without a team) stand in for each other.
    const triage = (lastName: string) =>
      createProfessional(t.db, {
        identityCode: code('1980-08-08'),
        firstName: 'Triage',
        lastName,
        title: localized('Sairaanhoitaja', 'Sjukskötare', 'Nurse'),
        professionalType: 'Nurse',
        triage: true,
      });
    const [first, second] = [await triage('Yksi'), await triage('Kaksi')];
    expect((await colleagues(t.db, first.personId)).map((c) => c.id)).toContain(second.personId);
    expect((await colleagues(t.db, first.personId)).map((c) => c.id)).not.toContain(v.doctor.personId);
    expect(await recordAbsence(t.db, { ...absence, me: first.personId, substituteIds: [second.personId] })).toEqual({ ok: true });
    expect(await recordAbsence(t.db, { ...absence, me: first.personId, substituteIds: [v.doctor.personId] })).toEqual({
      ok: false,
      reason: 'not-in-care-team',
    });
  });

  it('a reply notifies the customer through the outbox without the content; reading is logged; delete keeps who and when', async () => {
    const created = await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, title: 'Ilmoitus', text: 'Kysymys' });
    if (!created.ok) throw new Error(created.reason);
    const id = created.threadId;
    const staff = await openStaffThread(t.db, w.nurse.personId, id, 'fi');
    expect(staff?.customerId).toBe(w.customer.id);
    const views = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorPersonId, w.nurse.personId), eq(accessLog.resourceId, String(id))));
    expect(views).toEqual([expect.objectContaining({ action: 'view', resource: THREAD_RESOURCE, subjectPersonId: w.customer.id })]);
    const [thread] = await t.db.select().from(messagingThreads).where(eq(messagingThreads.id, id));
    expect(thread!.professionalsTimestamp).not.toBeNull();

    const before = await t.db.select().from(outbox);
    const secret = `Salainen vastaus ${randomUUID()}`;
    const reply = await replyAsProfessional(t.db, {
      me: w.nurse.personId,
      threadId: id,
      text: secret,
      origin: 'https://portal.test',
      idempotencyKey: randomUUID(),
    });
    expect(reply).toMatchObject({ ok: true, created: true });
    const added = (await t.db.select().from(outbox)).filter((m) => !before.some((b) => b.id === m.id));
    expect(added.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', 'maija@example.fi'],
      ['sms', '+358401112223'],
    ]);
    for (const m of added) {
      expect(m.body).toContain('https://portal.test/fi/viestit');
      expect(m.body).not.toContain(secret);
      expect(m.body).not.toContain('Ilmoitus');
      expect(m).toMatchObject({ kind: 'notice', brand: 'general', language: 'fi', state: 'queued' });
    }

    if (!reply.ok) return;
    expect(await deleteMessage(t.db, { me: w.nurse.personId, threadId: id, messageId: reply.messageId, reason: '  ' })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await deleteMessage(t.db, { me: w.nurse.personId, threadId: id, messageId: reply.messageId, reason: 'Väärä asiakas' })).toEqual({ ok: true });
    const view = await loadThreadView(t.db, w.customer.id, (await findThreadFor(t.db, { kind: 'customer', personId: w.customer.id }, id))!, 'fi');
    const deleted = view.timeline.find((i) => i.kind === 'message' && i.id === reply.messageId);
    expect(deleted).toMatchObject({ content: null, deleted: { byName: 'Ammatti Hoitaja', reason: 'Väärä asiakas' } });
    expect(JSON.stringify(view)).not.toContain(secret);
  });

  it('keeps attachments checked by content, downloadable by the thread’s participants only', async () => {
    const created = await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, title: 'Liitteet', text: 'Kuva' });
    if (!created.ok) throw new Error(created.reason);
    const exe = new Uint8Array(200);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    expect(await storeMessageFiles(t.db, { files: [file('lasku.pdf', 'application/pdf', exe)], ownerId: w.customer.id, userId: w.customer.id })).toEqual({
      ok: false,
      problem: 'files',
      refusals: [{ key: 'messaging.errors.attachmentContent', name: 'lasku.pdf' }],
    });
    expect(
      await storeMessageFiles(t.db, { files: [file('ohjelma.exe', 'application/octet-stream', exe)], ownerId: w.customer.id, userId: w.customer.id }),
    ).toMatchObject({
      ok: false,
      refusals: [{ key: 'messaging.errors.attachmentType', name: 'ohjelma.exe' }],
    });
    expect(
      await storeMessageFiles(t.db, { files: [file('iso.png', 'image/png', new Uint8Array(9_437_185))], ownerId: w.customer.id, userId: w.customer.id }),
    ).toEqual({
      ok: false,
      problem: 'too-large',
    });
    const stored = await storeMessageFiles(t.db, { files: [file('kuva <b>.png', 'image/png', PNG)], ownerId: w.customer.id, userId: w.customer.id });
    if (!stored.ok) throw new Error('not stored');
    const sent = await sendCustomerMessage(t.db, { customerId: w.customer.id, threadId: created.threadId, text: '', attachments: stored.attachments });
    expect(sent.ok).toBe(true);
    const objectId = stored.attachments[0]!.id;
    // The same upload cannot be attached twice.
    expect(await sendCustomerMessage(t.db, { customerId: w.customer.id, threadId: created.threadId, text: 'x', attachments: stored.attachments })).toEqual({
      ok: false,
      reason: 'attachment-invalid',
    });

    expect(await attachmentDownloadUrl(t.db, w.customer.id, objectId)).toMatch(/^\/files\/messages\//);
    expect(await attachmentDownloadUrl(t.db, w.nurse.personId, objectId)).toMatch(/^\/files\/messages\//);
    expect(await attachmentDownloadUrl(t.db, w.other.id, objectId)).toBeNull();
    expect(await attachmentDownloadUrl(t.db, w.outsider.personId, objectId)).toBeNull();
    expect(await attachmentAccess()(t.db, w.other.id, { ownerId: w.customer.id, objectId })).toBe(false);

    // A professional's attachment is owned by the customer and readable by both.
    const proStored = await storeMessageFiles(t.db, {
      files: [file('ohje.txt', 'text/plain', new TextEncoder().encode('Ota lääke aamulla.\n'))],
      ownerId: w.customer.id,
      userId: w.doctor.personId,
      canAccess: attachmentAccess(async () => true),
    });
    if (!proStored.ok) throw new Error('not stored');
    await replyAsProfessional(t.db, {
      me: w.doctor.personId,
      threadId: created.threadId,
      text: 'Ohje liitteenä',
      attachments: proStored.attachments,
      origin: 'https://portal.test',
    });
    expect(await attachmentDownloadUrl(t.db, w.customer.id, proStored.attachments[0]!.id)).not.toBeNull();
  });

  describe('GraphQL API', () => {
    const ctx = () => ({ db: t.db, customerId: w.customer.id, lang: 'fi' as const, now: clock.now() });

    it('lists threads and reads one; someone else’s thread is null', async () => {
      const created = await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, title: 'API', text: 'Hei API' });
      if (!created.ok) throw new Error(created.reason);
      const list = await runMessagingQuery(
        ctx(),
        { query: '{ threads(pagination: {limit: 5}) { totalCount paginatedThreads { id title isRead messages { paginatedMessages { content } } } } }' },
        { introspection: false },
      );
      expect(list.status).toBe(200);
      const data = (list.body as { data: { threads: { totalCount: number; paginatedThreads: { id: string; title: string }[] } } }).data;
      expect(data.threads.paginatedThreads[0]).toMatchObject({ id: String(created.threadId), title: 'API' });
      const one = await runMessagingQuery(
        ctx(),
        {
          query: 'query T($id: ID!) { thread(id: $id) { id title messages { totalCount paginatedMessages { content author { isMe } } } } }',
          variables: { id: String(created.threadId) },
        },
        { introspection: false },
      );
      expect(one).toMatchObject({
        status: 200,
        body: {
          data: { thread: { id: String(created.threadId), messages: { totalCount: 1, paginatedMessages: [{ content: 'Hei API', author: { isMe: true } }] } } },
        },
      });
      const others = await runMessagingQuery(
        { ...ctx(), customerId: w.other.id },
        { query: `{ thread(id: "${created.threadId}") { id } }` },
        { introspection: false },
      );
      expect(others).toEqual({ status: 200, body: { data: { thread: null } } });
      const notMine = await runMessagingQuery(
        { ...ctx(), customerId: w.other.id },
        { query: `mutation { markAsRead(threadId: "${created.threadId}") }` },
        { introspection: false },
      );
      expect(notMine).toEqual({ status: 404, body: { error: { type: 'NotFound' } } });
    });

    it('threads answers each thread’s own state, creation, participants, assignment and absences, as thread does', async () => {
      const now = clock.now();
      const started = new Date(now.getTime() - 3 * 60 * 60_000);
      const created = await createThreadWithMessage(t.db, {
        customerPersonId: w.customer.id,
        title: `Suljettu ${randomUUID()}`,
        text: 'Hei',
        recipientId: w.nurse.personId,
        now: started,
      });
      if (!created.ok) throw new Error(created.reason);
      await replyAsProfessional(t.db, {
        me: w.doctor.personId,
        threadId: created.threadId,
        text: 'Vastaus',
        origin: 'https://portal.test',
        now: new Date(now.getTime() - 60 * 60_000),
      });
      expect(await assignThread(t.db, { me: w.doctor.personId, threadId: created.threadId, assigneeId: w.doctor.personId, now })).toEqual({ ok: true });
      expect(await setThreadActive(t.db, { me: w.doctor.personId, threadId: created.threadId, active: false, now })).toEqual({ ok: true });
      const fields =
        'id isActive created threadType participants { id userType firstName lastName title isMe } assignments { assignee { id firstName lastName userType } assignedAt } assigneeAbsences { startDate endDate substituteName }';
      const list = await runMessagingQuery(ctx(), { query: `{ threads { paginatedThreads { ${fields} } } }` }, { introspection: false });
      const listed = (list.body as { data: { threads: { paginatedThreads: Array<Record<string, unknown>> } } }).data.threads.paginatedThreads.find(
        (th) => th.id === String(created.threadId),
      );
      const absences = await t.db.select().from(professionalAbsences).where(eq(professionalAbsences.professionalId, w.doctor.personId));
      expect(listed).toMatchObject({
        isActive: false,
        created: started.toISOString(),
        threadType: 'Customer',
        participants: [
          { id: w.customer.id, userType: 'CustomerUser', firstName: 'Maija', lastName: 'Asiakas', isMe: true },
          { id: w.nurse.personId, userType: 'ProfessionalUser', lastName: 'Hoitaja', title: 'Hoitaja', isMe: false },
          { id: w.doctor.personId, userType: 'ProfessionalUser', lastName: 'Lääkäri', isMe: false },
        ],
        assignments: [{ assignee: { id: w.doctor.personId, lastName: 'Lääkäri', userType: 'ProfessionalUser' }, assignedAt: now.toISOString() }],
      });
      expect((listed!.assigneeAbsences as unknown[]).length).toBe(absences.filter((a) => a.endDate >= helsinkiDate(now)).length);
      // The list and the thread itself say the same.
      const one = await runMessagingQuery(ctx(), { query: `{ thread(id: "${created.threadId}") { ${fields} } }` }, { introspection: false });
      expect((one.body as { data: { thread: unknown } }).data.thread).toEqual(listed);
    });

    it('answers bad input with 400 ValidationError and details', async () => {
      const bad = await runMessagingQuery(ctx(), { query: '{ threads { nope } }' }, { introspection: false });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: { type: 'ValidationError', details: [expect.stringContaining('nope')] } });
      const empty = await runMessagingQuery(
        ctx(),
        { query: 'mutation { sendMessageInNewThread(title: "  ", type: Customer, participantIds: [], firstMessage: {content: ""}) }' },
        { introspection: false },
      );
      expect(empty).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } });
      expect((empty.body as { error: { details: string[] } }).error.details.length).toBeGreaterThanOrEqual(2);
      expect((await runMessagingQuery(ctx(), { query: 42 }, { introspection: false })).status).toBe(400);
    });

    it('refuses control characters in the title and the message before anything is stored (issue 21)', async () => {
      const query =
        'mutation M($title: String!, $content: String, $to: [ID!]!) { sendMessageInNewThread(title: $title, type: Customer, participantIds: $to, firstMessage: {content: $content}) }';
      const to = [w.doctor.personId];
      const title = await runMessagingQuery(ctx(), { query, variables: { title: 'Kysy\u0000mys', content: 'Hei', to } }, { introspection: false });
      expect(title).toMatchObject({ status: 400, body: { error: { type: 'ValidationError', details: [expect.stringContaining('no control characters')] } } });
      const content = await runMessagingQuery(ctx(), { query, variables: { title: 'Kysymys', content: 'Hei\u0000', to } }, { introspection: false });
      expect(content).toMatchObject({ status: 400, body: { error: { type: 'ValidationError', details: ['message: control characters are not allowed'] } } });
      // Line breaks and tabs are text.
      const fine = await runMessagingQuery(ctx(), { query, variables: { title: 'Kysymys', content: 'Hei,\r\n\tkiitos', to } }, { introspection: false });
      expect(fine.status).toBe(200);
    });

    it('refuses introspection in production and allows it elsewhere', async () => {
      const query = '{ __schema { queryType { name } } }';
      expect((await runMessagingQuery(ctx(), { query }, { introspection: false })).status).toBe(400);
      expect(await runMessagingQuery(ctx(), { query }, { introspection: true })).toMatchObject({
        status: 200,
        body: { data: { __schema: { queryType: { name: 'Query' } } } },
      });
    });

    it('uploads an attachment, starts a thread with it and sends a message, idempotently', async () => {
      const uploadOf = (byteSize: number) =>
        runMessagingQuery(
          ctx(),
          {
            query: `mutation { createAttachmentUpload(fileName: "kuva.png", contentType: "image/png", byteSize: ${byteSize}) { key url method headers { name value } } }`,
          },
          { introspection: false },
        );
      // Over the combined limit, or without a size: no URL.
      expect(await uploadOf(9_437_185)).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } });
      expect(
        (
          await runMessagingQuery(
            ctx(),
            { query: 'mutation { createAttachmentUpload(fileName: "kuva.png", contentType: "image/png") { key } }' },
            { introspection: false },
          )
        ).status,
      ).toBe(400);
      const upload = await uploadOf(PNG.byteLength);
      expect(upload.status).toBe(200);
      const target = (upload.body as { data: { createAttachmentUpload: { key: string; url: string } } }).data.createAttachmentUpload;
      const token = target.url.split('/').pop();
      // The URL takes the declared size and no more.
      const bigger = Buffer.concat([Buffer.from(PNG), Buffer.alloc(1)]);
      expect(
        await acceptUpload(t.db, storage(), {
          token,
          userId: w.customer.id,
          contentType: 'image/png',
          contentLength: String(bigger.byteLength),
          body: new Response(bigger).body,
        }),
      ).toEqual({
        ok: false,
        reason: 'too-large',
      });
      const put = await acceptUpload(t.db, storage(), {
        token,
        userId: w.customer.id,
        contentType: 'image/png',
        contentLength: String(PNG.byteLength),
        body: new Response(Buffer.from(PNG)).body,
      });
      expect(put.ok).toBe(true);
      const key = randomUUID();
      const mutation = `mutation New($key: String) { sendMessageInNewThread(title: "Kuva", type: Customer, participantIds: ["${w.nurse.personId}"], firstMessage: {content: "Katso", attachments: [{key: "${target.key}", fileName: "kuva.png"}]}, idempotencyKey: $key) }`;
      const created = await runMessagingQuery(ctx(), { query: mutation, variables: { key } }, { introspection: false });
      expect(created.status).toBe(200);
      const urls = (created.body as { data: { sendMessageInNewThread: string[] } }).data.sendMessageInNewThread;
      expect(urls).toEqual([expect.stringMatching(/^\/fi\/viestit\/\d+$/)]);
      expect((await runMessagingQuery(ctx(), { query: mutation, variables: { key } }, { introspection: false })).body).toEqual(created.body);
      const threadId = urls[0]!.split('/').pop()!;
      const sent = await runMessagingQuery(
        ctx(),
        { query: `mutation { sendMessage(threadId: "${threadId}", message: {content: "Lisäys"}) { id content } }` },
        { introspection: false },
      );
      expect(sent).toMatchObject({ status: 200, body: { data: { sendMessage: { content: 'Lisäys' } } } });
      const outsider = await runMessagingQuery(
        ctx(),
        { query: `mutation { sendMessageInNewThread(title: "X", type: Customer, participantIds: ["${w.outsider.personId}"], firstMessage: {content: "x"}) }` },
        { introspection: false },
      );
      expect(outsider).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } });
    });
  });
});
