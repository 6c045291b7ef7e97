/**
 * HR users' side of messaging (spec 1 §3 "HR user", §6; ADR 0042): a client company's HR contact
 * converses with the company's occupational care team in `Hr` and `Supervisor` threads. An HR
 * user sees their company's such threads (started by any of its HR users) and nothing else: no
 * customer's thread, no employee's record, appointment or invoice (those services check the
 * person as always, so an employee's id is 404 to them). Professionals open and answer these
 * threads in the staff area (categories `hrOpen`, `hrClosed`). A company thread is the employer's
 * correspondence, not patient data: the services write no patient access-log rows for HR users.
 * An HR user's messages count toward the same per-person limit as a customer's
 * (RATE_LIMIT_MESSAGES_PER_HOUR): a new conversation or a reply is one message, a resent form none.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { messagingMessages, messagingReadStatuses, messagingThreads, persons, professionals } from '~db/schema';
import type { Language } from '~/i18n/config';
import { formatDateTime } from '~/lib/format';
import { pageNumber, pageOf, type Page } from '~/models/paging';
import { THREADS_PER_PAGE, type HrThreadType, type ThreadType, type ThreadView } from '~/models/messaging/messaging';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { hitPersonLimit } from '~/services/security/person-limits.server';
import { findThreadFor, type hrUserOf } from './access.server';
import { isThreadRead } from './read-rules';
import { loadThreadView, markThreadRead } from './conversations.server';
import { appendMessage, createThreadWithMessage, messageByIdempotencyKey, type NewThreadResult, type SendResult } from './threads.server';
import type { TooManyMessages } from './limit-rules';

/**
 * Counts one message against the HR user's per-person limit of messages (the customers' limit,
 * RATE_LIMIT_MESSAGES_PER_HOUR): null when it may be sent. A resent form (its key already sent a
 * message) is no new message and is not counted.
 */
async function overMessageLimit(db: Db, hr: HrUser, idempotencyKey: string | null | undefined, now: Date): Promise<TooManyMessages | null> {
  if (await messageByIdempotencyKey(db, hr.personId, idempotencyKey)) return null;
  const limit = await hitPersonLimit(db, 'messages', hr.personId, { now });
  return limit.allowed ? null : { ok: false, reason: 'too-many', retryAfterSeconds: limit.retryAfterSeconds };
}

export type HrUser = NonNullable<Awaited<ReturnType<typeof hrUserOf>>>;

export interface HrThreadListItem {
  id: number;
  title: string;
  threadType: ThreadType;
  isActive: boolean;
  unread: boolean;
  lastMessageLabel: string | null;
  /** Who wrote last: a professional's name and title, or an HR user's name. */
  lastAuthor: string | null;
}

/** One page (ten) of the company's `Hr`/`Supervisor` threads, newest activity first. */
export async function listHrThreads(db: Db, hr: HrUser, page: number, lang: Language): Promise<Page<HrThreadListItem>> {
  const current = pageNumber(page);
  const rows = await db
    .select({
      id: messagingThreads.id,
      title: messagingThreads.title,
      threadType: messagingThreads.threadType,
      isActive: messagingThreads.isActive,
      lastMessageAt: messagingThreads.lastMessageAt,
      readAt: messagingReadStatuses.readAt,
      authorFirstName: persons.firstName,
      authorLastName: persons.lastName,
      authorTitle: professionals.title,
    })
    .from(messagingThreads)
    .leftJoin(messagingReadStatuses, and(eq(messagingReadStatuses.threadId, messagingThreads.id), eq(messagingReadStatuses.readerId, hr.personId)))
    .leftJoin(messagingMessages, eq(messagingMessages.id, messagingThreads.lastMessageId))
    .leftJoin(persons, eq(persons.id, messagingMessages.authorId))
    .leftJoin(professionals, eq(professionals.personId, messagingMessages.authorId))
    .where(and(eq(messagingThreads.companyContractId, hr.contractId), ne(messagingThreads.threadType, 'Customer')))
    .orderBy(sql`${messagingThreads.lastMessageAt} desc nulls last`, sql`${messagingThreads.id} desc`)
    .limit(THREADS_PER_PAGE + 1)
    .offset((current - 1) * THREADS_PER_PAGE);
  return pageOf(rows, current, THREADS_PER_PAGE, (r) => ({
    id: r.id,
    title: r.title,
    threadType: r.threadType,
    isActive: r.isActive,
    unread: !isThreadRead({ readAt: r.readAt, lastMessageAt: r.lastMessageAt }),
    lastMessageLabel: r.lastMessageAt ? formatDateTime(r.lastMessageAt, lang) : null,
    lastAuthor: r.authorFirstName === null ? null : `${r.authorFirstName} ${r.authorLastName}${r.authorTitle ? `, ${r.authorTitle[lang]}` : ''}`,
  }));
}

/**
 * An HR user starts a conversation with the company's care team: the team's first available
 * nurse (else its first member) receives it and the whole team may open it (as for customers).
 * Over the limit of messages, nothing is stored.
 */
export async function startHrThread(
  db: Db,
  input: { hr: HrUser; threadType: HrThreadType; title: string; text: string; idempotencyKey?: string | null; now?: Date },
): Promise<NewThreadResult | TooManyMessages> {
  const now = input.now ?? clock.now();
  const tooMany = await overMessageLimit(db, input.hr, input.idempotencyKey, now);
  if (tooMany) return tooMany;
  const created = await createThreadWithMessage(db, {
    customerPersonId: input.hr.personId,
    type: input.threadType,
    company: { id: input.hr.contractId, employerName: input.hr.companyName },
    title: input.title,
    text: input.text,
    idempotencyKey: input.idempotencyKey,
    now,
  });
  return created;
}

/**
 * The HR user opens a company thread: marked read; null when it is not their company's. A
 * company thread is correspondence between the employer and the care team, not patient data, so
 * HR users' reads are not in the patients' access log (ADR 0033); professionals' are, as always.
 */
export async function openHrThread(db: Db, hr: HrUser, threadId: number, lang: Language, now = clock.now()): Promise<ThreadView | null> {
  const viewer = { kind: 'hr', personId: hr.personId, sessionIdHash: hr.sessionIdHash } as const;
  const thread = await findThreadFor(db, viewer, threadId, now);
  if (!thread) return null;
  await markThreadRead(db, viewer, thread.id, now);
  return loadThreadView(db, hr.personId, thread, lang, now);
}

/** The HR user writes in a company thread (a closed thread reopens, as for customers); over the limit of messages, nothing is stored. */
export async function sendHrMessage(
  db: Db,
  input: { hr: HrUser; threadId: number; text: string; idempotencyKey?: string | null; now?: Date },
): Promise<SendResult | TooManyMessages | { ok: false; reason: 'not-found' }> {
  const now = input.now ?? clock.now();
  const thread = await findThreadFor(db, { kind: 'hr', personId: input.hr.personId, sessionIdHash: input.hr.sessionIdHash }, input.threadId, now);
  if (!thread) return { ok: false, reason: 'not-found' };
  const tooMany = await overMessageLimit(db, input.hr, input.idempotencyKey, now);
  if (tooMany) return tooMany;
  const result = await appendMessage(db, {
    threadId: thread.id,
    customerPersonId: thread.customerPersonId,
    authorId: input.hr.personId,
    text: input.text,
    idempotencyKey: input.idempotencyKey,
    now,
  });
  if (result.ok && result.created && !thread.isActive) {
    await db.update(messagingThreads).set({ isActive: true }).where(eq(messagingThreads.id, thread.id));
  }
  return result;
}
