/**
 * Messaging core on a real database: creating a thread with its first message (recipient from
 * the care team, substitutes of absent members, triage for customers without a team),
 * idempotent submits (sequential and concurrent), atomicity inside a caller's transaction, and
 * appending messages.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addCareTeam, createAbsence, createOccupationalContract, createPerson, createProfessional, localized } from '~db/factories';
import { messagingMessages, messagingReadStatuses, messagingThreadAccess, messagingThreadParticipants, messagingThreads } from '~db/schema';
import { helsinkiDate, addDays } from '~/lib/dates';
import { makeIdentityCode } from '~/models/identity-code';
import type { Db } from '~/services/db/db.server';
import { withTransaction } from '~/services/db/db.server';
import { appendMessage, createThreadWithMessage } from '~/services/messaging/threads.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

let individual = 100;
const code = (birthDate = '1980-05-05') => makeIdentityCode(birthDate, (individual += 1));

async function professional(db: Db, professionalType: 'Doctor' | 'Nurse', lastName: string, triage = false) {
  return createProfessional(db, {
    identityCode: code('1975-01-01'),
    firstName: professionalType === 'Doctor' ? 'Leena' : 'Hanna',
    lastName,
    title: localized('Työterveyslääkäri', 'Företagsläkare', 'Occupational physician'),
    professionalType,
    triage,
  });
}

async function setup(db: Db) {
  const contract = await createOccupationalContract(db, { employerName: 'Testi Oy' });
  const doctor = await professional(db, 'Doctor', 'Lääkäri');
  const nurse = await professional(db, 'Nurse', 'Hoitaja');
  const substitute = await professional(db, 'Nurse', 'Sijainen');
  const outsider = await professional(db, 'Doctor', 'Ulkopuolinen');
  await addCareTeam(db, contract.id, [doctor.personId, nurse.personId]);
  const customer = await createPerson(db, { identityCode: code(), firstName: 'Testi', lastName: 'Asiakas', occupationalContractId: contract.id });
  return { contract, doctor, nurse, substitute, outsider, customer };
}

async function threadFacts(db: Db, threadId: number) {
  const [thread] = await db.select().from(messagingThreads).where(eq(messagingThreads.id, threadId));
  const participants = await db.select().from(messagingThreadParticipants).where(eq(messagingThreadParticipants.threadId, threadId));
  const access = await db.select().from(messagingThreadAccess).where(eq(messagingThreadAccess.threadId, threadId));
  const messages = await db.select().from(messagingMessages).where(eq(messagingMessages.threadId, threadId));
  return {
    thread: thread!,
    participantIds: participants.map((p) => p.professionalId).sort(),
    accessIds: access.map((a) => a.professionalId).sort(),
    messages,
  };
}

describe.each(databaseKinds())('messaging core on %s', (kind) => {
  const t = withTestDatabase(kind);

  it('creates a thread with the first message, to the team nurse by default, open to the whole team', async () => {
    const { doctor, nurse, customer } = await setup(t.db);
    const now = new Date('2026-03-10T08:00:00Z');
    const result = await createThreadWithMessage(t.db, {
      customerPersonId: customer.id,
      title: '  Reseptin uusimispyyntö ',
      text: ' Hei, tarvitsen uuden reseptin. ',
      now,
    });
    expect(result).toMatchObject({ ok: true, created: true });
    if (!result.ok) return;
    const facts = await threadFacts(t.db, result.threadId);
    expect(facts.thread).toMatchObject({
      title: 'Reseptin uusimispyyntö',
      threadType: 'Customer',
      customerPersonId: customer.id,
      isActive: true,
      lastMessageId: result.messageId,
    });
    expect(facts.thread.lastMessageAt).toEqual(now);
    expect(facts.participantIds).toEqual([nurse.personId]);
    expect(facts.accessIds).toEqual([doctor.personId, nurse.personId].sort());
    expect(facts.messages).toHaveLength(1);
    expect(facts.messages[0]).toMatchObject({ authorId: customer.id, content: 'Hei, tarvitsen uuden reseptin.', deletedAt: null });
    // The author has read what they wrote.
    const [read] = await t.db
      .select()
      .from(messagingReadStatuses)
      .where(and(eq(messagingReadStatuses.threadId, result.threadId), eq(messagingReadStatuses.readerId, customer.id)));
    expect(read?.readAt).toEqual(now);
  });

  it('sends to the chosen member, and to the substitute while the member is absent', async () => {
    const { doctor, nurse, substitute, customer } = await setup(t.db);
    const now = new Date('2026-03-10T08:00:00Z');
    const toDoctor = await createThreadWithMessage(t.db, {
      customerPersonId: customer.id,
      title: 'Lääkärille',
      text: 'Kysymys',
      recipientId: doctor.personId,
      now,
    });
    expect(toDoctor.ok && (await threadFacts(t.db, toDoctor.threadId)).participantIds).toEqual([doctor.personId]);

    const today = helsinkiDate(now);
    await createAbsence(t.db, {
      professionalId: nurse.personId,
      startDate: addDays(today, -1),
      endDate: addDays(today, 3),
      substituteIds: [substitute.personId],
    });
    for (const recipientId of [nurse.personId, substitute.personId, undefined]) {
      const result = await createThreadWithMessage(t.db, { customerPersonId: customer.id, title: 'Hoitajalle', text: 'Kysymys', recipientId, now });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const facts = await threadFacts(t.db, result.threadId);
      expect(facts.participantIds).toEqual([substitute.personId]);
      expect(facts.accessIds).toEqual([doctor.personId, nurse.personId, substitute.personId].sort());
    }
  });

  it('refuses a recipient outside the care team, a bad title and an empty message', async () => {
    const { outsider, customer } = await setup(t.db);
    const base = { customerPersonId: customer.id, title: 'Aihe', text: 'Teksti' };
    expect(await createThreadWithMessage(t.db, { ...base, recipientId: outsider.personId })).toEqual({ ok: false, reason: 'invalid-recipient' });
    expect(await createThreadWithMessage(t.db, { ...base, title: '   ' })).toEqual({ ok: false, reason: 'invalid-title' });
    expect(await createThreadWithMessage(t.db, { ...base, title: 'x'.repeat(71) })).toEqual({ ok: false, reason: 'invalid-title' });
    expect(await createThreadWithMessage(t.db, { ...base, text: ' \n ' })).toEqual({ ok: false, reason: 'empty-message' });
    expect(await createThreadWithMessage(t.db, { ...base, attachments: [{ id: randomUUID() }] })).toEqual({ ok: false, reason: 'attachment-invalid' });
    const threads = await t.db.select().from(messagingThreads).where(eq(messagingThreads.customerPersonId, customer.id));
    expect(threads).toEqual([]);
  });

  it('opens threads of customers without a care team to the triage professionals', async () => {
    const triage = await professional(t.db, 'Nurse', 'Triage', true);
    const customer = await createPerson(t.db, { identityCode: code(), firstName: 'Yksityis', lastName: 'Asiakas' });
    const result = await createThreadWithMessage(t.db, { customerPersonId: customer.id, title: 'Reseptin uusimispyyntö', text: 'Uusisitteko' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const facts = await threadFacts(t.db, result.threadId);
    expect(facts.participantIds).toEqual([]);
    expect(facts.accessIds).toContain(triage.personId);
  });

  it('creates one thread for a form submitted twice, one after the other or at the same time', async () => {
    const { customer } = await setup(t.db);
    const key = randomUUID();
    const input = { customerPersonId: customer.id, title: 'Kahdesti', text: 'Sama lomake', idempotencyKey: key };
    const first = await createThreadWithMessage(t.db, input);
    const second = await createThreadWithMessage(t.db, input);
    expect(first).toMatchObject({ ok: true, created: true });
    expect(second).toEqual(first.ok ? { ...first, created: false } : null);

    const concurrentKey = randomUUID();
    const results = await Promise.all([1, 2, 3].map(() => createThreadWithMessage(t.db, { ...input, idempotencyKey: concurrentKey })));
    const threadIds = new Set(results.map((r) => (r.ok ? r.threadId : null)));
    expect(threadIds.size).toBe(1);
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
    const messages = await t.db.select().from(messagingMessages).where(eq(messagingMessages.idempotencyKey, concurrentKey));
    expect(messages).toHaveLength(1);
    const threads = await t.db.select().from(messagingThreads).where(eq(messagingThreads.customerPersonId, customer.id));
    expect(threads).toHaveLength(2);
  });

  it('is part of the caller’s transaction: a rollback leaves no thread', async () => {
    const { customer } = await setup(t.db);
    await expect(
      withTransaction(t.db, async (tx) => {
        const result = await createThreadWithMessage(tx, { customerPersonId: customer.id, title: 'Peruttu', text: 'Ei jää' });
        expect(result.ok).toBe(true);
        throw new Error('caller fails later');
      }),
    ).rejects.toThrow('caller fails later');
    expect(await t.db.select().from(messagingThreads).where(eq(messagingThreads.customerPersonId, customer.id))).toEqual([]);
  });

  it('appends messages: last message moves, the same key answers the same message', async () => {
    const { nurse, customer } = await setup(t.db);
    const created = await createThreadWithMessage(t.db, { customerPersonId: customer.id, title: 'Ketju', text: 'Eka', now: new Date('2026-03-10T08:00:00Z') });
    if (!created.ok) throw new Error('not created');
    const later = new Date('2026-03-10T09:00:00Z');
    const key = randomUUID();
    const reply = await appendMessage(t.db, {
      threadId: created.threadId,
      customerPersonId: customer.id,
      authorId: nurse.personId,
      text: 'Vastaus',
      idempotencyKey: key,
      now: later,
    });
    expect(reply).toMatchObject({ ok: true, created: true });
    expect(
      await appendMessage(t.db, {
        threadId: created.threadId,
        customerPersonId: customer.id,
        authorId: nurse.personId,
        text: 'Vastaus',
        idempotencyKey: key,
        now: later,
      }),
    ).toEqual(reply.ok ? { ...reply, created: false } : null);
    expect(await appendMessage(t.db, { threadId: created.threadId, customerPersonId: customer.id, authorId: nurse.personId, text: '  ' })).toEqual({
      ok: false,
      reason: 'empty-message',
    });
    const facts = await threadFacts(t.db, created.threadId);
    expect(facts.messages).toHaveLength(2);
    expect(facts.thread.lastMessageAt).toEqual(later);
    expect(facts.thread.lastMessageId).toBe(reply.ok ? reply.messageId : -1);
  });
});
