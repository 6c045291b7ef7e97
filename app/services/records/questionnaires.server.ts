/**
 * Questionnaires (spec 3 §3, §4, §7): the invitations sent to a patient (open tasks and answered
 * ones), one questionnaire with its form definition and saved answers, and answering it. Answers
 * are validated with the zod schema built from the definition and stored as the JSON string the
 * spec names; an answered questionnaire can never be answered again (the update only touches an
 * unanswered row). Every view and answer is in the access log.
 */
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { questionnaireForms, questionnaireInvitations } from '~db/schema';
import type { Language } from '~/i18n/config';
import { formatDate } from '~/lib/format';
import { pageOf } from '~/models/paging';
import { answersSchema, definitionSchema, parseStoredAnswers, type QuestionnaireAnswers } from '~/models/records/questionnaire';
import { logAccess } from '~/services/audit/access-log.server';
import type { Db } from '~/services/db/db.server';
import { visibleRecordIds, type RecordPerson, type RecordViewer } from '~/services/people/viewer.server';
import { clock } from '~/lib/clock.server';
import { PAGE_SIZES } from './records-rules';

export async function listQuestionnaires(db: Db, viewer: RecordViewer, person: RecordPerson, lang: Language, openPage = 1, answeredPage = 1) {
  const size = PAGE_SIZES.questionnaires;
  const query = (answered: boolean, page: number) =>
    db
      .select({
        id: questionnaireInvitations.id,
        sentAt: questionnaireInvitations.sentAt,
        answeredAt: questionnaireInvitations.answeredAt,
        definition: questionnaireForms.definition,
      })
      .from(questionnaireInvitations)
      .innerJoin(questionnaireForms, eq(questionnaireForms.id, questionnaireInvitations.formId))
      .where(
        and(
          eq(questionnaireInvitations.patientId, person.id),
          answered ? isNotNull(questionnaireInvitations.answeredAt) : isNull(questionnaireInvitations.answeredAt),
        ),
      )
      .orderBy(desc(questionnaireInvitations.sentAt), desc(questionnaireInvitations.id))
      .limit(size + 1)
      .offset((page - 1) * size);
  const [open, answered] = await Promise.all([query(false, openPage), query(true, answeredPage)]);
  await logAccess(db, { actorPersonId: viewer.actorId, subjectPersonId: person.id, action: 'view', resource: 'questionnaire-list' });
  const view = (rows: typeof open, page: number) =>
    pageOf(rows, page, size, (r) => ({
      id: r.id,
      title: r.definition.title[lang],
      sentText: formatDate(r.sentAt, lang),
      answeredText: r.answeredAt ? formatDate(r.answeredAt, lang) : null,
    }));
  return { open: view(open, openPage), answered: view(answered, answeredPage) };
}

async function findInvitation(db: Db, viewer: RecordViewer, id: number) {
  const [row] = await db
    .select({ invitation: questionnaireInvitations, definition: questionnaireForms.definition })
    .from(questionnaireInvitations)
    .innerJoin(questionnaireForms, eq(questionnaireForms.id, questionnaireInvitations.formId))
    .where(and(eq(questionnaireInvitations.id, id), inArray(questionnaireInvitations.patientId, visibleRecordIds(viewer))))
    .limit(1);
  if (!row) return null;
  return { ...row, definition: definitionSchema.parse(row.definition) };
}

export async function getQuestionnaire(db: Db, viewer: RecordViewer, id: number, lang: Language) {
  const row = await findInvitation(db, viewer, id);
  if (!row) return null;
  await logAccess(db, {
    actorPersonId: viewer.actorId,
    subjectPersonId: row.invitation.patientId,
    action: 'view',
    resource: 'questionnaire',
    resourceId: String(id),
  });
  return {
    id,
    definition: row.definition,
    answers: parseStoredAnswers(row.invitation.answers),
    answeredText: row.invitation.answeredAt ? formatDate(row.invitation.answeredAt, lang) : null,
  };
}

export type AnswerResult = 'saved' | 'notFound' | 'alreadyAnswered' | 'invalid';

/**
 * Saves the answers (the JSON string of spec 3 §7, with the invitation's id). The answers must
 * satisfy the form's schema; a questionnaire is answered once.
 */
export async function answerQuestionnaire(
  db: Db,
  viewer: RecordViewer,
  input: { questionnaireInvitationId: number; answers: string },
  now = clock.now(),
): Promise<AnswerResult> {
  const row = await findInvitation(db, viewer, input.questionnaireInvitationId);
  if (!row) return 'notFound';
  if (row.invitation.answeredAt) return 'alreadyAnswered';
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.answers);
  } catch {
    return 'invalid';
  }
  const checked = answersSchema(row.definition).safeParse(parsed);
  if (!checked.success) return 'invalid';
  const answers = JSON.stringify(checked.data satisfies Partial<QuestionnaireAnswers>);
  const updated = await db
    .update(questionnaireInvitations)
    .set({ answers, answeredAt: now, answeredById: viewer.actorId })
    .where(and(eq(questionnaireInvitations.id, row.invitation.id), isNull(questionnaireInvitations.answeredAt)))
    .returning({ id: questionnaireInvitations.id });
  if (updated.length === 0) return 'alreadyAnswered';
  await logAccess(db, {
    actorPersonId: viewer.actorId,
    subjectPersonId: row.invitation.patientId,
    action: 'change',
    resource: 'questionnaire',
    resourceId: String(row.invitation.id),
  });
  return 'saved';
}
