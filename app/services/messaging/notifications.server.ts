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
import { enqueueMessage } from '~/services/outbox/outbox.server';


/** Queues the notice to the customer's phone and e-mail; answers how many were queued. */
export async function notifyCustomerOfReply(db: Db, input: { customerId: string; origin: string }): Promise<number> {
  const [customer] = await db
    .select({ phone: persons.phone, email: persons.email, language: persons.language })
    .from(persons)
    .where(eq(persons.id, input.customerId))
    .limit(1);
  if (!customer) return 0;
  const t = await textsIn(customer.language);
  const link = `${input.origin}${pagePath('conversations', customer.language)}`;
  const body = t('messaging.notification.body', { link });
  let queued = 0;
  if (customer.phone) {
    await enqueueMessage(db, { channel: 'sms', recipient: customer.phone, body });
    queued += 1;
  }
  if (customer.email) {
    await enqueueMessage(db, { channel: 'email', recipient: customer.email, subject: t('messaging.notification.subject'), body });
    queued += 1;
  }
  return queued;
}
