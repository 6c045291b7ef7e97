/**
 * ADR 0042 on a real database: a professional's message carries a questionnaire invitation for
 * the thread's customer (shown in the thread to both sides, in the GraphQL API, answered once
 * through the questionnaire service — by the page's service and by the API's
 * `answerQuestionnaire` — and read-only in records afterwards; someone else's invitation is
 * NotFound); HR users of client companies converse with the company's care team in `Hr` and
 * `Supervisor` threads (their company's only; never a customer's thread, never an employee's
 * questionnaire), and professionals handle those threads in the categories `hrOpen`,
 * `hrSubstitutions` (today's substitute of the absent assignee) and `hrClosed`.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RouterContextProvider } from 'react-router';
import {
  addCareTeam,
  createAbsence,
  createHrUser,
  createOccupationalContract,
  createPerson,
  createProfessional,
  createQuestionnaireForm,
  createQuestionnaireInvitation,
  localized,
} from '~db/factories';
import { hrUsers, messagingAttachments, messagingMessages, messagingThreads, outbox, questionnaireInvitations } from '~db/schema';
import { SLEEP_QUESTIONNAIRE } from '~db/seed-records';
import { retryAfterContext } from '~/context';
import { env } from '~/env.server';
import { tooManyAnswer } from '~/lib/http/messaging-form.server';
import { makeIdentityCode } from '~/models/identity-code';
import type { Db } from '~/services/db/db.server';
import { findThreadFor, hrUserOf } from '~/services/messaging/access.server';
import { attachmentAccess } from '~/services/messaging/attachments.server';
import { listCustomerThreads, loadThreadView, openCustomerThread } from '~/services/messaging/conversations.server';
import { runMessagingQuery } from '~/services/messaging/graphql.server';
import { listHrThreads, openHrThread, sendHrMessage, startHrThread, type HrUser } from '~/services/messaging/hr.server';
import { assignThread, categoryCounts, listCategory, openStaffThread, replyAsProfessional, setThreadActive } from '~/services/messaging/staff.server';
import { addDays, helsinkiDate } from '~/lib/dates';
import { createThreadWithMessage } from '~/services/messaging/threads.server';
import { storeMessageFiles } from '~/services/messaging/uploads.server';
import { answerQuestionnaire, getQuestionnaire, listQuestionnaires } from '~/services/records/questionnaires.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

let individual = 500;
const code = (birthDate = '1979-04-04') => makeIdentityCode(birthDate, (individual += 1));
const viewerOf = (id: string) => ({ actorId: id, people: [{ id, firstName: '', lastName: '' }] });

async function world(db: Db) {
  const contract = await createOccupationalContract(db, { employerName: 'Rakenne Oy' });
  const otherContract = await createOccupationalContract(db, { employerName: 'Muu Yritys Oy' });
  const pro = (type: 'Doctor' | 'Nurse', lastName: string) =>
    createProfessional(db, {
      identityCode: code('1971-03-03'),
      firstName: 'Ammatti',
      lastName,
      title: localized('Hoitaja', 'Skötare', 'Nurse'),
      professionalType: type,
    });
  const nurse = await pro('Nurse', 'Hoitaja');
  const doctor = await pro('Doctor', 'Lääkäri');
  const outsider = await pro('Nurse', 'Muualla');
  await addCareTeam(db, contract.id, [nurse.personId, doctor.personId]);
  await addCareTeam(db, otherContract.id, [outsider.personId]);
  const customer = await createPerson(db, {
    identityCode: code(),
    firstName: 'Veera',
    lastName: 'Työntekijä',
    phone: '+358405556667',
    occupationalContractId: contract.id,
  });
  const other = await createPerson(db, { identityCode: code(), firstName: 'Muu', lastName: 'Työntekijä', occupationalContractId: contract.id });
  const hrRow = await createHrUser(db, {
    identityCode: code('1975-05-05'),
    firstName: 'Helmi',
    lastName: 'Henkilöstö',
    contractId: contract.id,
    title: 'HR-päällikkö',
    emailAddress: 'helmi@example.fi',
  });
  const colleagueRow = await createHrUser(db, {
    identityCode: code('1976-06-06'),
    firstName: 'Kalle',
    lastName: 'Kollega',
    contractId: contract.id,
    title: 'HR-asiantuntija',
    emailAddress: 'kalle@example.fi',
  });
  const strangerRow = await createHrUser(db, {
    identityCode: code('1977-07-07'),
    firstName: 'Vieras',
    lastName: 'Henkilöstö',
    contractId: otherContract.id,
    title: 'HR',
    emailAddress: 'vieras@example.fi',
  });
  const hr = (await hrUserOf(db, hrRow.personId)) as HrUser;
  const colleague = (await hrUserOf(db, colleagueRow.personId)) as HrUser;
  const stranger = (await hrUserOf(db, strangerRow.personId)) as HrUser;
  const form = await createQuestionnaireForm(db, SLEEP_QUESTIONNAIRE);
  return { contract, otherContract, nurse, doctor, outsider, customer, other, hr, colleague, stranger, form };
}

describe.each(databaseKinds())('questionnaire invitations and HR threads on %s', (kind) => {
  const t = withTestDatabase(kind);
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(t.db);
  });

  describe('questionnaire invitations in messages', () => {
    it('a professional’s reply carries an invitation that both sides see; an unknown form sends nothing', async () => {
      const created = await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, title: 'Uni', text: 'Nukun huonosti.' });
      if (!created.ok) throw new Error(created.reason);
      const refused = await replyAsProfessional(t.db, {
        me: w.nurse.personId,
        threadId: created.threadId,
        text: 'Täytä kysely',
        questionnaireFormId: 987_654,
        origin: 'https://portal.test',
      });
      expect(refused).toEqual({ ok: false, reason: 'invalid-questionnaire' });
      expect(await t.db.select().from(messagingMessages).where(eq(messagingMessages.threadId, created.threadId))).toHaveLength(1);

      const sent = await replyAsProfessional(t.db, {
        me: w.nurse.personId,
        threadId: created.threadId,
        text: 'Täytäthän unikyselyn.',
        questionnaireFormId: w.form.id,
        idempotencyKey: randomUUID(),
        origin: 'https://portal.test',
      });
      if (!sent.ok) throw new Error(sent.reason);
      const [invitation] = await t.db.select().from(questionnaireInvitations).where(eq(questionnaireInvitations.messageId, sent.messageId));
      expect(invitation).toMatchObject({ patientId: w.customer.id, formId: w.form.id, answeredAt: null });

      const customerView = await openCustomerThread(t.db, w.customer.id, created.threadId, 'en');
      const message = customerView!.view.timeline.find((i) => i.kind === 'message' && i.id === sent.messageId);
      expect(message).toMatchObject({
        questionnaireInvitations: [{ id: invitation!.id, formId: w.form.id, title: 'Sleep questionnaire', answeredAt: null, answeredOn: null }],
      });
      const staffView = await openStaffThread(t.db, w.nurse.personId, created.threadId, 'fi');
      expect(staffView!.view.timeline.flatMap((i) => (i.kind === 'message' ? i.questionnaireInvitations : []))).toEqual([
        expect.objectContaining({ id: invitation!.id, title: 'Unikysely' }),
      ]);
      // Listed with the customer's open questionnaires in records.
      const records = await listQuestionnaires(t.db, viewerOf(w.customer.id), { id: w.customer.id, firstName: '', lastName: '' }, 'fi');
      expect(records.open.items.map((i) => i.id)).toContain(invitation!.id);
    });

    it('answered through the API’s answerQuestionnaire once; someone else’s id is NotFound; then read-only in records and in the thread', async () => {
      const created = await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, title: 'Uni 2', text: 'Hei' });
      if (!created.ok) throw new Error(created.reason);
      const sent = await replyAsProfessional(t.db, {
        me: w.doctor.personId,
        threadId: created.threadId,
        text: 'Kysely',
        questionnaireFormId: w.form.id,
        origin: 'https://portal.test',
      });
      if (!sent.ok) throw new Error(sent.reason);
      const ctx = (customerId: string) => ({ db: t.db, customerId, lang: 'en' as const, now: clock.now() });
      const thread = await runMessagingQuery(
        ctx(w.customer.id),
        {
          query: `{ thread(id: "${created.threadId}") { messages { paginatedMessages { id questionnaireInvitations { id answeredAt questionnaireFormId questionnaireTitle } } } } }`,
        },
        { introspection: false },
      );
      expect(thread.status).toBe(200);
      const messages = (thread.body as { data: { thread: { messages: { paginatedMessages: { id: string; questionnaireInvitations: { id: string }[] }[] } } } })
        .data.thread.messages.paginatedMessages;
      const carried = messages.find((m) => m.id === String(sent.messageId))!.questionnaireInvitations;
      expect(carried).toEqual([
        { id: expect.any(String), answeredAt: null, questionnaireFormId: String(w.form.id), questionnaireTitle: 'Sleep questionnaire' },
      ]);
      const id = carried[0]!.id;

      const mutation = 'mutation A($id: ID!, $answers: String!) { answerQuestionnaire(questionnaireInvitationId: $id, answers: $answers) }';
      const answers = JSON.stringify({ hours: 'over8', notes: 'Nukun hyvin.' });
      // Someone else (another employee of the same company) and ids that do not exist: NotFound.
      expect(await runMessagingQuery(ctx(w.other.id), { query: mutation, variables: { id, answers } }, { introspection: false })).toEqual({
        status: 404,
        body: { error: { type: 'NotFound' } },
      });
      expect((await runMessagingQuery(ctx(w.customer.id), { query: mutation, variables: { id: '999999999', answers } }, { introspection: false })).status).toBe(
        404,
      );
      expect((await runMessagingQuery(ctx(w.customer.id), { query: mutation, variables: { id: 'x', answers } }, { introspection: false })).status).toBe(404);
      // Answers that do not answer the form: a ValidationError, nothing saved.
      const invalid = await runMessagingQuery(
        ctx(w.customer.id),
        { query: mutation, variables: { id, answers: '{"notes":"vain tämä"}' } },
        { introspection: false },
      );
      expect(invalid).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } });
      expect((await runMessagingQuery(ctx(w.customer.id), { query: mutation, variables: { id, answers: 'not json' } }, { introspection: false })).status).toBe(
        400,
      );

      expect(await runMessagingQuery(ctx(w.customer.id), { query: mutation, variables: { id, answers } }, { introspection: false })).toEqual({
        status: 200,
        body: { data: { answerQuestionnaire: true } },
      });
      // Answered once: a second answer changes nothing.
      const again = await runMessagingQuery(
        ctx(w.customer.id),
        { query: mutation, variables: { id, answers: JSON.stringify({ hours: 'under6' }) } },
        { introspection: false },
      );
      expect(again).toMatchObject({ status: 400, body: { error: { type: 'ValidationError', details: [expect.stringContaining('already been answered')] } } });

      const saved = await getQuestionnaire(t.db, viewerOf(w.customer.id), Number(id), 'fi');
      expect(saved).toMatchObject({ answers: { hours: 'over8', notes: 'Nukun hyvin.' }, answeredText: expect.any(String) });
      const view = await loadThreadView(
        t.db,
        w.customer.id,
        (await findThreadFor(t.db, { kind: 'customer', personId: w.customer.id }, created.threadId))!,
        'fi',
      );
      const shown = view.timeline.flatMap((i) => (i.kind === 'message' ? i.questionnaireInvitations : []));
      expect(shown).toEqual([expect.objectContaining({ id: Number(id), answeredAt: expect.any(String), answeredOn: saved!.answeredText })]);
    });

    it('the page’s service answers an invitation carried in a message too, once', async () => {
      const created = await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, title: 'Uni 3', text: 'Hei' });
      if (!created.ok) throw new Error(created.reason);
      const sent = await replyAsProfessional(t.db, {
        me: w.nurse.personId,
        threadId: created.threadId,
        text: 'Kysely',
        questionnaireFormId: w.form.id,
        origin: 'https://portal.test',
      });
      if (!sent.ok) throw new Error(sent.reason);
      const [invitation] = await t.db.select().from(questionnaireInvitations).where(eq(questionnaireInvitations.messageId, sent.messageId));
      const input = { questionnaireInvitationId: invitation!.id, answers: JSON.stringify({ hours: '6to8' }) };
      expect(await answerQuestionnaire(t.db, viewerOf(w.other.id), input)).toBe('notFound');
      expect(await answerQuestionnaire(t.db, viewerOf(w.customer.id), input)).toBe('saved');
      expect(await answerQuestionnaire(t.db, viewerOf(w.customer.id), input)).toBe('alreadyAnswered');
    });

    it('the API refuses invitations from customers (professionals send them)', async () => {
      const answer = await runMessagingQuery(
        { db: t.db, customerId: w.customer.id, lang: 'fi', now: clock.now() },
        {
          query: `mutation { sendMessageInNewThread(title: "X", type: Customer, participantIds: ["${w.nurse.personId}"], firstMessage: {content: "Hei", questionnaireInvitations: ["${w.form.id}"]}) }`,
        },
        { introspection: false },
      );
      expect(answer).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } });
    });
  });

  describe('HR users and their company threads', () => {
    it('an HR thread goes to the company’s care team; colleagues share it; other companies and customers never see it', async () => {
      const started = await startHrThread(t.db, {
        hr: w.hr,
        threadType: 'Hr',
        title: 'Varhaisen tuen malli',
        text: 'Voisitteko kommentoida?',
        idempotencyKey: randomUUID(),
      });
      if (!started.ok) throw new Error(started.reason);
      const [row] = await t.db.select().from(messagingThreads).where(eq(messagingThreads.id, started.threadId));
      expect(row).toMatchObject({ threadType: 'Hr', companyContractId: w.contract.id, customerPersonId: w.hr.personId });

      expect(await findThreadFor(t.db, { kind: 'hr', personId: w.colleague.personId }, started.threadId)).not.toBeNull();
      expect(await findThreadFor(t.db, { kind: 'hr', personId: w.stranger.personId }, started.threadId)).toBeNull();
      expect(await openHrThread(t.db, w.stranger, started.threadId, 'fi')).toBeNull();
      // Not a customer thread, even to the HR user who started it, nor in their own conversation list.
      expect(await findThreadFor(t.db, { kind: 'customer', personId: w.hr.personId }, started.threadId)).toBeNull();
      expect((await listCustomerThreads(t.db, w.hr.personId, 1, 'fi')).totalCount).toBe(0);
      // The company's care team may open it; a professional of another company's team may not.
      expect(await findThreadFor(t.db, { kind: 'professional', personId: w.nurse.personId }, started.threadId)).not.toBeNull();
      expect(await findThreadFor(t.db, { kind: 'professional', personId: w.outsider.personId }, started.threadId)).toBeNull();

      const list = await listHrThreads(t.db, w.colleague, 1, 'fi');
      expect(list.items.map((i) => i.id)).toContain(started.threadId);
      expect((await listHrThreads(t.db, w.stranger, 1, 'fi')).items.map((i) => i.id)).not.toContain(started.threadId);

      // An HR user is no customer: an HR user's thread id answers nothing to the customer's API, and
      // HR users cannot open customers' threads.
      const customerThread = await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, title: 'Oma asia', text: 'Terveysasia' });
      if (!customerThread.ok) throw new Error(customerThread.reason);
      expect(await findThreadFor(t.db, { kind: 'hr', personId: w.hr.personId }, customerThread.threadId)).toBeNull();
      const api = await runMessagingQuery(
        { db: t.db, customerId: w.hr.personId, lang: 'fi', now: clock.now() },
        { query: `{ thread(id: "${started.threadId}") { id } }` },
        { introspection: false },
      );
      expect(api).toEqual({ status: 200, body: { data: { thread: null } } });
    });

    it('professionals find it under hrOpen (not among customers’ threads), reply (the HR user is told where), close it; the HR user’s message reopens it', async () => {
      const started = await startHrThread(t.db, { hr: w.hr, threadType: 'Supervisor', title: 'Esihenkilön kysymys', text: 'Miten toimin?' });
      if (!started.ok) throw new Error(started.reason);
      const counts = await categoryCounts(t.db, w.nurse.personId);
      expect(counts.hrOpen).toBeGreaterThanOrEqual(1);
      const open = await listCategory(t.db, w.nurse.personId, 'hrOpen', 1);
      expect(open.items.find((i) => i.id === started.threadId)).toMatchObject({ customerName: 'Helmi Henkilöstö', companyName: 'Rakenne Oy' });
      for (const category of ['unassigned', 'participant', 'others', 'assignedToMe', 'closed'] as const) {
        expect((await listCategory(t.db, w.nurse.personId, category, 1)).items.map((i) => i.id)).not.toContain(started.threadId);
      }
      const staff = await openStaffThread(t.db, w.nurse.personId, started.threadId, 'fi');
      expect(staff!.view).toMatchObject({ threadType: 'Supervisor', companyName: 'Rakenne Oy' });
      // The thread's care team is the company's: it can be assigned within it only.
      expect(staff!.assignable.map((p) => p.id).sort()).toEqual([w.nurse.personId, w.doctor.personId].sort());

      // No questionnaire goes to an HR user.
      expect(
        await replyAsProfessional(t.db, {
          me: w.nurse.personId,
          threadId: started.threadId,
          text: 'Kysely',
          questionnaireFormId: w.form.id,
          origin: 'https://portal.test',
        }),
      ).toEqual({
        ok: false,
        reason: 'invalid-questionnaire',
      });
      const before = await t.db.select().from(outbox);
      const reply = await replyAsProfessional(t.db, {
        me: w.nurse.personId,
        threadId: started.threadId,
        text: 'Soitetaan huomenna.',
        origin: 'https://portal.test',
      });
      expect(reply).toMatchObject({ ok: true, created: true });
      const notices = (await t.db.select().from(outbox)).filter((m) => !before.some((b) => b.id === m.id));
      expect(notices.map((m) => m.recipient)).toEqual(['helmi@example.fi']);
      expect(notices[0]!.body).toContain('https://portal.test/fi/hr/viestit');
      expect(notices[0]!.body).not.toContain('Soitetaan');

      const seen = await openHrThread(t.db, w.colleague, started.threadId, 'fi');
      expect(seen!.timeline.flatMap((i) => (i.kind === 'message' ? [[i.author.kind, i.content]] : []))).toEqual([
        ['customer', 'Miten toimin?'],
        ['professional', 'Soitetaan huomenna.'],
      ]);

      expect(await setThreadActive(t.db, { me: w.nurse.personId, threadId: started.threadId, active: false })).toEqual({ ok: true });
      expect((await listCategory(t.db, w.nurse.personId, 'hrClosed', 1)).items.map((i) => i.id)).toContain(started.threadId);
      expect(await sendHrMessage(t.db, { hr: w.colleague, threadId: started.threadId, text: 'Kiitos!' })).toMatchObject({ ok: true, created: true });
      expect(
        (await t.db.select({ isActive: messagingThreads.isActive }).from(messagingThreads).where(eq(messagingThreads.id, started.threadId)))[0]!.isActive,
      ).toBe(true);
      expect(await sendHrMessage(t.db, { hr: w.stranger, threadId: started.threadId, text: 'Hei' })).toEqual({ ok: false, reason: 'not-found' });
    });

    it('a company thread of an absent assignee is under hrSubstitutions for today’s substitute, never under the customers’ substitutions', async () => {
      const now = clock.now();
      const today = helsinkiDate(now);
      const substitute = await createProfessional(t.db, {
        identityCode: code('1972-02-02'),
        firstName: 'Ammatti',
        lastName: 'Sijainen',
        title: localized('Hoitaja', 'Skötare', 'Nurse'),
        professionalType: 'Nurse',
      });
      const company = await startHrThread(t.db, { hr: w.hr, threadType: 'Hr', title: `Sijaisuus ${randomUUID()}`, text: 'Kuka hoitaa?', now });
      const customer = await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, title: `Oma ${randomUUID()}`, text: 'Apua', now });
      if (!company.ok || !customer.ok) throw new Error('not started');
      for (const threadId of [company.threadId, customer.threadId]) {
        expect(await assignThread(t.db, { me: w.nurse.personId, threadId, assigneeId: w.nurse.personId, now })).toEqual({ ok: true });
      }
      const inCategory = async (me: string, category: Parameters<typeof listCategory>[2], id: number) =>
        (await listCategory(t.db, me, category, 1, now)).items.some((i) => i.id === id);
      // Before the absence the substitute (outside the company's team) sees neither.
      expect(await inCategory(substitute.personId, 'hrSubstitutions', company.threadId)).toBe(false);
      await createAbsence(t.db, {
        professionalId: w.nurse.personId,
        startDate: addDays(today, -1),
        endDate: addDays(today, 1),
        substituteIds: [substitute.personId],
      });
      expect(await inCategory(substitute.personId, 'hrSubstitutions', company.threadId)).toBe(true);
      expect(await inCategory(substitute.personId, 'hrSubstitutions', customer.threadId)).toBe(false);
      expect(await inCategory(substitute.personId, 'substitutions', customer.threadId)).toBe(true);
      expect(await inCategory(substitute.personId, 'substitutions', company.threadId)).toBe(false);
      expect((await categoryCounts(t.db, substitute.personId, now)).hrSubstitutions).toBe(1);
      // The absent nurse is no substitute of herself; a closed thread leaves the category.
      expect(await inCategory(w.nurse.personId, 'hrSubstitutions', company.threadId)).toBe(false);
      expect(await setThreadActive(t.db, { me: substitute.personId, threadId: company.threadId, active: false, now })).toEqual({ ok: true });
      expect(await inCategory(substitute.personId, 'hrSubstitutions', company.threadId)).toBe(false);
    });

    it('a professional cannot attach files in a company thread: refused, nothing sent, the files left unlinked', async () => {
      const started = await startHrThread(t.db, { hr: w.hr, threadType: 'Hr', title: 'Työpaikkaselvitys', text: 'Milloin?' });
      if (!started.ok) throw new Error(started.reason);
      const stored = await storeMessageFiles(t.db, {
        files: [new File([new TextEncoder().encode('Työntekijän lausunto\n')], 'lausunto.txt', { type: 'text/plain' })],
        ownerId: w.hr.personId,
        userId: w.nurse.personId,
        canAccess: attachmentAccess(async () => true),
      });
      if (!stored.ok) throw new Error('not stored');
      const before = await t.db.select().from(outbox);
      const refused = await replyAsProfessional(t.db, {
        me: w.nurse.personId,
        threadId: started.threadId,
        text: 'Liitteenä lausunto',
        attachments: stored.attachments,
        origin: 'https://portal.test',
      });
      expect(refused).toEqual({ ok: false, reason: 'attachments-not-allowed' });
      expect((await t.db.select().from(messagingMessages).where(eq(messagingMessages.threadId, started.threadId))).map((m) => m.content)).toEqual(['Milloin?']);
      expect(await t.db.select().from(messagingAttachments).where(eq(messagingAttachments.storedObjectId, stored.attachments[0]!.id))).toEqual([]);
      expect(await t.db.select().from(outbox)).toHaveLength(before.length);
      // The same reply as text only goes through.
      expect(
        await replyAsProfessional(t.db, {
          me: w.nurse.personId,
          threadId: started.threadId,
          text: 'Lausunto toimitetaan muuta kautta.',
          origin: 'https://portal.test',
        }),
      ).toMatchObject({ ok: true, created: true });
    });

    it('an HR user never reaches an employee’s health data: the employee’s questionnaire is not found', async () => {
      const invitation = await createQuestionnaireInvitation(t.db, { patientId: w.customer.id, formId: w.form.id });
      expect(await getQuestionnaire(t.db, viewerOf(w.hr.personId), invitation.id, 'fi')).toBeNull();
      expect(await answerQuestionnaire(t.db, viewerOf(w.hr.personId), { questionnaireInvitationId: invitation.id, answers: '{"hours":"6to8"}' })).toBe(
        'notFound',
      );
      const api = await runMessagingQuery(
        { db: t.db, customerId: w.hr.personId, lang: 'fi', now: clock.now() },
        { query: `mutation { answerQuestionnaire(questionnaireInvitationId: "${invitation.id}", answers: "{}") }` },
        { introspection: false },
      );
      expect(api).toEqual({ status: 404, body: { error: { type: 'NotFound' } } });
    });

    it('an HR user is held to the customers’ messages-per-hour limit: new conversations and replies share it, a resent form is no new message', async () => {
      const limit = env().RATE_LIMIT_MESSAGES_PER_HOUR;
      const row = await createHrUser(t.db, {
        identityCode: code('1978-02-02'),
        firstName: 'Kiire',
        lastName: 'Henkilöstö',
        contractId: w.contract.id,
        title: 'HR',
        emailAddress: 'kiire@example.fi',
      });
      const busy = (await hrUserOf(t.db, row.personId)) as HrUser;
      const written = async () =>
        (await t.db.select({ id: messagingMessages.id }).from(messagingMessages).where(eq(messagingMessages.authorId, busy.personId))).length;
      const key = randomUUID();
      const started = await startHrThread(t.db, { hr: busy, threadType: 'Hr', title: 'Kysymyksiä', text: 'Viesti 0', idempotencyKey: key });
      if (!started.ok) throw new Error(started.reason);
      for (let i = 1; i < limit; i++) {
        expect(await sendHrMessage(t.db, { hr: busy, threadId: started.threadId, text: `Viesti ${i}`, idempotencyKey: randomUUID() })).toMatchObject({
          ok: true,
          created: true,
        });
      }
      // The first form sent again finds its thread: not counted.
      expect(await startHrThread(t.db, { hr: busy, threadType: 'Hr', title: 'Kysymyksiä', text: 'Viesti 0', idempotencyKey: key })).toMatchObject({
        ok: true,
        created: false,
        threadId: started.threadId,
      });
      expect(await written()).toBe(limit);

      const refused = await sendHrMessage(t.db, { hr: busy, threadId: started.threadId, text: 'Liikaa', idempotencyKey: randomUUID() });
      expect(refused).toEqual({ ok: false, reason: 'too-many', retryAfterSeconds: expect.any(Number) });
      expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
      expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(3600);
      expect(await startHrThread(t.db, { hr: busy, threadType: 'Supervisor', title: 'Uusi', text: 'Liikaa', idempotencyKey: randomUUID() })).toMatchObject({
        ok: false,
        reason: 'too-many',
      });
      expect(await written()).toBe(limit);
      // The pages answer it with the send action's answer, as the customers' (sendMessageForm): 429
      // with Retry-After, the text kept, "in about N min".
      const context = new RouterContextProvider();
      const page = tooManyAnswer(
        context,
        'failed',
        { status: 'error', initialValue: { text: 'Liikaa' } },
        'messaging.errors.tooManyMessages',
        (refused as { retryAfterSeconds: number }).retryAfterSeconds,
      );
      expect(page.init?.status).toBe(429);
      expect(new Headers(page.init?.headers).get('Retry-After')).toMatch(/^\d+$/);
      expect(context.get(retryAfterContext)).toBe(Number(new Headers(page.init?.headers).get('Retry-After')));
      expect(page.data).toMatchObject({
        failed: false,
        tooMany: { key: 'messaging.errors.tooManyMessages', minutes: expect.any(Number) },
        result: { initialValue: { text: 'Liikaa' } },
      });

      // A colleague has a count of their own; an hour later this one may write again.
      expect(await sendHrMessage(t.db, { hr: w.colleague, threadId: started.threadId, text: 'Minä saan' })).toMatchObject({ ok: true, created: true });
      const later = new Date(clock.nowMs() + 3601_000);
      expect(await sendHrMessage(t.db, { hr: busy, threadId: started.threadId, text: 'Tunnin päästä', now: later })).toMatchObject({ ok: true, created: true });
    });

    it('the database keeps company threads and customers’ threads apart; an inactive HR user is no HR user', async () => {
      await expect(t.db.insert(messagingThreads).values({ threadType: 'Hr', title: 'x', customerPersonId: w.hr.personId })).rejects.toThrow();
      await expect(
        t.db.insert(messagingThreads).values({ threadType: 'Customer', title: 'x', customerPersonId: w.customer.id, companyContractId: w.contract.id }),
      ).rejects.toThrow();
      expect(await createThreadWithMessage(t.db, { customerPersonId: w.customer.id, type: 'Hr', title: 'x', text: 'y' })).toEqual({
        ok: false,
        reason: 'invalid-recipient',
      });
      const gone = await createHrUser(t.db, {
        identityCode: code('1980-08-08'),
        firstName: 'Entinen',
        lastName: 'HR',
        contractId: w.contract.id,
        title: 'HR',
        emailAddress: 'entinen@example.fi',
      });
      await t.db.update(hrUsers).set({ active: false }).where(eq(hrUsers.personId, gone.personId));
      expect(await hrUserOf(t.db, gone.personId)).toBeNull();
    });
  });
});
