/**
 * The professionals' side of messaging: threads by category (spec 1 §3 ThreadCategory),
 * reading (access log, the professionals' timestamp), replying (the customer is told through
 * the outbox, never the content), assigning, closing and reopening, soft-deleting a message with
 * a reason, and absences with substitutes. A professional sees only threads they have access to
 * (access.server.ts); anything else is `not-found`.
 */
import { and, asc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  messagingMessages,
  messagingReadStatuses,
  messagingThreadAccess,
  messagingThreadAssignments,
  messagingThreadParticipants,
  messagingThreads,
  occupationalCareTeam,
  occupationalContracts,
  persons,
  professionalAbsences,
  professionals,
  questionnaireForms,
  questionnaireInvitations,
} from '~db/schema';
import type { Language } from '~/i18n/config';
import { helsinkiDate } from '~/lib/dates';
import { pageNumber, pageOf, type Page } from '~/models/paging';
import { THREAD_CATEGORIES, THREADS_PER_PAGE, type ThreadCategory, type ThreadView } from '~/models/messaging/messaging';
import { logAccess } from '~/services/audit/access-log.server';
import type { Db } from '~/services/db/db.server';
import { deliverAfterCommit, type OutboxRow } from '~/services/outbox/outbox.server';
import { clock } from '~/lib/clock.server';
import { findThreadFor, professionalAccessCondition, type ThreadRow } from './access.server';
import { careTeamOf, careTeamOfContract, teamAccessIds, triageProfessionalIds } from './care-team.server';
import type { AttachmentInput } from './attachments.server';
import { loadThreadView, markThreadRead, THREAD_RESOURCE } from './conversations.server';
import { notifyCustomerOfReply } from './notifications.server';
import { appendMessage, grantAccess, type SendResult } from './threads.server';

/** Every access-log entry of the staff area: a professional, handling the customer's messages (ADR 0033). */
const BY_PROFESSIONAL = { actorKind: 'professional', reason: 'message-handling' } as const;

/** A professional's view or change of a thread, in the customer's access log. */
function logThreadAccess(db: Db, professionalId: string, thread: { id: number; customerPersonId: string }, action: 'view' | 'change') {
  return logAccess(db, {
    actorPersonId: professionalId,
    subjectPersonId: thread.customerPersonId,
    action,
    resource: THREAD_RESOURCE,
    resourceId: String(thread.id),
    ...BY_PROFESSIONAL,
  });
}

export interface StaffThreadRow {
  id: number;
  title: string;
  customerName: string;
  /** The client company of an `Hr`/`Supervisor` thread (its HR user is `customerName`). */
  companyName: string | null;
  assigneeName: string | null;
  lastMessageAt: string | null;
  unread: boolean;
}

/**
 * The WHERE of a category for professional `me` on `today` (Helsinki date). Each is driven by an
 * index of `me`'s rows (access, assignments, participants), so a category costs the
 * professional's own threads, not all threads (plans in docs/decisions/0015). Participants and
 * assignees always have an access row (the services add one), so access rows are the whole of
 * professionalsWithAccess apart from today's substitutes, who have their own category.
 */
function categoryCondition(me: string, category: ThreadCategory, today: string): SQL {
  const t = messagingThreads;
  const a = messagingThreadAssignments;
  const assignee = sql`(select ${a.assigneeId} from ${a} where ${a.threadId} = ${t.id})`;
  // `= any(array(…))`: the professional's thread ids are read once (an InitPlan on their index)
  // and the threads fetched by primary key, whatever the planner guesses about their number.
  const mine = sql`${t.id} = any(array(select ${messagingThreadAccess.threadId} from ${messagingThreadAccess} where ${messagingThreadAccess.professionalId} = ${me}))`;
  const participating = sql`${t.id} = any(array(select ${messagingThreadParticipants.threadId} from ${messagingThreadParticipants} where ${messagingThreadParticipants.professionalId} = ${me}))`;
  // The customer-thread categories hold `Customer` threads; the client companies' threads have their own.
  const customer = sql`${t.threadType} = 'Customer'`;
  const company = sql`${t.threadType} <> 'Customer'`;
  // Assigned to someone absent today whose substitute `me` is (such a substitute may have no access row).
  const substituting = sql`${t.id} = any(array(
        select ${a.threadId} from ${a} join ${professionalAbsences} on ${professionalAbsences.professionalId} = ${a.assigneeId}
        where ${me}::uuid = any(${professionalAbsences.substituteIds})
          and ${professionalAbsences.startDate} <= ${today} and ${professionalAbsences.endDate} >= ${today}))`;
  switch (category) {
    case 'hrOpen':
      return sql`${company} and ${t.isActive} and ${mine}`;
    case 'hrClosed':
      return sql`${company} and not ${t.isActive} and ${mine}`;
    case 'assignedToMe':
      return sql`${customer} and ${t.isActive} and ${t.id} = any(array(select ${a.threadId} from ${a} where ${a.assigneeId} = ${me}))`;
    case 'unassigned':
      return sql`${customer} and ${t.isActive} and ${mine} and not exists (select 1 from ${a} where ${a.threadId} = ${t.id})`;
    case 'participant':
      return sql`${customer} and ${t.isActive} and ${participating} and ${assignee} is distinct from ${me}`;
    case 'others':
      return sql`${customer} and ${t.isActive} and ${mine} and ${assignee} <> ${me}
        and not exists (select 1 from ${messagingThreadParticipants} where ${messagingThreadParticipants.threadId} = ${t.id} and ${messagingThreadParticipants.professionalId} = ${me})`;
    case 'closed':
      return sql`${customer} and not ${t.isActive} and ${mine}`;
    case 'substitutions':
      return sql`${customer} and ${t.isActive} and ${substituting}`;
    case 'hrSubstitutions':
      return sql`${company} and ${t.isActive} and ${substituting}`;
  }
}

/** The read rule for professional `me` in SQL (see read-rules.ts). */
function unreadFor(me: string): SQL<boolean> {
  const t = messagingThreads;
  return sql<boolean>`(${t.lastMessageAt} is not null and coalesce(
      (select ${messagingReadStatuses.readAt} from ${messagingReadStatuses} where ${messagingReadStatuses.threadId} = ${t.id} and ${messagingReadStatuses.readerId} = ${me})
      < greatest(${t.lastMessageAt}, ${t.professionalsTimestamp},
        (select ${messagingThreadAssignments.assignedAt} from ${messagingThreadAssignments} where ${messagingThreadAssignments.threadId} = ${t.id} and ${messagingThreadAssignments.assigneeId} = ${me})),
      true))`;
}

export async function categoryCounts(db: Db, me: string, now = clock.now()): Promise<Record<ThreadCategory, number>> {
  const today = helsinkiDate(now);
  const counts = await Promise.all(
    THREAD_CATEGORIES.map(async (category) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messagingThreads)
        .where(categoryCondition(me, category, today));
      return [category, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<ThreadCategory, number>;
}

/** A category page's query (also explained by the benchmark). */
export function categoryQuery(db: Db, me: string, category: ThreadCategory, pageNumber: number, now = clock.now()) {
  const assigneeName = sql<string | null>`(select ${professionals.firstName} || ' ' || ${professionals.lastName}
    from ${messagingThreadAssignments} join ${professionals} on ${professionals.personId} = ${messagingThreadAssignments.assigneeId}
    where ${messagingThreadAssignments.threadId} = ${messagingThreads.id})`;
  const columns = {
    id: messagingThreads.id,
    title: messagingThreads.title,
    firstName: persons.firstName,
    lastName: persons.lastName,
    lastMessageAt: messagingThreads.lastMessageAt,
    assigneeName,
    companyName: sql<
      string | null
    >`(select ${occupationalContracts.employerName} from ${occupationalContracts} where ${occupationalContracts.id} = ${messagingThreads.companyContractId})`,
    unread: unreadFor(me),
  };
  const offset = (pageNumber - 1) * THREADS_PER_PAGE;
  if (category !== 'substitutions' && category !== 'hrSubstitutions') {
    // Walks the professional's own access rows newest first (messaging_thread_access_professional_idx)
    // and stops at the page's end, however many threads they can open (ADR 0015). Participants
    // and assignees always have an access row (the services add one).
    return db
      .select(columns)
      .from(messagingThreadAccess)
      .innerJoin(messagingThreads, eq(messagingThreads.id, messagingThreadAccess.threadId))
      .innerJoin(persons, eq(persons.id, messagingThreads.customerPersonId))
      .where(and(eq(messagingThreadAccess.professionalId, me), accessCategoryCondition(me, category)))
      .orderBy(sql`${messagingThreadAccess.lastMessageAt} desc nulls last`, sql`${messagingThreadAccess.threadId} desc nulls last`)
      .limit(THREADS_PER_PAGE + 1)
      .offset(offset);
  }
  return db
    .select(columns)
    .from(messagingThreads)
    .innerJoin(persons, eq(persons.id, messagingThreads.customerPersonId))
    .where(categoryCondition(me, category, helsinkiDate(now)))
    .orderBy(sql`${messagingThreads.lastMessageAt} desc nulls last`, sql`${messagingThreads.id} desc nulls last`)
    .limit(THREADS_PER_PAGE + 1)
    .offset(offset);
}

/** The categories of threads `me` has an access row for, given that row (joined with its thread). */
function accessCategoryCondition(me: string, category: Exclude<ThreadCategory, 'substitutions' | 'hrSubstitutions'>): SQL {
  const t = messagingThreads;
  const a = messagingThreadAssignments;
  const p = messagingThreadParticipants;
  const customer = sql`${t.threadType} = 'Customer'`;
  switch (category) {
    case 'hrOpen':
      return sql`${t.threadType} <> 'Customer' and ${t.isActive}`;
    case 'hrClosed':
      return sql`${t.threadType} <> 'Customer' and not ${t.isActive}`;
    case 'unassigned':
      return sql`${customer} and ${t.isActive} and not exists (select 1 from ${a} where ${a.threadId} = ${t.id})`;
    case 'others':
      return sql`${customer} and ${t.isActive} and exists (select 1 from ${a} where ${a.threadId} = ${t.id} and ${a.assigneeId} <> ${me})
        and not exists (select 1 from ${p} where ${p.threadId} = ${t.id} and ${p.professionalId} = ${me})`;
    case 'closed':
      return sql`${customer} and not ${t.isActive}`;
    case 'assignedToMe':
      return sql`${customer} and ${t.isActive} and exists (select 1 from ${a} where ${a.threadId} = ${t.id} and ${a.assigneeId} = ${me})`;
    case 'participant':
      return sql`${customer} and ${t.isActive} and exists (select 1 from ${p} where ${p.threadId} = ${t.id} and ${p.professionalId} = ${me})
        and not exists (select 1 from ${a} where ${a.threadId} = ${t.id} and ${a.assigneeId} = ${me})`;
  }
}

/** One page of a category, newest activity first. */
export async function listCategory(db: Db, me: string, category: ThreadCategory, page: number, now = clock.now()): Promise<Page<StaffThreadRow>> {
  const current = pageNumber(page);
  const rows = await categoryQuery(db, me, category, current, now);
  return pageOf(rows, current, THREADS_PER_PAGE, (r) => ({
    id: r.id,
    title: r.title,
    customerName: `${r.firstName} ${r.lastName}`,
    companyName: r.companyName,
    assigneeName: r.assigneeName,
    lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
    unread: Boolean(r.unread),
  }));
}

export interface StaffThread {
  view: ThreadView;
  customerId: string;
  /** Whom the thread can be assigned to: its care team (`assignableProfessionals`). */
  assignable: { id: string; name: string }[];
}

/**
 * The thread's care team, whom it may be assigned to: the active professionals who may open it
 * today (the team it was written to, its participants, its assignee and today's substitute of
 * an absent assignee; ADR 0014) and the customer's care team as it is now, with today's
 * substitutes of absent members (or, for a customer without a team, the triage professionals),
 * so that a member who joined later can be given an old thread. Nobody else.
 */
async function assignableProfessionals(db: Db, thread: ThreadRow, now = clock.now()) {
  const team = await threadCareTeam(db, thread, now);
  const teamIds = team ? teamAccessIds(team) : await triageProfessionalIds(db);
  const rows = await db
    .select({ id: professionals.personId, firstName: professionals.firstName, lastName: professionals.lastName })
    .from(professionals)
    .where(
      and(
        eq(professionals.active, true),
        or(
          professionalAccessCondition(professionals.personId, thread.id, helsinkiDate(now)),
          teamIds.length ? inArray(professionals.personId, teamIds) : sql`false`,
        ),
      ),
    )
    .orderBy(asc(professionals.lastName), asc(professionals.firstName));
  return rows.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}` }));
}

/** The care team a thread belongs to: the customer's, or the client company's (ADR 0042). */
async function threadCareTeam(db: Db, thread: ThreadRow, now: Date) {
  if (!thread.companyContractId) return careTeamOf(db, thread.customerPersonId, now);
  const [company] = await db
    .select({ id: occupationalContracts.id, employerName: occupationalContracts.employerName })
    .from(occupationalContracts)
    .where(eq(occupationalContracts.id, thread.companyContractId))
    .limit(1);
  return company ? careTeamOfContract(db, company, now) : null;
}

/** A professional opens a thread: read status, professionals' timestamp, access log. */
export async function openStaffThread(db: Db, me: string, threadId: number, lang: Language, now = clock.now()): Promise<StaffThread | null> {
  const viewer = { kind: 'professional', personId: me } as const;
  const thread = await findThreadFor(db, viewer, threadId, now);
  if (!thread) return null;
  await markThreadRead(db, viewer, thread.id, now);
  const view = await loadThreadView(db, me, thread, lang, now);
  await logThreadAccess(db, me, thread, 'view');
  return { view, customerId: thread.customerPersonId, assignable: await assignableProfessionals(db, thread, now) };
}

/** not-in-care-team: an assignee or substitute outside the care team (nothing is stored). */
export type StaffActionResult = { ok: true } | { ok: false; reason: 'not-found' | 'invalid' | 'not-in-care-team' };

/**
 * A professional's reply: a participant from now on; the customer gets a notice (no content).
 * In a customer's thread it may carry a questionnaire invitation (ADR 0042): the customer is
 * invited to answer form `questionnaireFormId`, in the same transaction as the message. Never in
 * a company's `Hr`/`Supervisor` thread: an HR user is nobody's patient there. Nor attachments
 * there (`attachments-not-allowed`, nothing stored): documents about employees stay out of the
 * employer's channel, in both directions (ADR 0042).
 */
export async function replyAsProfessional(
  db: Db,
  input: {
    me: string;
    threadId: number;
    text: string;
    attachments?: readonly AttachmentInput[];
    questionnaireFormId?: number | null;
    idempotencyKey?: string | null;
    origin: string;
    now?: Date;
  },
): Promise<SendResult | { ok: false; reason: 'not-found' | 'invalid-questionnaire' | 'attachments-not-allowed' }> {
  const now = input.now ?? clock.now();
  const thread = await findThreadFor(db, { kind: 'professional', personId: input.me }, input.threadId, now);
  if (!thread) return { ok: false, reason: 'not-found' };
  if (thread.threadType !== 'Customer' && input.attachments?.length) return { ok: false, reason: 'attachments-not-allowed' };
  if (input.questionnaireFormId != null) {
    if (thread.threadType !== 'Customer') return { ok: false, reason: 'invalid-questionnaire' };
    const [form] = await db.select({ id: questionnaireForms.id }).from(questionnaireForms).where(eq(questionnaireForms.id, input.questionnaireFormId)).limit(1);
    if (!form) return { ok: false, reason: 'invalid-questionnaire' };
  }
  const notices: OutboxRow[] = [];
  const sent = await db.transaction(async (tx) => {
    const result = await appendMessage(tx, {
      threadId: thread.id,
      customerPersonId: thread.customerPersonId,
      authorId: input.me,
      text: input.text,
      attachments: input.attachments,
      idempotencyKey: input.idempotencyKey,
      now,
    });
    if (!result.ok || !result.created) return result;
    if (input.questionnaireFormId != null) {
      const [invitation] = await tx
        .insert(questionnaireInvitations)
        .values({ patientId: thread.customerPersonId, formId: input.questionnaireFormId, sentAt: now, messageId: result.messageId })
        .returning({ id: questionnaireInvitations.id });
      await logAccess(tx, {
        actorPersonId: input.me,
        subjectPersonId: thread.customerPersonId,
        action: 'change',
        resource: 'questionnaire',
        resourceId: String(invitation!.id),
        ...BY_PROFESSIONAL,
      });
    }
    await tx.insert(messagingThreadParticipants).values({ threadId: thread.id, professionalId: input.me, addedAt: now }).onConflictDoNothing();
    await grantAccess(tx, thread.id, input.me);
    notices.push(
      ...(await notifyCustomerOfReply(tx, {
        customerId: thread.customerPersonId,
        origin: input.origin,
        page: thread.threadType === 'Customer' ? 'conversations' : 'hrMessages',
      })),
    );
    await logThreadAccess(tx, input.me, thread, 'change');
    return result;
  });
  await deliverAfterCommit(notices);
  return sent;
}

/** The questionnaire forms a professional can invite a customer to answer, by title. */
export async function questionnaireFormOptions(db: Db, lang: Language) {
  const rows = await db
    .select({ id: questionnaireForms.id, definition: questionnaireForms.definition })
    .from(questionnaireForms)
    .orderBy(asc(questionnaireForms.id));
  return rows.map((r) => ({ id: r.id, title: r.definition.title[lang] })).sort((a, b) => a.title.localeCompare(b.title, lang));
}

/** Assigns the thread (the current assignment only) to a member of its care team (`assignableProfessionals`). */
export async function assignThread(db: Db, input: { me: string; threadId: number; assigneeId: string; now?: Date }): Promise<StaffActionResult> {
  const now = input.now ?? clock.now();
  const thread = await findThreadFor(db, { kind: 'professional', personId: input.me }, input.threadId, now);
  if (!thread) return { ok: false, reason: 'not-found' };
  const team = await assignableProfessionals(db, thread, now);
  if (!team.some((p) => p.id === input.assigneeId)) return { ok: false, reason: 'not-in-care-team' };
  await db.transaction(async (tx) => {
    await tx
      .insert(messagingThreadAssignments)
      .values({ threadId: thread.id, assigneeId: input.assigneeId, assignedAt: now, assignedById: input.me })
      .onConflictDoUpdate({
        target: messagingThreadAssignments.threadId,
        set: { assigneeId: input.assigneeId, assignedAt: now, assignedById: input.me },
      });
    await grantAccess(tx, thread.id, input.assigneeId);
    await logThreadAccess(tx, input.me, thread, 'change');
  });
  return { ok: true };
}

/** Closes (isActive false) or reopens a thread. */
export async function setThreadActive(db: Db, input: { me: string; threadId: number; active: boolean; now?: Date }): Promise<StaffActionResult> {
  const thread = await findThreadFor(db, { kind: 'professional', personId: input.me }, input.threadId, input.now);
  if (!thread) return { ok: false, reason: 'not-found' };
  await db.update(messagingThreads).set({ isActive: input.active }).where(eq(messagingThreads.id, thread.id));
  await logThreadAccess(db, input.me, thread, 'change');
  return { ok: true };
}

/** Soft-deletes a message: who, when and why are kept; the content is no longer shown. */
export async function deleteMessage(
  db: Db,
  input: { me: string; threadId: number; messageId: number; reason: string; now?: Date },
): Promise<StaffActionResult> {
  const now = input.now ?? clock.now();
  const reason = input.reason.trim();
  if (!reason || reason.length > 500) return { ok: false, reason: 'invalid' };
  const thread = await findThreadFor(db, { kind: 'professional', personId: input.me }, input.threadId, now);
  if (!thread) return { ok: false, reason: 'not-found' };
  const deleted = await db
    .update(messagingMessages)
    .set({ deletedAt: now, deletedById: input.me, deletedReason: reason })
    .where(and(eq(messagingMessages.id, input.messageId), eq(messagingMessages.threadId, thread.id), isNull(messagingMessages.deletedAt)))
    .returning({ id: messagingMessages.id });
  if (deleted.length === 0) return { ok: false, reason: 'not-found' };
  await logThreadAccess(db, input.me, thread, 'change');
  return { ok: true };
}

// ─── Absences ──────────────────────────────────────────────────────────────────────────────

export interface AbsenceRow {
  id: number;
  startDate: string;
  endDate: string;
  substituteNames: string[];
  internalMessage: string | null;
}

/** My current and future absences. */
export async function listMyAbsences(db: Db, me: string, now = clock.now()): Promise<AbsenceRow[]> {
  const rows = await db
    .select()
    .from(professionalAbsences)
    .where(and(eq(professionalAbsences.professionalId, me), gte(professionalAbsences.endDate, helsinkiDate(now))))
    .orderBy(asc(professionalAbsences.startDate));
  const ids = [...new Set(rows.flatMap((r) => r.substituteIds))];
  const names = ids.length
    ? await db
        .select({ id: professionals.personId, firstName: professionals.firstName, lastName: professionals.lastName })
        .from(professionals)
        .where(inArray(professionals.personId, ids))
    : [];
  return rows.map((r) => ({
    id: r.id,
    startDate: r.startDate,
    endDate: r.endDate,
    internalMessage: r.internalMessage,
    substituteNames: r.substituteIds.flatMap((id) => {
      const p = names.find((n) => n.id === id);
      return p ? [`${p.firstName} ${p.lastName}`] : [];
    }),
  }));
}

/**
 * Colleagues who can substitute for `me`: the other active members of my care teams (the
 * employer contracts I am on), and, when I am a triage professional, the other triage
 * professionals (who share the threads of customers without a team). Nobody else.
 */
export async function colleagues(db: Db, me: string) {
  const t = occupationalCareTeam;
  const myContracts = sql`(select ${t.contractId} from ${t} where ${t.professionalId} = ${me})`;
  const [mine] = await db.select({ triage: professionals.triage }).from(professionals).where(eq(professionals.personId, me)).limit(1);
  const rows = await db
    .select({ id: professionals.personId, firstName: professionals.firstName, lastName: professionals.lastName, title: professionals.title })
    .from(professionals)
    .where(
      and(
        eq(professionals.active, true),
        ne(professionals.personId, me),
        or(
          sql`exists (select 1 from ${t} where ${t.professionalId} = ${professionals.personId} and ${t.contractId} in ${myContracts})`,
          mine?.triage ? eq(professionals.triage, true) : sql`false`,
        ),
      ),
    )
    .orderBy(asc(professionals.lastName), asc(professionals.firstName));
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, title: r.title }));
}

export async function recordAbsence(
  db: Db,
  input: { me: string; startDate: string; endDate: string; substituteIds: string[]; internalMessage?: string | null },
): Promise<StaffActionResult> {
  if (input.endDate < input.startDate) return { ok: false, reason: 'invalid' };
  const substituteIds = [...new Set(input.substituteIds)].filter((id) => id !== input.me);
  if (substituteIds.length) {
    const eligible = new Set((await colleagues(db, input.me)).map((c) => c.id));
    if (!substituteIds.every((id) => eligible.has(id))) return { ok: false, reason: 'not-in-care-team' };
  }
  await db.insert(professionalAbsences).values({
    professionalId: input.me,
    startDate: input.startDate,
    endDate: input.endDate,
    substituteIds,
    internalMessage: input.internalMessage?.trim() || null,
  });
  return { ok: true };
}

export async function removeAbsence(db: Db, input: { me: string; absenceId: number }): Promise<StaffActionResult> {
  const removed = await db
    .delete(professionalAbsences)
    .where(and(eq(professionalAbsences.id, input.absenceId), eq(professionalAbsences.professionalId, input.me)))
    .returning({ id: professionalAbsences.id });
  return removed.length ? { ok: true } : { ok: false, reason: 'not-found' };
}
