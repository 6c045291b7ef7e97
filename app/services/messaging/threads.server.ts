/**
 * Messaging threads (spec 1 §3–§5): creating a thread with its first message, sending in a
 * thread, and the bookkeeping every write shares (last message, the sender's read status,
 * attachments). Pages, the GraphQL API and other services (prescription renewal) call these.
 * Every write runs in one transaction; inside a caller's transaction it is a savepoint.
 *
 * Double submits: a message carries the form's one-time key; the unique index
 * (author, idempotency key) lets a resent form find the message it already created instead of
 * creating a second one (docs/decisions/0014-secure-messaging.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import { messagingMessages, messagingReadStatuses, messagingThreadAccess, messagingThreadParticipants, messagingThreads } from '~db/schema';
import { hasContent, isValidSubject, MESSAGE_MAX_LENGTH, type ThreadType } from '~/models/messaging/messaging';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { clock } from '~/lib/clock.server';
import { linkAttachments, type AttachmentInput } from './attachments.server';
import { careTeamOf, careTeamOfContract, chooseRecipient, teamAccessIds, triageProfessionalIds } from './care-team.server';

export interface NewThreadInput {
  /** The thread's one customer. */
  customerPersonId: string;
  /** Who writes the first message; default the customer. */
  authorId?: string;
  type?: ThreadType;
  /**
   * An `Hr`/`Supervisor` thread's client company (ADR 0042): its care team receives the thread,
   * its HR users share it, and `customerPersonId` is the HR user who starts it.
   */
  company?: { id: string; employerName: string } | null;
  title: string;
  text: string;
  /**
   * The professional to write to: one of the customer's care team (an absent member's id leads
   * to their substitute). Omitted: the team's first available nurse, else its first member.
   */
  recipientId?: string | null;
  /** Completed uploads (storage purpose `message-attachment`) of the author. */
  attachments?: readonly AttachmentInput[];
  /** The form's one-time key: the same key again answers the thread created the first time. */
  idempotencyKey?: string | null;
  now?: Date;
}

export type NewThreadResult =
  | { ok: true; threadId: number; messageId: number; created: boolean }
  | { ok: false; reason: 'invalid-title' | 'empty-message' | 'message-too-long' | 'invalid-recipient' | 'attachment-invalid' };

export type SendResult = { ok: true; messageId: number; created: boolean } | { ok: false; reason: 'empty-message' | 'message-too-long' | 'attachment-invalid' };

class Rollback extends Error {
  constructor(readonly reason: 'attachment-invalid') {
    super(reason);
  }
}

/** The message `authorId` already sent with this form key, if any. */
export async function messageByIdempotencyKey(db: Db, authorId: string, idempotencyKey: string | null | undefined) {
  return existingMessage(db, authorId, idempotencyKey);
}

async function existingMessage(db: Db, authorId: string, idempotencyKey: string | null | undefined) {
  if (!idempotencyKey) return null;
  const [row] = await db
    .select({ id: messagingMessages.id, threadId: messagingMessages.threadId })
    .from(messagingMessages)
    .where(and(eq(messagingMessages.authorId, authorId), eq(messagingMessages.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/** Marks `readerId` as having read the thread at `at` (never moves a read time backwards). */
export async function recordRead(db: Db, threadId: number, readerId: string, at: Date): Promise<void> {
  await db
    .insert(messagingReadStatuses)
    .values({ threadId, readerId, readAt: at })
    .onConflictDoUpdate({
      target: [messagingReadStatuses.threadId, messagingReadStatuses.readerId],
      set: { readAt: sql`greatest(${messagingReadStatuses.readAt}, excluded.read_at)` },
    });
}

/**
 * Inserts one message (or finds the one the same key already created), links its attachments,
 * moves the thread's last message and marks the thread read for the author. Runs inside the
 * caller's transaction.
 */
async function insertMessage(
  tx: Db,
  input: {
    threadId: number;
    customerPersonId: string;
    authorId: string;
    text: string;
    attachments: readonly AttachmentInput[];
    idempotencyKey: string | null;
    now: Date;
  },
): Promise<{ messageId: number; created: boolean; threadId: number }> {
  const [message] = await tx
    .insert(messagingMessages)
    .values({
      threadId: input.threadId,
      authorId: input.authorId,
      content: input.text,
      idempotencyKey: input.idempotencyKey,
      createdAt: input.now,
    })
    .onConflictDoNothing({
      target: [messagingMessages.authorId, messagingMessages.idempotencyKey],
      where: sql`${messagingMessages.idempotencyKey} is not null`,
    })
    .returning({ id: messagingMessages.id });
  if (!message) {
    // A concurrent submit of the same form won; answer its message.
    const existing = await existingMessage(tx, input.authorId, input.idempotencyKey);
    if (!existing) throw new Error('message insert conflicted but no message has the key');
    return { messageId: existing.id, created: false, threadId: existing.threadId };
  }
  if (input.attachments.length > 0) {
    const linked = await linkAttachments(tx, {
      messageId: message.id,
      authorId: input.authorId,
      customerPersonId: input.customerPersonId,
      attachments: input.attachments,
    });
    if (!linked) throw new Rollback('attachment-invalid');
  }
  await tx.update(messagingThreads).set({ lastMessageAt: input.now, lastMessageId: message.id }).where(eq(messagingThreads.id, input.threadId));
  await tx.update(messagingThreadAccess).set({ lastMessageAt: input.now }).where(eq(messagingThreadAccess.threadId, input.threadId));
  await recordRead(tx, input.threadId, input.authorId, input.now);
  return { messageId: message.id, created: true, threadId: input.threadId };
}

function checkText(text: string, attachmentCount: number): 'empty-message' | 'message-too-long' | null {
  if (!hasContent(text, attachmentCount)) return 'empty-message';
  if (text.trim().length > MESSAGE_MAX_LENGTH) return 'message-too-long';
  return null;
}

/**
 * Creates a thread for a customer with its first message. The recipient comes from the
 * customer's care team (see `NewThreadInput.recipientId`) and becomes a participant; the team
 * (with today's substitutes) may open the thread. A customer without a care team gets a thread
 * without professional participants, open to the triage professionals (spec 1 §5: the missing
 * professional is logged).
 */
export async function createThreadWithMessage(db: Db, input: NewThreadInput): Promise<NewThreadResult> {
  const now = input.now ?? clock.now();
  const authorId = input.authorId ?? input.customerPersonId;
  const attachments = input.attachments ?? [];
  const title = input.title.trim();
  const text = input.text.trim();
  if (!isValidSubject(title)) return { ok: false, reason: 'invalid-title' };
  const textProblem = checkText(text, attachments.length);
  if (textProblem) return { ok: false, reason: textProblem };

  const again = await existingMessage(db, authorId, input.idempotencyKey);
  if (again) return { ok: true, threadId: again.threadId, messageId: again.id, created: false };

  const type = input.type ?? 'Customer';
  // A company thread belongs to a company, a customer's thread to none (also a DB check).
  if ((type === 'Customer') !== !input.company) return { ok: false, reason: 'invalid-recipient' };
  const team = input.company ? await careTeamOfContract(db, input.company, now) : await careTeamOf(db, input.customerPersonId, now);
  let participantIds: string[] = [];
  let accessIds: string[];
  if (team) {
    const recipient = chooseRecipient(team, input.recipientId);
    if (!recipient) {
      if (input.recipientId) return { ok: false, reason: 'invalid-recipient' };
      logger.error({ area: 'messaging' }, 'no professional available in the care team for a new thread');
    } else {
      participantIds = [recipient.recipient.id];
    }
    accessIds = teamAccessIds(team);
  } else {
    if (input.recipientId) return { ok: false, reason: 'invalid-recipient' };
    logger.error({ area: 'messaging' }, 'no professional found for a new thread: customer has no care team');
    accessIds = await triageProfessionalIds(db);
  }
  if (authorId !== input.customerPersonId && !participantIds.includes(authorId)) participantIds.push(authorId);
  accessIds = [...new Set([...accessIds, ...participantIds])];

  try {
    return await db.transaction(async (tx) => {
      const [thread] = await tx
        .insert(messagingThreads)
        .values({ threadType: type, title, customerPersonId: input.customerPersonId, companyContractId: input.company?.id ?? null, createdAt: now })
        .returning({ id: messagingThreads.id });
      const message = await insertMessage(tx, {
        threadId: thread!.id,
        customerPersonId: input.customerPersonId,
        authorId,
        text,
        attachments,
        idempotencyKey: input.idempotencyKey ?? null,
        now,
      });
      if (!message.created) {
        // The same form was submitted concurrently and the other submit won: drop our thread.
        await tx.delete(messagingThreads).where(eq(messagingThreads.id, thread!.id));
        return { ok: true as const, threadId: message.threadId, messageId: message.messageId, created: false };
      }
      if (participantIds.length) {
        await tx.insert(messagingThreadParticipants).values(participantIds.map((professionalId) => ({ threadId: thread!.id, professionalId, addedAt: now })));
      }
      if (accessIds.length) {
        await tx.insert(messagingThreadAccess).values(accessIds.map((professionalId) => ({ threadId: thread!.id, professionalId, lastMessageAt: now })));
      }
      return { ok: true as const, threadId: thread!.id, messageId: message.messageId, created: true };
    });
  } catch (error) {
    if (error instanceof Rollback) return { ok: false, reason: error.reason };
    throw error;
  }
}

/**
 * Adds a message to a thread the caller has already checked the author may write in (the
 * customer, or a professional with access).
 */
export async function appendMessage(
  db: Db,
  input: {
    threadId: number;
    customerPersonId: string;
    authorId: string;
    text: string;
    attachments?: readonly AttachmentInput[];
    idempotencyKey?: string | null;
    now?: Date;
  },
): Promise<SendResult> {
  const now = input.now ?? clock.now();
  const attachments = input.attachments ?? [];
  const text = input.text.trim();
  const textProblem = checkText(text, attachments.length);
  if (textProblem) return { ok: false, reason: textProblem };
  const again = await existingMessage(db, input.authorId, input.idempotencyKey);
  if (again) return { ok: true, messageId: again.id, created: false };
  try {
    return await db.transaction(async (tx) => {
      const message = await insertMessage(tx, {
        threadId: input.threadId,
        customerPersonId: input.customerPersonId,
        authorId: input.authorId,
        text,
        attachments,
        idempotencyKey: input.idempotencyKey ?? null,
        now,
      });
      return { ok: true as const, messageId: message.messageId, created: message.created };
    });
  } catch (error) {
    if (error instanceof Rollback) return { ok: false, reason: error.reason };
    throw error;
  }
}

/** Gives a professional access to a thread (with the thread's last message time, for their lists). */
export async function grantAccess(db: Db, threadId: number, professionalId: string): Promise<void> {
  await db
    .insert(messagingThreadAccess)
    .select(
      db
        .select({
          threadId: messagingThreads.id,
          professionalId: sql<string>`${professionalId}::uuid`.as('professional_id'),
          lastMessageAt: messagingThreads.lastMessageAt,
        })
        .from(messagingThreads)
        .where(eq(messagingThreads.id, threadId)),
    )
    .onConflictDoNothing();
}
