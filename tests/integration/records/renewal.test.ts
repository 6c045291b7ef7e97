import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PERSONS } from '~db/seed-data';
import { accessLog, messagingMessages, messagingThreads, persons, prescriptionRenewals, questionnaireInvitations } from '~db/schema';
import { listWards } from '~/services/auth/session.server';
import type { Db } from '~/services/db/db.server';
import { recordViewerOf } from '~/services/people/viewer.server';
import { answerQuestionnaire, getQuestionnaire, listQuestionnaires } from '~/services/records/questionnaires.server';
import { listPrescriptions } from '~/services/records/records.server';
import { pendingFor, requestRenewal } from '~/services/records/renewal.server';
import { RENEWAL_THREAD_TITLE, renewalField as f } from '~/services/records/renewal-rules';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

async function viewerFor(db: Db, key: keyof typeof DEMO_PERSONS) {
  const [person] = await db.select().from(persons).where(eq(persons.identityCode, DEMO_PERSONS[key].identityCode));
  return recordViewerOf({ person: person!, wards: await listWards(db, person!.id) });
}

function answersFor(ids: number[]) {
  const answers: Record<string, string> = { [f.general]: 'Ei muutoksia' };
  for (const id of ids) Object.assign(answers, { [f.reason(id)]: 'Jatkuva lääkitys', [f.finished(id)]: 'yes', [f.sideEffects(id)]: 'no' });
  return answers;
}

describe.each(databaseKinds())('prescription renewal and questionnaires on %s', (kind) => {
  const t = withTestDatabase(kind, { seed: true });

  it('sends one thread with the answers, then refuses a second request while pending', async () => {
    const aino = await viewerFor(t.db, 'aino');
    const list = await listPrescriptions(t.db, aino, aino.people[0]!, 'fi');
    const ids = list.items
      .filter((p) => p.isRenewable)
      .slice(0, 2)
      .map((p) => p.id);
    const result = await requestRenewal(t.db, aino, ids, answersFor(ids));
    expect(result.type).toBe('sent');
    const threadId = result.type === 'sent' ? result.threadId : 0;
    const [thread] = await t.db.select().from(messagingThreads).where(eq(messagingThreads.id, threadId));
    expect(thread).toMatchObject({ title: RENEWAL_THREAD_TITLE, threadType: 'Customer', customerPersonId: aino.actorId });
    const [message] = await t.db.select().from(messagingMessages).where(eq(messagingMessages.threadId, threadId));
    expect(message!.content).toContain('Syy uusimiselle: Jatkuva lääkitys');
    expect((await pendingFor(t.db, ids)).sort()).toEqual([...ids].sort());
    const again = await requestRenewal(t.db, aino, [ids[0]!], answersFor([ids[0]!]));
    expect(again.type).toBe('alreadyPending');
    const rows = await t.db.select().from(prescriptionRenewals).where(eq(prescriptionRenewals.prescriptionId, ids[0]!));
    expect(rows).toHaveLength(1);
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'prescription-renewal'), eq(accessLog.action, 'create')));
    expect(logged.map((r) => r.resourceId).sort()).toEqual(ids.map(String).sort());
  });

  it('refuses non-renewable and foreign prescriptions, and creates nothing', async () => {
    const aino = await viewerFor(t.db, 'aino');
    const laura = await viewerFor(t.db, 'laura');
    const list = await listPrescriptions(t.db, aino, aino.people[0]!, 'fi');
    const fixed = list.items.find((p) => !p.isRenewable)!;
    expect(await requestRenewal(t.db, aino, [fixed.id], answersFor([fixed.id]))).toEqual({ type: 'notRenewable', medicines: [fixed.medicineName] });
    const renewable = list.items.filter((p) => p.isRenewable).at(-1)!;
    expect(await requestRenewal(t.db, laura, [renewable.id], answersFor([renewable.id]))).toEqual({ type: 'notFound' });
    expect(await pendingFor(t.db, [fixed.id])).toEqual([]);
  });

  it('saves questionnaire answers once, as the JSON string, after checking them', async () => {
    const aino = await viewerFor(t.db, 'aino');
    const laura = await viewerFor(t.db, 'laura');
    const lists = await listQuestionnaires(t.db, aino, aino.people[0]!, 'en');
    expect(lists.open.items).toHaveLength(1);
    expect(lists.answered.items).toHaveLength(1);
    const id = lists.open.items[0]!.id;
    expect(await answerQuestionnaire(t.db, laura, { questionnaireInvitationId: id, answers: '{}' })).toBe('notFound');
    expect(await answerQuestionnaire(t.db, aino, { questionnaireInvitationId: id, answers: '{"reason":"x"}' })).toBe('invalid');
    expect(await answerQuestionnaire(t.db, aino, { questionnaireInvitationId: id, answers: 'not json' })).toBe('invalid');
    const answers = JSON.stringify({ reason: 'Selkäkipu', smoking: 'no', exercise: ['walking'], wellbeing: '4' });
    expect(await answerQuestionnaire(t.db, aino, { questionnaireInvitationId: id, answers })).toBe('saved');
    expect(await answerQuestionnaire(t.db, aino, { questionnaireInvitationId: id, answers })).toBe('alreadyAnswered');
    const [row] = await t.db.select().from(questionnaireInvitations).where(eq(questionnaireInvitations.id, id));
    expect(JSON.parse(row!.answers!)).toEqual({ reason: 'Selkäkipu', smoking: 'no', exercise: ['walking'], wellbeing: 4 });
    const q = await getQuestionnaire(t.db, aino, id, 'en');
    expect(q!.answeredText).not.toBeNull();
    expect(await getQuestionnaire(t.db, laura, id, 'en')).toBeNull();
  });
});
