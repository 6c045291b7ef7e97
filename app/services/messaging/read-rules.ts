/**
 * The read rule of spec 1 §4, pure: a thread counts as read by a user when the user's read time
 * is at or after the latest of the last message time, the time the thread was assigned to that
 * user, and the professionals' timestamp. An empty thread counts as read.
 *
 * Which timestamps apply to whom (docs/decisions/0014-secure-messaging.md): the assignment time
 * only when the thread is assigned to the reader; the professionals' timestamp (set when a
 * professional reads the thread) only for professional readers, so a colleague's reading makes
 * the thread new to the other professionals but never to the customer. The SQL of the unread
 * counts (threads.server.ts, staff.server.ts) is the same rule; an integration test compares them.
 */

export interface ReadRuleInput {
  /** The reader's read time; null: never read. */
  readAt: Date | null;
  /** The latest message's time; null: the thread has no messages. */
  lastMessageAt: Date | null;
  /** When the thread was assigned to this reader; null: not assigned to them. */
  assignedToReaderAt?: Date | null;
  /** The professionals' timestamp, for professional readers; null otherwise. */
  professionalsTimestamp?: Date | null;
}

/** The instant after which the reader must have read the thread; null for an empty thread. */
export function mustReadAfter(input: ReadRuleInput): Date | null {
  if (input.lastMessageAt === null) return null;
  let latest = input.lastMessageAt;
  for (const t of [input.assignedToReaderAt, input.professionalsTimestamp]) {
    if (t && t.getTime() > latest.getTime()) latest = t;
  }
  return latest;
}

export function isThreadRead(input: ReadRuleInput): boolean {
  const after = mustReadAfter(input);
  if (after === null) return true;
  return input.readAt !== null && input.readAt.getTime() >= after.getTime();
}
