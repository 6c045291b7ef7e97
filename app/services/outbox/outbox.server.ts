/**
 * SMS and e-mail leave through the outbox table (ADR 0029). A caller writes its messages with
 * `enqueueMessage` inside its own transaction (so a message exists exactly when what it tells
 * of does) and, once that transaction has committed, calls `deliverAfterCommit` with the rows:
 * that sends one delivery job per row, so a login code goes out within seconds. A row whose kick
 * was lost (a crash between commit and kick, or a caller that does not kick) is found by the
 * delivery sweep within a minute. The delivery itself is ./delivery.server.ts; in development the
 * rows stay readable at /dev/outbox.
 */
import { desc } from 'drizzle-orm';
import { outbox } from '~db/schema';
import type { Db } from '~/services/db/db.server';
import { currentJobRunner } from '~/services/jobs/runner.server';
import { logger } from '~/services/observability/logger.server';

/** The queue whose jobs each deliver one outbox row (payload: the row's id only). */
export const DELIVER_QUEUE = 'outbox-deliver';

/**
 * A message to write: what it is (`kind`), whose brand it goes out under and the language it is
 * written in are required, so a new caller cannot forget them. Delivery state is the delivery's.
 */
export type OutboxMessage = Omit<
  typeof outbox.$inferInsert,
  'id' | 'state' | 'tries' | 'lastErrorClass' | 'notBefore' | 'providerId' | 'sentAt' | 'kind' | 'brand' | 'language'
> &
  Required<Pick<typeof outbox.$inferInsert, 'kind' | 'brand' | 'language'>>;

export type OutboxRow = typeof outbox.$inferSelect;

export async function enqueueMessage(db: Db, message: OutboxMessage): Promise<OutboxRow> {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, state: 'queued' })
    .returning();
  return row!;
}

/**
 * After the transaction that wrote them has committed: one delivery job per row, taken by a
 * worker of any instance. Never throws (the rows are safe in the table; the sweep finds them).
 * Called inside the transaction instead, the job would find nothing to claim until the commit,
 * and the sweep would send the message a minute later.
 */
export async function deliverAfterCommit(rows: readonly Pick<OutboxRow, 'id'>[]): Promise<void> {
  const runner = currentJobRunner();
  if (!runner || rows.length === 0) return;
  try {
    for (const row of rows) await runner.send(DELIVER_QUEUE, { id: row.id });
  } catch (error) {
    logger.warn({ err: error, count: rows.length }, 'outbox delivery kick failed; the sweep sends the messages');
  }
}

export async function listOutbox(db: Db, limit = 100) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
}
