/**
 * The customer's side of messaging (spec 1 §2–§5) and the thread view both sides share: the
 * paged thread list, the unread count (the read rule in SQL, see read-rules.ts), a thread with
 * its messages, attachments, participants and the assignee's absence notices, marking read,
 * and sending. Every function takes the viewer and answers null/`not-found` for a thread they
 * may not open. Views are written to the access log.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import {
  messagingAttachments,
  messagingMessages,
  messagingReadStatuses,
  messagingThreadAssignments,
  messagingThreadParticipants,
  messagingThreads,
  occupationalContracts,
  persons,
  professionalAbsences,
  professionals,
  questionnaireForms,
  questionnaireInvitations,
} from '~db/schema';
import type { Language } from '~/i18n/config';
import { helsinkiDate } from '~/lib/dates';
import { formatDate, formatDateTime } from '~/lib/format';
import {
  THREADS_PER_PAGE,
  type AbsenceNoticeView,
  type AttachmentView,
  type AuthorView,
  type MessageView,
  type ParticipantView,
  type QuestionnaireInvitationView,
  type ThreadListItem,
  type ThreadListPage,
  type ThreadView,
} from '~/models/messaging/messaging';
import { logAccess } from '~/services/audit/access-log.server';
import type { BrandKey } from '~/brands';
import type { Auth } from '~/context';
import { getDb, type Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { pageNumber } from '~/models/paging';
import { showsMessages } from '~/models/messaging/messaging';
import { findThreadFor, type ThreadRow, type Viewer } from './access.server';
import type { AttachmentInput } from './attachments.server';
import { isThreadRead } from './read-rules';
import { appendMessage, recordRead, type SendResult } from './threads.server';
import { absenceNoticeAt, mergeTimeline } from './view-rules';

export const THREAD_RESOURCE = 'messaging-thread';
/** Spec 1 §7: a thread's messages are fetched with limit 9999. */
export const MESSAGE_LIMIT = 9999;

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** The customer's unread conversations: one indexed query (messaging_threads_customer_idx). */
export async function unreadThreadCount(db: Db, customerId: string): Promise<number> {
  const [row] = await unreadCountQuery(db, customerId);
  return row?.n ?? 0;
}

/** The unread count's query (also explained by the benchmark). */
export function unreadCountQuery(db: Db, customerId: string) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(messagingThreads)
    .leftJoin(messagingReadStatuses, and(eq(messagingReadStatuses.threadId, messagingThreads.id), eq(messagingReadStatuses.readerId, customerId)))
    .where(
      and(
        eq(messagingThreads.customerPersonId, customerId),
        eq(messagingThreads.threadType, 'Customer'),
        isNotNull(messagingThreads.lastMessageAt),
        or(sql`${messagingReadStatuses.readAt} is null`, lt(messagingReadStatuses.readAt, messagingThreads.lastMessageAt)),
      ),
    );
}

function authorView(
  viewerId: string,
  author: { id: string; firstName: string; lastName: string; title: { fi: string; sv: string; en: string } | null },
  lang: Language,
): AuthorView {
  if (author.id === viewerId) return { kind: 'self', name: fullName(author), title: author.title ? author.title[lang] : null };
  return author.title ? { kind: 'professional', name: fullName(author), title: author.title[lang] } : { kind: 'customer', name: fullName(author), title: null };
}

/**
 * One page (10 threads, newest activity first) of the customer's threads with the latest
 * message's preview and the unread flag: one query on messaging_threads_customer_idx.
 */
export async function listCustomerThreads(db: Db, customerId: string, page: number, lang: Language): Promise<ThreadListPage> {
  const current = pageNumber(page);
  const { items, totalCount } = await customerThreadRange(db, customerId, { offset: (current - 1) * THREADS_PER_PAGE, limit: THREADS_PER_PAGE }, lang);
  return { page: current, pageCount: Math.max(1, Math.ceil(totalCount / THREADS_PER_PAGE)), totalCount, items };
}

/** The thread list's query: one page with the latest message and the reader's read time. */
export function customerThreadsQuery(db: Db, customerId: string, range: { offset: number; limit: number }) {
  return db
    .select({
      id: messagingThreads.id,
      title: messagingThreads.title,
      lastMessageAt: messagingThreads.lastMessageAt,
      readAt: messagingReadStatuses.readAt,
      content: messagingMessages.content,
      deletedAt: messagingMessages.deletedAt,
      authorId: messagingMessages.authorId,
      authorFirstName: persons.firstName,
      authorLastName: persons.lastName,
      authorTitle: professionals.title,
      attachmentCount: sql<number>`(select count(*)::int from ${messagingAttachments} where ${messagingAttachments.messageId} = ${messagingMessages.id})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(messagingThreads)
    .leftJoin(messagingReadStatuses, and(eq(messagingReadStatuses.threadId, messagingThreads.id), eq(messagingReadStatuses.readerId, customerId)))
    .leftJoin(messagingMessages, eq(messagingMessages.id, messagingThreads.lastMessageId))
    .leftJoin(persons, eq(persons.id, messagingMessages.authorId))
    .leftJoin(professionals, eq(professionals.personId, messagingMessages.authorId))
    .where(and(eq(messagingThreads.customerPersonId, customerId), eq(messagingThreads.threadType, 'Customer')))
    .orderBy(sql`${messagingThreads.lastMessageAt} desc nulls last`, sql`${messagingThreads.id} desc nulls last`)
    .limit(range.limit)
    .offset(range.offset);
}

/** Threads `offset`…`offset + limit` of the customer's list (newest activity first) and the total. */
export async function customerThreadRange(
  db: Db,
  customerId: string,
  range: { offset: number; limit: number },
  lang: Language,
): Promise<{ items: ThreadListItem[]; totalCount: number }> {
  const rows = await customerThreadsQuery(db, customerId, range);
  const totalCount =
    rows[0]?.total ??
    (range.offset > 0
      ? ((
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(messagingThreads)
            .where(and(eq(messagingThreads.customerPersonId, customerId), eq(messagingThreads.threadType, 'Customer')))
        )[0]?.n ?? 0)
      : 0);
  return {
    totalCount,
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
      unread: !isThreadRead({ readAt: row.readAt, lastMessageAt: row.lastMessageAt }),
      preview:
        row.authorId && row.authorFirstName !== null && row.authorLastName !== null
          ? {
              author: authorView(customerId, { id: row.authorId, firstName: row.authorFirstName, lastName: row.authorLastName, title: row.authorTitle }, lang),
              text: row.deletedAt ? null : (row.content ?? '').slice(0, 140),
              deleted: row.deletedAt !== null,
              attachmentCount: row.deletedAt ? 0 : row.attachmentCount,
            }
          : null,
    })),
  };
}

/** A thread's state and people, as the thread view and the messaging API show them. */
export interface ThreadPeople {
  isActive: boolean;
  /** ISO instant the thread was started. */
  createdAt: string;
  /** Its customer (the HR user who started a company thread) first, then its professionals in the order they joined. */
  participants: ParticipantView[];
  /** The current assignment (spec 1 §3: only the current one is kept). */
  assignee: ThreadView['assignee'];
}

/**
 * Whether each thread is active, when it was started, its participants and its current
 * assignment, as seen by `viewerId` ("self" for their own entry): three queries for any number
 * of threads (a page of the API's `threads`, one thread's view). The caller has checked that the
 * viewer may open them.
 */
export async function threadPeople(db: Db, viewerId: string, threadIds: readonly number[], lang: Language): Promise<Map<number, ThreadPeople>> {
  const byThread = new Map<number, ThreadPeople>();
  if (threadIds.length === 0) return byThread;
  const ids = [...new Set(threadIds)];
  const [threads, participantRows, assignments] = await Promise.all([
    db
      .select({
        id: messagingThreads.id,
        isActive: messagingThreads.isActive,
        createdAt: messagingThreads.createdAt,
        customerId: persons.id,
        firstName: persons.firstName,
        lastName: persons.lastName,
      })
      .from(messagingThreads)
      .innerJoin(persons, eq(persons.id, messagingThreads.customerPersonId))
      .where(inArray(messagingThreads.id, ids)),
    db
      .select({
        threadId: messagingThreadParticipants.threadId,
        id: professionals.personId,
        firstName: professionals.firstName,
        lastName: professionals.lastName,
        title: professionals.title,
      })
      .from(messagingThreadParticipants)
      .innerJoin(professionals, eq(professionals.personId, messagingThreadParticipants.professionalId))
      .where(inArray(messagingThreadParticipants.threadId, ids))
      .orderBy(asc(messagingThreadParticipants.addedAt), asc(professionals.personId)),
    db
      .select({
        threadId: messagingThreadAssignments.threadId,
        id: professionals.personId,
        firstName: professionals.firstName,
        lastName: professionals.lastName,
        title: professionals.title,
        assignedAt: messagingThreadAssignments.assignedAt,
      })
      .from(messagingThreadAssignments)
      .innerJoin(professionals, eq(professionals.personId, messagingThreadAssignments.assigneeId))
      .where(inArray(messagingThreadAssignments.threadId, ids)),
  ]);
  for (const t of threads) {
    const assignment = assignments.find((a) => a.threadId === t.id);
    byThread.set(t.id, {
      isActive: t.isActive,
      createdAt: t.createdAt.toISOString(),
      participants: [
        { id: t.customerId, kind: t.customerId === viewerId ? 'self' : 'customer', name: fullName(t), title: null },
        ...participantRows
          .filter((p) => p.threadId === t.id)
          .map((p): ParticipantView => ({ id: p.id, kind: p.id === viewerId ? 'self' : 'professional', name: fullName(p), title: p.title[lang] })),
      ],
      assignee: assignment
        ? { id: assignment.id, name: fullName(assignment), title: assignment.title[lang], assignedAt: assignment.assignedAt.toISOString() }
        : null,
    });
  }
  return byThread;
}

/**
 * The notices of the assignees' absences that have not ended (the first five of each, earliest
 * first, each with its first substitute): two queries for any number of assignees.
 */
export async function assigneeAbsenceNotices(
  db: Db,
  assignees: readonly { id: string; name: string }[],
  now = clock.now(),
): Promise<Map<string, AbsenceNoticeView[]>> {
  const byAssignee = new Map<string, AbsenceNoticeView[]>();
  const ids = [...new Set(assignees.map((a) => a.id))];
  if (ids.length === 0) return byAssignee;
  const absences = await db
    .select()
    .from(professionalAbsences)
    .where(and(inArray(professionalAbsences.professionalId, ids), gte(professionalAbsences.endDate, helsinkiDate(now))))
    .orderBy(asc(professionalAbsences.startDate), asc(professionalAbsences.id));
  const substituteIds = [...new Set(absences.flatMap((a) => a.substituteIds.slice(0, 1)))];
  const substitutes = substituteIds.length
    ? await db
        .select({ id: professionals.personId, firstName: professionals.firstName, lastName: professionals.lastName })
        .from(professionals)
        .where(inArray(professionals.personId, substituteIds))
    : [];
  for (const assignee of assignees) {
    byAssignee.set(
      assignee.id,
      absences
        .filter((a) => a.professionalId === assignee.id)
        .slice(0, 5)
        .map((a) => {
          const substitute = substitutes.find((x) => x.id === a.substituteIds[0]);
          return {
            kind: 'absence',
            at: absenceNoticeAt(a.startDate),
            name: assignee.name,
            startDate: a.startDate,
            endDate: a.endDate,
            substituteName: substitute ? fullName(substitute) : null,
          };
        }),
    );
  }
  return byAssignee;
}

/** The thread's messages (oldest first, at most 9999), attachments, participants and notices. */
export async function loadThreadView(db: Db, viewerId: string, thread: ThreadRow, lang: Language, now = clock.now()): Promise<ThreadView> {
  const deleter = sql<
    string | null
  >`(select ${persons.firstName} || ' ' || ${persons.lastName} from ${persons} where ${persons.id} = ${messagingMessages.deletedById})`;
  const messages = await db
    .select({
      id: messagingMessages.id,
      createdAt: messagingMessages.createdAt,
      content: messagingMessages.content,
      deletedAt: messagingMessages.deletedAt,
      deletedReason: messagingMessages.deletedReason,
      deletedByName: deleter,
      authorId: messagingMessages.authorId,
      firstName: persons.firstName,
      lastName: persons.lastName,
      title: professionals.title,
    })
    .from(messagingMessages)
    .innerJoin(persons, eq(persons.id, messagingMessages.authorId))
    .leftJoin(professionals, eq(professionals.personId, messagingMessages.authorId))
    .where(eq(messagingMessages.threadId, thread.id))
    .orderBy(desc(messagingMessages.createdAt), desc(messagingMessages.id))
    .limit(MESSAGE_LIMIT);
  const liveIds = messages.filter((m) => !m.deletedAt).map((m) => m.id);
  const attachments = liveIds.length
    ? await db
        .select()
        .from(messagingAttachments)
        .where(inArray(messagingAttachments.messageId, liveIds))
        .orderBy(asc(messagingAttachments.createdAt), asc(messagingAttachments.fileName))
    : [];
  // Questionnaire invitations carried by the live messages (ADR 0042), in the order they were sent.
  const invitations = liveIds.length
    ? await db
        .select({
          id: questionnaireInvitations.id,
          messageId: questionnaireInvitations.messageId,
          formId: questionnaireInvitations.formId,
          answeredAt: questionnaireInvitations.answeredAt,
          definition: questionnaireForms.definition,
        })
        .from(questionnaireInvitations)
        .innerJoin(questionnaireForms, eq(questionnaireForms.id, questionnaireInvitations.formId))
        .where(and(inArray(questionnaireInvitations.messageId, liveIds), eq(questionnaireInvitations.patientId, thread.customerPersonId)))
        .orderBy(asc(questionnaireInvitations.id))
    : [];
  const messageViews: MessageView[] = messages.map((m) => ({
    kind: 'message',
    id: m.id,
    at: m.createdAt.toISOString(),
    author: authorView(viewerId, { id: m.authorId, firstName: m.firstName, lastName: m.lastName, title: m.title }, lang),
    content: m.deletedAt ? null : m.content,
    attachments: m.deletedAt
      ? []
      : attachments
          .filter((a) => a.messageId === m.id)
          .map((a): AttachmentView => ({ id: a.storedObjectId, fileName: a.fileName, contentType: a.contentType, byteSize: a.byteSize })),
    questionnaireInvitations: m.deletedAt
      ? []
      : invitations
          .filter((i) => i.messageId === m.id)
          .map((i): QuestionnaireInvitationView => ({
            id: i.id,
            formId: i.formId,
            title: i.definition.title[lang],
            answeredAt: i.answeredAt?.toISOString() ?? null,
            answeredOn: i.answeredAt ? formatDate(i.answeredAt, lang) : null,
          })),
    deleted: m.deletedAt ? { at: m.deletedAt.toISOString(), byName: m.deletedByName ?? '', reason: m.deletedReason } : null,
  }));

  const people = (await threadPeople(db, viewerId, [thread.id], lang)).get(thread.id);
  const assignment = people?.assignee ?? null;

  const notices = assignment ? ((await assigneeAbsenceNotices(db, [assignment], now)).get(assignment.id) ?? []) : [];

  const [company] = thread.companyContractId
    ? await db
        .select({ name: occupationalContracts.employerName })
        .from(occupationalContracts)
        .where(eq(occupationalContracts.id, thread.companyContractId))
        .limit(1)
    : [];
  return {
    id: thread.id,
    title: thread.title,
    isActive: thread.isActive,
    threadType: thread.threadType,
    companyName: company?.name ?? null,
    createdAt: people?.createdAt ?? now.toISOString(),
    participants: people?.participants ?? [],
    assignee: assignment,
    timeline: mergeTimeline(messageViews, notices),
  };
}

/**
 * The customer's thread, marked read when it had unread messages (spec 1 §4), and logged;
 * null when it is not theirs.
 */
export async function openCustomerThread(
  db: Db,
  customerId: string,
  threadId: number,
  lang: Language,
  now = clock.now(),
): Promise<{ view: ThreadView; wasUnread: boolean } | null> {
  const thread = await findThreadFor(db, { kind: 'customer', personId: customerId }, threadId, now);
  if (!thread) return null;
  const wasUnread = await markThreadRead(db, { kind: 'customer', personId: customerId }, thread.id, now);
  const view = await loadThreadView(db, customerId, thread, lang, now);
  await logAccess(db, { actorPersonId: customerId, subjectPersonId: customerId, action: 'view', resource: THREAD_RESOURCE, resourceId: String(thread.id) });
  return { view, wasUnread };
}

/**
 * Marks the thread read for the viewer when the read rule says it is unread; answers whether it
 * was. A professional's reading also sets the professionals' timestamp.
 */
export async function markThreadRead(db: Db, viewer: Viewer, threadId: number, now = clock.now()): Promise<boolean> {
  const [state] = await db
    .select({
      lastMessageAt: messagingThreads.lastMessageAt,
      professionalsTimestamp: messagingThreads.professionalsTimestamp,
      readAt: messagingReadStatuses.readAt,
      assignedAt: messagingThreadAssignments.assignedAt,
      assigneeId: messagingThreadAssignments.assigneeId,
    })
    .from(messagingThreads)
    .leftJoin(messagingReadStatuses, and(eq(messagingReadStatuses.threadId, messagingThreads.id), eq(messagingReadStatuses.readerId, viewer.personId)))
    .leftJoin(messagingThreadAssignments, eq(messagingThreadAssignments.threadId, messagingThreads.id))
    .where(eq(messagingThreads.id, threadId))
    .limit(1);
  if (!state) return false;
  const professional = viewer.kind === 'professional';
  const unread = !isThreadRead({
    readAt: state.readAt,
    lastMessageAt: state.lastMessageAt,
    assignedToReaderAt: state.assigneeId === viewer.personId ? state.assignedAt : null,
    professionalsTimestamp: professional ? state.professionalsTimestamp : null,
  });
  if (professional) {
    await db.update(messagingThreads).set({ professionalsTimestamp: now }).where(eq(messagingThreads.id, threadId));
    await recordRead(db, threadId, viewer.personId, now);
  } else if (unread) {
    await recordRead(db, threadId, viewer.personId, now);
  }
  return unread;
}

export type CustomerSendResult = SendResult | { ok: false; reason: 'not-found' };

/** The customer writes in their thread (spec: sending is always allowed; a closed thread reopens). */
export async function sendCustomerMessage(
  db: Db,
  input: {
    customerId: string;
    threadId: number;
    text: string;
    attachments?: readonly AttachmentInput[];
    idempotencyKey?: string | null;
    now?: Date;
  },
): Promise<CustomerSendResult> {
  const now = input.now ?? clock.now();
  const thread = await findThreadFor(db, { kind: 'customer', personId: input.customerId }, input.threadId, now);
  if (!thread) return { ok: false, reason: 'not-found' };
  const result = await appendMessage(db, {
    threadId: thread.id,
    customerPersonId: input.customerId,
    authorId: input.customerId,
    text: input.text,
    attachments: input.attachments,
    idempotencyKey: input.idempotencyKey,
    now,
  });
  if (result.ok && result.created && !thread.isActive) {
    await db.update(messagingThreads).set({ isActive: true }).where(eq(messagingThreads.id, thread.id));
  }
  return result;
}

/** The latest threads for the front page (spec 3 §7): the first list page's first few. */
async function latestThreads(db: Db, customerId: string, lang: Language, limit = 3) {
  const page = await listCustomerThreads(db, customerId, 1, lang);
  return page.items.slice(0, limit);
}

/**
 * The navigation's unread badge (spec 1 §2): only where the messages link shows (general brand,
 * occupational customer, both messaging flags on); 0 otherwise, without a query.
 */
export async function navigationUnreadCount(auth: Auth, brand: BrandKey): Promise<number> {
  return messagesInNavigation(auth, brand) ? unreadCountOfRequest(auth) : 0;
}

/**
 * The unread count, asked once per request: the navigation (root loader) and the front page's
 * messages box (its loader, run alongside) both show it. `auth` is the request's own object, so
 * the next request asks again.
 */
const unreadCounts = new WeakMap<Auth, Promise<number>>();
function unreadCountOfRequest(auth: Auth): Promise<number> {
  let count = unreadCounts.get(auth);
  if (!count) {
    count = getDb().then((db) => unreadThreadCount(db, auth.person.id));
    unreadCounts.set(auth, count);
  }
  return count;
}

/** The front page's messages box, where the navigation shows messages; null elsewhere. */
export async function frontPageSummaries(auth: Auth, brand: BrandKey, lang: Language) {
  if (!messagesInNavigation(auth, brand)) return null;
  const db = await getDb();
  const [unread, threads] = await Promise.all([unreadCountOfRequest(auth), latestThreads(db, auth.person.id, lang)]);
  return { unread, threads: threads.map((item) => ({ ...item, lastMessageLabel: item.lastMessageAt ? formatDateTime(item.lastMessageAt, lang) : null })) };
}

/** Where the navigation has the messages link: the navigation's rule (`showsMessages`) for the logged-in person. */
export function messagesInNavigation(auth: Auth, brand: BrandKey): boolean {
  return showsMessages({ brand, features: auth.features, isOccupational: auth.person.occupationalContractId !== null });
}

/** Whether the customer has read the thread (the read rule). */
export async function isReadByCustomer(db: Db, customerId: string, threadId: number): Promise<boolean> {
  const [state] = await db
    .select({ lastMessageAt: messagingThreads.lastMessageAt, readAt: messagingReadStatuses.readAt })
    .from(messagingThreads)
    .leftJoin(messagingReadStatuses, and(eq(messagingReadStatuses.threadId, messagingThreads.id), eq(messagingReadStatuses.readerId, customerId)))
    .where(eq(messagingThreads.id, threadId))
    .limit(1);
  return state ? isThreadRead({ readAt: state.readAt, lastMessageAt: state.lastMessageAt }) : true;
}
