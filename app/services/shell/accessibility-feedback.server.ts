/**
 * Accessibility feedback (issue 23 part 5, ADR 0032): the statement's feedback channel
 * (Act 306/2019). Anyone may send it; it is stored, and when an e-mail address is given the
 * sender gets an acknowledgement through the outbox, in the page's language and under the page's
 * brand. Professionals read the feedback in the staff area, newest first, paged on the server.
 *
 * The sender's texts are never logged and never put into the acknowledgement: the e-mail only
 * says that feedback was received, so an address typed by someone else learns nothing.
 */
import { count, desc, eq } from 'drizzle-orm';
import { accessibilityFeedback } from '~db/schema';
import { brand as brandFacts, type BrandKey } from '~/brands';
import type { Language } from '~/i18n/config';
import { textsIn } from '~/i18n/i18n.server';
import { clock } from '~/lib/clock.server';
import { formatDate } from '~/lib/format';
import { pageNumber, pageOf } from '~/models/paging';
import { mailboxKey } from '~/models/contact';
import { FEEDBACK_PAGE_SIZE, type FeedbackInput } from '~/models/shell/accessibility-feedback';
import { withTransaction, type Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { deliverAfterCommit, enqueueMessage } from '~/services/outbox/outbox.server';
import { hitRateLimit } from '~/services/security/rate-limit.server';

export type FeedbackRow = typeof accessibilityFeedback.$inferSelect;

/** Acknowledgements one mailbox gets at most in a day, however its address is spelt (the feedback itself is always stored). */
export const ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY = 3;
const DAY_SECONDS = 24 * 60 * 60;

/** Stores one feedback and, given an address, queues its acknowledgement in the same transaction. */
export async function submitFeedback(
  db: Db,
  input: FeedbackInput & { brand: BrandKey; language: Language },
  now = clock.now(),
): Promise<{ id: number; acknowledged: boolean }> {
  const result = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(accessibilityFeedback)
      .values({
        brand: input.brand,
        language: input.language,
        location: input.location,
        description: input.description,
        email: input.email ?? null,
        createdAt: now,
      })
      .returning({ id: accessibilityFeedback.id });
    const id = row!.id;
    if (!input.email) return { id, acknowledged: false, queued: [] };
    // The form sends mail to any address typed into it: a few acknowledgements per mailbox a day,
    // so it cannot be used to flood someone's mailbox. Counted per mailbox, not per spelling
    // (`name+1@`, `Name@`, Gmail's dots: mailboxKey); rate-limit keys are stored hashed.
    const perAddress = await hitRateLimit(tx, `a11y-ack:${mailboxKey(input.email)}`, ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY, DAY_SECONDS, now);
    if (!perAddress.allowed) return { id, acknowledged: false, queued: [] };
    const t = await textsIn(input.language);
    const facts = brandFacts(input.brand);
    const message = await enqueueMessage(tx, {
      channel: 'email',
      kind: 'notice',
      brand: input.brand,
      language: input.language,
      recipient: input.email,
      subject: t('accessibility.acknowledgement.subject', { brand: facts.name }),
      body: t('accessibility.acknowledgement.body', { brand: facts.name, date: formatDate(now, input.language), phone: facts.customerService.display }),
    });
    await tx.update(accessibilityFeedback).set({ acknowledgementId: message.id }).where(eq(accessibilityFeedback.id, id));
    return { id, acknowledged: true, queued: [message] };
  });
  // The acknowledgement goes out once the feedback is stored (ADR 0029).
  await deliverAfterCommit(result.queued);
  // The id and whether an address was given; never the texts or the address.
  logger.info({ event: 'accessibility_feedback', id: result.id, acknowledged: result.acknowledged }, 'accessibility feedback received');
  return { id: result.id, acknowledged: result.acknowledged };
}

export interface FeedbackPage {
  items: FeedbackRow[];
  page: number;
  hasNext: boolean;
  total: number;
}

/** One page of the feedback, newest first (`page` from 1; out of range: an empty page). */
export async function listFeedback(db: Db, page: number, pageSize = FEEDBACK_PAGE_SIZE): Promise<FeedbackPage> {
  const safePage = pageNumber(page);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(accessibilityFeedback)
      .orderBy(desc(accessibilityFeedback.createdAt), desc(accessibilityFeedback.id))
      .limit(pageSize + 1)
      .offset((safePage - 1) * pageSize),
    db.select({ total: count() }).from(accessibilityFeedback),
  ]);
  return { ...pageOf(rows, safePage, pageSize), total: totals?.total ?? 0 };
}
