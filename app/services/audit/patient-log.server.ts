/**
 * "Who has handled my data" (issue 23, ADR 0033): a person's access-log rows as the page shows
 * them, newest first, paged by keyset on (at, id) over `access_log_subject_idx` — never OFFSET,
 * so the thousandth page costs what the first does. Rows of one act (a list view logs each item
 * shown) are one line with a count. The patient's own views of this page are logged but neither
 * listed nor indexed (reloading it would otherwise push everything else off the first page and
 * make every load read more); a guardian's views of a ward's page are listed.
 * Who may read whose log is the caller's (the records viewer: oneself and wards under 12).
 */
import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { accessLog, persons, professionals } from '~db/schema';
import type { Language } from '~/i18n/config';
import { addDays, helsinkiInstant } from '~/lib/dates';
import { formatDate, formatDateTime } from '~/lib/format';
import {
  ACCESS_LOG_RESOURCE,
  actionOf,
  isAccessReason,
  recordTypeOf,
  sameAct,
  storedActorKind,
  whoOf,
  type AccessLogEntryView,
  type ActorKind,
} from '~/models/audit/access-log';
import type { AccessLogCursor, AccessLogFilter } from '~/models/audit/access-log-filter';
import type { Db } from '~/services/db/db.server';
import { logAccess } from './access-log.server';

/** Lines per page. */
export const ENTRIES_PER_PAGE = 25;
/** Rows read at most for one page (a page of large list views shows fewer lines). */
export const ROWS_PER_PAGE = 200;

export interface PatientLogPage {
  entries: AccessLogEntryView[];
  /** Where the next (older) page starts; null on the last page. */
  next: AccessLogCursor | null;
}

interface Row {
  id: number;
  at: string;
  actorPersonId: string | null;
  actorKind: ActorKind;
  action: string;
  resource: string;
  resourceId: string | null;
  reason: string | null;
  actorName: string | null;
  actorRole: string | null;
}

/** `at` to the microsecond, in UTC: the cursor must not round a row away. */
const atText = sql<string>`to_char(${accessLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of `subject`'s log as `viewerId` (the subject, or their guardian) reads it, and the
 * view itself written to the log. `filter` days are Helsinki days, both included.
 */
export async function listPatientLog(
  db: Db,
  input: {
    viewerId: string;
    subject: { id: string; firstName: string; lastName: string };
    lang: Language;
    filter: AccessLogFilter;
    cursor: AccessLogCursor | null;
  },
): Promise<PatientLogPage> {
  const { viewerId, subject, lang, filter, cursor } = input;
  const actorIsProfessional = or(isNull(accessLog.actorKind), eq(accessLog.actorKind, 'professional'));
  const rows = await db
    .select({
      id: accessLog.id,
      at: atText,
      actorPersonId: accessLog.actorPersonId,
      actorKind: accessLog.actorKind,
      subjectPersonId: accessLog.subjectPersonId,
      action: accessLog.action,
      resource: accessLog.resource,
      resourceId: accessLog.resourceId,
      reason: accessLog.reason,
      professionalId: professionals.personId,
      professionalFirstName: professionals.firstName,
      professionalLastName: professionals.lastName,
      professionalTitle: professionals.title,
      guardianFirstName: persons.firstName,
      guardianLastName: persons.lastName,
    })
    .from(accessLog)
    .leftJoin(professionals, and(eq(professionals.personId, accessLog.actorPersonId), actorIsProfessional))
    .leftJoin(persons, and(eq(persons.id, accessLog.actorPersonId), inArray(accessLog.actorKind, ['guardian', 'mandate'])))
    .where(
      and(
        eq(accessLog.subjectPersonId, subject.id),
        // Word for word the predicate of access_log_subject_idx (a literal, not a parameter).
        sql`not (${accessLog.resource} = 'access-log' and ${accessLog.actorPersonId} = ${accessLog.subjectPersonId})`,
        filter.from ? gte(accessLog.at, helsinkiInstant(filter.from)) : undefined,
        filter.to ? lt(accessLog.at, helsinkiInstant(addDays(filter.to, 1))) : undefined,
        cursor ? sql`(${accessLog.at}, ${accessLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(ROWS_PER_PAGE + 1);

  const read: Row[] = rows.slice(0, ROWS_PER_PAGE).map((r) => {
    const actorKind = storedActorKind({ ...r, actorIsProfessional: r.professionalId !== null });
    const professional = actorKind === 'professional' && r.professionalFirstName !== null;
    return {
      id: r.id,
      at: r.at,
      actorPersonId: r.actorPersonId,
      actorKind,
      action: r.action,
      resource: r.resource,
      resourceId: r.resourceId,
      reason: r.reason,
      actorName: professional
        ? `${r.professionalFirstName} ${r.professionalLastName}`
        : r.guardianFirstName !== null
          ? `${r.guardianFirstName} ${r.guardianLastName}`
          : null,
      actorRole: professional ? (r.professionalTitle?.[lang] ?? null) : null,
    };
  });
  const groups: Row[][] = [];
  for (const row of read) {
    const last = groups.at(-1);
    if (last && sameAct(last[0]!, row)) last.push(row);
    else groups.push([row]);
  }
  const moreRows = rows.length > ROWS_PER_PAGE;
  let shown = groups.slice(0, ENTRIES_PER_PAGE);
  // The last group read may go on past the rows read: leave it to the next page (unless alone).
  if (groups.length <= ENTRIES_PER_PAGE && moreRows && groups.length > 1) shown = groups.slice(0, -1);
  const hasNext = moreRows || groups.length > shown.length;
  const lastRow = shown.at(-1)?.at(-1);

  await logAccess(db, { actorPersonId: viewerId, subjectPersonId: subject.id, action: 'view', resource: ACCESS_LOG_RESOURCE });

  const subjectName = `${subject.firstName} ${subject.lastName}`;
  return {
    entries: shown.map((group) => entryView(group, lang, { personId: viewerId, subjectName })),
    next: hasNext && lastRow ? { at: lastRow.at, id: lastRow.id } : null,
  };
}

function entryView(group: Row[], lang: Language, viewer: { personId: string; subjectName: string }): AccessLogEntryView {
  const first = group[0]!;
  const type = recordTypeOf(first.resource);
  const day =
    first.resource.endsWith('lab-result-day') && group.length === 1 && first.resourceId && /^\d{4}-\d{2}-\d{2}$/.test(first.resourceId)
      ? first.resourceId
      : null;
  return {
    id: first.id,
    at: first.at,
    atText: formatDateTime(first.at, lang),
    who: whoOf(first, viewer),
    action: actionOf(first.action),
    type,
    count: group.length,
    itemText: day ? formatDate(`${day}T12:00:00Z`, lang) : null,
    reason: isAccessReason(first.reason) ? first.reason : null,
  };
}
