/**
 * Per-person rate limits on what a logged-in person changes (issue 21; the fixed windows of
 * rate-limit.server.ts, shared by every instance):
 * - `posts`: every logged-in POST/PUT/PATCH/DELETE (pages, APIs, GraphQL, uploads), counted by
 *   the root middleware: a ceiling well above any person's pace that stops a script;
 * - `messages`: a customer's messages (a new conversation per thread, or a reply; the pages and
 *   the GraphQL API share the count);
 * - `uploads`: the files a person uploads (message attachments, Kela card images).
 * Counted per person, not per session or address, so more sessions buy no more.
 */
import { env } from '~/env.server';
import { clock } from '~/lib/clock.server';
import type { Db } from '~/services/db/db.server';
import { hitRateLimit, type RateLimitResult } from './rate-limit.server';

export type PersonLimit = 'posts' | 'messages' | 'uploads';

function limitOf(kind: PersonLimit): { limit: number; windowSeconds: number } {
  const e = env();
  switch (kind) {
    case 'posts':
      return { limit: e.RATE_LIMIT_PERSON_POSTS_PER_10_MIN, windowSeconds: 600 };
    case 'messages':
      return { limit: e.RATE_LIMIT_MESSAGES_PER_HOUR, windowSeconds: 3600 };
    case 'uploads':
      return { limit: e.RATE_LIMIT_UPLOADS_PER_HOUR, windowSeconds: 3600 };
  }
}

/** Counts `amount` (messages, files) against the person's limit of this kind. */
export async function hitPersonLimit(
  db: Db,
  kind: PersonLimit,
  personId: string,
  { amount = 1, now = clock.now() }: { amount?: number; now?: Date } = {},
): Promise<RateLimitResult> {
  const { limit, windowSeconds } = limitOf(kind);
  return hitRateLimit(db, `person-${kind}:${personId}`, limit, windowSeconds, now, amount);
}
