/**
 * Occupational health employee memo (docs/decisions/0017): the employee's own health-examination
 * summaries with the agreed follow-ups, newest first, paged. Only for occupational customers
 * and only their own (the memo is between the employee and occupational health; no guardian).
 * Every memo shown is in the access log.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { employeeMemos, practitioners } from '~db/schema';
import type { Language } from '~/i18n/config';
import { formatDate } from '~/lib/format';
import { pageOf } from '~/models/paging';
import { logAccess, logAccesses } from '~/services/audit/access-log.server';
import type { Db } from '~/services/db/db.server';

const MEMOS_PER_PAGE = 5;

export async function listEmployeeMemos(db: Db, personId: string, lang: Language, page = 1) {
  const rows = await db
    .select({
      memo: employeeMemos,
      practitionerName: sql<string>`${practitioners.firstName} || ' ' || ${practitioners.lastName}`,
      practitionerTitle: practitioners.title,
    })
    .from(employeeMemos)
    .innerJoin(practitioners, eq(practitioners.id, employeeMemos.practitionerId))
    .where(eq(employeeMemos.patientId, personId))
    .orderBy(desc(employeeMemos.examinationDate), desc(employeeMemos.id))
    .limit(MEMOS_PER_PAGE + 1)
    .offset((page - 1) * MEMOS_PER_PAGE);
  const { items: shown, ...paging } = pageOf(rows, page, MEMOS_PER_PAGE);
  if (shown.length) {
    await logAccesses(
      db,
      shown.map((r) => ({
        actorPersonId: personId,
        subjectPersonId: personId,
        action: 'view' as const,
        resource: 'employee-memo',
        resourceId: String(r.memo.id),
      })),
    );
  } else {
    await logAccess(db, { actorPersonId: personId, subjectPersonId: personId, action: 'view', resource: 'employee-memo' });
  }
  return {
    ...paging,
    items: shown.map(({ memo, practitionerName, practitionerTitle }) => ({
      id: memo.id,
      dateText: formatDate(memo.examinationDate, lang),
      examinationType: memo.examinationType,
      practitioner: `${practitionerName}, ${practitionerTitle[lang]}`,
      summary: memo.summary,
      workAbility: memo.workAbility,
      followUps: memo.followUps.map((f) => ({ text: f.text, dueText: f.dueDate ? formatDate(f.dueDate, lang) : null })),
    })),
  };
}
