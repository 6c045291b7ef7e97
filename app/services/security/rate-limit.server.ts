/**
 * Fixed-window rate limits in PostgreSQL, so every app instance shares the same counters.
 * One statement per hit: an upsert that restarts the window when it has passed.
 */
import { sql } from 'drizzle-orm';
import { rateLimits } from '~db/schema';
import { sha256 } from '~/lib/crypto.server';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit (or `amount` hits, e.g. the files of one upload) for `key` and tells whether
 * the window's count is within `limit` per `windowSeconds`. Keys are hashed, so client
 * addresses are not stored in the clear.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number, now = clock.now(), amount = 1): Promise<RateLimitResult> {
  const windowStartCutoff = new Date(now.getTime() - windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: sha256(key), windowStart: now, count: amount })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStartCutoff.toISOString()}::timestamptz then ${amount}::integer else ${rateLimits.count} + ${amount}::integer end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartCutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const count = row?.count ?? amount;
  const windowEnds = (row?.windowStart ?? now).getTime() + windowSeconds * 1000;
  return {
    allowed: count <= limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
  };
}

/** The count of the current window for `key` without counting a hit (0 when none is open). */
export async function peekRateLimit(db: Db, key: string, windowSeconds: number, now = clock.now()): Promise<number> {
  const cutoff = new Date(now.getTime() - windowSeconds * 1000);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${sha256(key)} and ${rateLimits.windowStart} > ${cutoff.toISOString()}::timestamptz`);
  return row?.count ?? 0;
}

// Windows that ended long ago are deleted by the nightly retention job (services/jobs/retention,
// ADR 0040), by `rate_limits_window_start_idx`.
