/**
 * "You have a new message": when a professional writes, the customer gets an SMS and (when the
 * address is known) an e-mail through the outbox, in their language, with a link to the
 * conversations page. Never the content, the subject or the writer: text messages and e-mail
 * are not a confidential channel.
 */
import { eq } from 'drizzle-orm';
import { persons } from '~db/schema';
import { textsIn } from '~/i18n/i18n.server';
import { pagePath } from '~/route-table';
import type { Db } from '~/services/db/db.server';
import { env } from '~/env.server';
import { enqueueMessage, type OutboxRow } from '~/services/outbox/outbox.server';

/**
 * Queues the notice to the customer's phone and e-mail (call it inside the transaction that adds
 * the message); answers the rows, for `deliverAfterCommit` once that transaction has committed.
 */
export async function notifyCustomerOfReply(
  db: Db,
  input: {
    customerId: string;
    origin: string;
    /** An HR user's company thread links to the HR messages page (ADR 0042). */ page?: 'conversations' | 'hrMessages';
  },
): Promise<OutboxRow[]> {
  const [customer] = await db
    .select({ phone: persons.phone, email: persons.email, language: persons.language })
    .from(persons)
    .where(eq(persons.id, input.customerId))
    .limit(1);
  if (!customer) return [];
  const t = await textsIn(customer.language);
  const link = `${input.origin}${pagePath(input.page ?? 'conversations', customer.language)}`;
  const body = t('messaging.notification.body', { link });
  // The notice goes out under this instance's brand, whose portal the link opens.
  const written = { kind: 'notice', brand: env().BRAND, language: customer.language } as const;
  const queued: OutboxRow[] = [];
  if (customer.phone) queued.push(await enqueueMessage(db, { ...written, channel: 'sms', recipient: customer.phone, body }));
  if (customer.email) {
    queued.push(await enqueueMessage(db, { ...written, channel: 'email', recipient: customer.email, subject: t('messaging.notification.subject'), body }));
  }
  return queued;
}
