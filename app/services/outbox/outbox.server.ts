/**
 * SMS and e-mail leave through the outbox table. A delivery worker (not part of this
 * deployment) hands rows to the operator and sets sent_at; in development the rows are
 * readable at /dev/outbox.
 */
import { desc } from 'drizzle-orm';
import { outbox } from '~db/schema';
import type { Db } from '~/services/db/db.server';

export type OutboxMessage = typeof outbox.$inferInsert;

export async function enqueueMessage(db: Db, message: OutboxMessage) {
  const [row] = await db.insert(outbox).values(message).returning();
  return row!;
}

export async function listOutbox(db: Db, limit = 100) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
}
