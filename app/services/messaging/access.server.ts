/**
 * Who may open a thread: its customer, or an active professional with access
 * (professionalsWithAccess: the care team when the thread was created, participants, the
 * assignee, and today's substitutes of an absent assignee). Everyone else gets nothing (404).
 */
import { and, eq, exists, isNotNull, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import {
  companyMandates,
  hrUsers,
  occupationalContracts,
  persons,
  messagingAttachments,
  messagingMessages,
  messagingThreadAccess,
  messagingThreadAssignments,
  messagingThreadParticipants,
  messagingThreads,
  professionalAbsences,
  professionals,
} from '~db/schema';
import { helsinkiDate } from '~/lib/dates';
import type { ThreadType } from '~/models/messaging/messaging';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';

/**
 * Who opens a thread: the customer (their own `Customer` threads), a professional (access rows),
 * or an HR user (their company's `Hr` and `Supervisor` threads, ADR 0042).
 */
export type Viewer =
  | { kind: 'customer'; personId: string }
  | { kind: 'professional'; personId: string }
  /** `sessionIdHash`: the login session, for an HR user on a Suomi.fi YPA mandate (ADR 0050). */
  | { kind: 'hr'; personId: string; sessionIdHash?: string | null };

export interface ThreadRow {
  id: number;
  /** The thread's customer; in an `Hr`/`Supervisor` thread, the HR user who started it. */
  customerPersonId: string;
  title: string;
  isActive: boolean;
  threadType: ThreadType;
  /** The client company of an `Hr`/`Supervisor` thread; null for `Customer` threads. */
  companyContractId: string | null;
}

/**
 * The HR user logged in as `personId` with their company, or null (ADR 0042): in a login session
 * on a Suomi.fi YPA mandate (`sessionIdHash`, ADR 0050), the company chosen there (the session
 * middleware re-checked it for this request); otherwise an active `hr_users` row (seed, CLI).
 * `onMandate` says which: a company's representative on a mandate writes on its behalf.
 */
export async function hrUserOf(db: Db, personId: string, sessionIdHash?: string | null) {
  const person = { personId: persons.id, firstName: persons.firstName, lastName: persons.lastName, companyName: occupationalContracts.employerName };
  if (sessionIdHash) {
    const [onMandate] = await db
      .select({ ...person, contractId: occupationalContracts.id, emailAddress: persons.email })
      .from(companyMandates)
      .innerJoin(occupationalContracts, eq(occupationalContracts.id, companyMandates.contractId))
      .innerJoin(persons, eq(persons.id, companyMandates.personId))
      .where(and(eq(companyMandates.sessionIdHash, sessionIdHash), eq(companyMandates.personId, personId), isNotNull(companyMandates.accessToken)))
      .limit(1);
    if (onMandate) return { ...onMandate, title: null, emailAddress: onMandate.emailAddress ?? null, onMandate: true, sessionIdHash };
  }
  const [row] = await db
    .select({ ...person, contractId: hrUsers.contractId, title: hrUsers.title, emailAddress: hrUsers.emailAddress })
    .from(hrUsers)
    .innerJoin(occupationalContracts, eq(occupationalContracts.id, hrUsers.contractId))
    .innerJoin(persons, eq(persons.id, hrUsers.personId))
    .where(and(eq(hrUsers.personId, personId), eq(hrUsers.active, true)))
    .limit(1);
  return row ? { ...row, title: row.title as string | null, emailAddress: row.emailAddress as string | null, onMandate: false, sessionIdHash: null } : null;
}

/** The active professional logged in as `personId`, or null. */
export async function professionalOf(db: Db, personId: string) {
  const [row] = await db
    .select()
    .from(professionals)
    .where(and(eq(professionals.personId, personId), eq(professionals.active, true)))
    .limit(1);
  return row ?? null;
}

/** SQL: the professional (an id or a column) may open thread `threadId` (a column or value) today. */
export function professionalAccessCondition(professionalId: string | SQLWrapper, threadId: number | SQLWrapper, today: string) {
  return or(
    exists(
      sql`(select 1 from ${messagingThreadAccess} where ${messagingThreadAccess.threadId} = ${threadId} and ${messagingThreadAccess.professionalId} = ${professionalId})`,
    ),
    exists(
      sql`(select 1 from ${messagingThreadParticipants} where ${messagingThreadParticipants.threadId} = ${threadId} and ${messagingThreadParticipants.professionalId} = ${professionalId})`,
    ),
    exists(
      sql`(select 1 from ${messagingThreadAssignments} join ${professionalAbsences} on ${professionalAbsences.professionalId} = ${messagingThreadAssignments.assigneeId}
        where ${messagingThreadAssignments.threadId} = ${threadId}
          and ${professionalId}::uuid = any(${professionalAbsences.substituteIds})
          and ${professionalAbsences.startDate} <= ${today} and ${professionalAbsences.endDate} >= ${today})`,
    ),
    exists(
      sql`(select 1 from ${messagingThreadAssignments} where ${messagingThreadAssignments.threadId} = ${threadId} and ${messagingThreadAssignments.assigneeId} = ${professionalId})`,
    ),
  )!;
}

/** The thread when the viewer may open it; null otherwise (the caller answers 404). */
export async function findThreadFor(db: Db, viewer: Viewer, threadId: number, now = clock.now()): Promise<ThreadRow | null> {
  if (!Number.isSafeInteger(threadId) || threadId <= 0) return null;
  const columns = {
    id: messagingThreads.id,
    customerPersonId: messagingThreads.customerPersonId,
    title: messagingThreads.title,
    isActive: messagingThreads.isActive,
    threadType: messagingThreads.threadType,
    companyContractId: messagingThreads.companyContractId,
  };
  if (viewer.kind === 'customer') {
    // Only `Customer` threads: an HR user who is also a patient keeps the two apart.
    const [row] = await db
      .select(columns)
      .from(messagingThreads)
      .where(and(eq(messagingThreads.id, threadId), eq(messagingThreads.customerPersonId, viewer.personId), eq(messagingThreads.threadType, 'Customer')))
      .limit(1);
    return row ?? null;
  }
  if (viewer.kind === 'hr') {
    const hr = await hrUserOf(db, viewer.personId, viewer.sessionIdHash);
    if (!hr) return null;
    const [row] = await db
      .select(columns)
      .from(messagingThreads)
      .where(and(eq(messagingThreads.id, threadId), eq(messagingThreads.companyContractId, hr.contractId), ne(messagingThreads.threadType, 'Customer')))
      .limit(1);
    return row ?? null;
  }
  if (!(await professionalOf(db, viewer.personId))) return null;
  const [row] = await db
    .select(columns)
    .from(messagingThreads)
    .where(and(eq(messagingThreads.id, threadId), professionalAccessCondition(viewer.personId, messagingThreads.id, helsinkiDate(now))))
    .limit(1);
  return row ?? null;
}

/** The thread of an attachment, when the user (customer or professional) may open it. */
export async function threadOfAttachment(db: Db, userId: string, objectId: string, now = clock.now()): Promise<ThreadRow | null> {
  const [link] = await db
    .select({ threadId: messagingMessages.threadId, deletedAt: messagingMessages.deletedAt })
    .from(messagingAttachments)
    .innerJoin(messagingMessages, eq(messagingMessages.id, messagingAttachments.messageId))
    .where(eq(messagingAttachments.storedObjectId, objectId))
    .limit(1);
  if (!link || link.deletedAt) return null;
  const asCustomer = await findThreadFor(db, { kind: 'customer', personId: userId }, link.threadId, now);
  return (
    asCustomer ??
    (await findThreadFor(db, { kind: 'professional', personId: userId }, link.threadId, now)) ??
    (await findThreadFor(db, { kind: 'hr', personId: userId }, link.threadId, now))
  );
}
