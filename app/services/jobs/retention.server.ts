/**
 * Retention (issue 27, docs/decisions/0040-retention.md): once a night the rows that are no
 * longer needed are deleted, table by table, in bounded batches. Each rule deletes by one indexed
 * column (the indexes named below), so a batch finds its rows without reading the table, and each
 * batch is its own short statement: a backlog of millions is many small deletes, never one long
 * lock. The access log is not here on purpose: the law keeps it 12 years (ADR 0040).
 *
 * One job on the instance's job runner (ADR 0019): with PostgreSQL a pg-boss cron schedule at
 * `RETENTION_DAILY_AT` Helsinki time (one run per night across instances); on PGlite in process.
 */
import { and, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  accessibilityFeedback,
  analyticsEvents,
  appointmentReminders,
  appointmentSlots,
  earlierTimeOffers,
  earlierTimeRequests,
  identificationFlows,
  outbox,
  paymentEvents,
  rateLimits,
  sessions,
  smsChallenges,
  testIdpCodes,
  testEauthSessions,
} from '~db/schema';
import type { Env } from '~/env.server';
import { clock } from '~/lib/clock.server';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import type { JobRunner } from './runner.server';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The periods (ADR 0040), from the environment. */
export type RetentionSettings = Pick<
  Env,
  | 'RETENTION_BATCH_SIZE'
  | 'RETENTION_RATE_LIMIT_HOURS'
  | 'RETENTION_LOGIN_HOURS'
  | 'RETENTION_SESSION_DAYS'
  | 'RETENTION_OUTBOX_DAYS'
  | 'RETENTION_REMINDER_DAYS'
  | 'RETENTION_EARLIER_TIME_DAYS'
  | 'RETENTION_PAYMENT_EVENT_DAYS'
  | 'RETENTION_ANALYTICS_DAYS'
  | 'RETENTION_ACCESSIBILITY_FEEDBACK_DAYS'
>;

/** One rule: which rows of a table go, and the index that finds them. */
interface RetentionRule {
  /** The rule's name in the summary and the log (a table name, or table:subset). */
  name: string;
  table: PgTable;
  /** The index the condition is served by (documentation and the plan test). */
  index: string;
  /** The rows to delete at `now`. */
  where: (now: Date, settings: RetentionSettings) => SQL;
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** A setting that holds a period in hours. */
type HoursSetting = 'RETENTION_RATE_LIMIT_HOURS' | 'RETENTION_LOGIN_HOURS';
/** A period of the settings: so many hours or days. */
type Period = { hours: HoursSetting } | { days: Exclude<keyof RetentionSettings, HoursSetting | 'RETENTION_BATCH_SIZE'> };

/** The rule that deletes the rows whose `column` lies more than the period before now. */
function olderThan(name: string, table: PgTable, index: string, column: AnyPgColumn, period: Period): RetentionRule {
  const ms = (s: RetentionSettings) => ('hours' in period ? s[period.hours] * HOUR_MS : s[period.days] * DAY_MS);
  return { name, table, index, where: (now, s) => lt(column, before(now, ms(s))) };
}

/** Every rule, in the order a run applies them. */
export const RETENTION_RULES: readonly RetentionRule[] = [
  // A window is needed while it is open; the longest is a day (RETENTION_RATE_LIMIT_HOURS ≥ 24).
  olderThan('rate_limits', rateLimits, 'rate_limits_window_start_idx', rateLimits.windowStart, { hours: 'RETENTION_RATE_LIMIT_HOURS' }),
  olderThan('identification_flows', identificationFlows, 'identification_flows_expires_idx', identificationFlows.expiresAt, { hours: 'RETENTION_LOGIN_HOURS' }),
  olderThan('test_idp_codes', testIdpCodes, 'test_idp_codes_expires_idx', testIdpCodes.expiresAt, { hours: 'RETENTION_LOGIN_HOURS' }),
  // The test e-Authorizations service's Web API sessions (ADR 0050): useless once expired.
  olderThan('test_eauth_sessions', testEauthSessions, 'test_eauth_sessions_expires_idx', testEauthSessions.expiresAt, { hours: 'RETENTION_LOGIN_HOURS' }),
  olderThan('sms_challenges', smsChallenges, 'sms_challenges_expires_idx', smsChallenges.expiresAt, { hours: 'RETENTION_LOGIN_HOURS' }),
  // Every session has ended by its absolute expiry (idle, revoked or not); resuming one with an
  // SMS code never extends it (ADR 0012).
  olderThan('sessions', sessions, 'sessions_absolute_expires_idx', sessions.absoluteExpiresAt, { days: 'RETENTION_SESSION_DAYS' }),
  {
    // An SMS login code's text is a secret with no use once the code has expired.
    name: 'outbox:loginCode',
    table: outbox,
    index: 'outbox_created_idx',
    where: (now, s) =>
      and(lt(outbox.createdAt, before(now, s.RETENTION_LOGIN_HOURS * HOUR_MS)), eq(outbox.kind, 'loginCode'), inArray(outbox.state, ['sent', 'failed']))!,
  },
  {
    // Queued and sending messages stay whatever their age: they are delivery's work (and its alarm).
    name: 'outbox',
    table: outbox,
    index: 'outbox_created_idx',
    where: (now, s) => and(lt(outbox.createdAt, before(now, s.RETENTION_OUTBOX_DAYS * DAY_MS)), inArray(outbox.state, ['sent', 'failed']))!,
  },
  {
    // A scheduled reminder is the sweep's to settle (it drops a past one); written and dropped
    // ones only tell the confirmation page what happened.
    name: 'appointment_reminders',
    table: appointmentReminders,
    index: 'appointment_reminders_start_idx',
    where: (now, s) => and(lt(appointmentReminders.startAt, before(now, s.RETENTION_REMINDER_DAYS * DAY_MS)), ne(appointmentReminders.state, 'scheduled'))!,
  },
  {
    // An offer closed by its `expires_at` (its link takes nothing after it, single use or not). It
    // is still read while its request waits and its time is ahead: the matching never offers a
    // time to a request twice because the offer row is there. So it goes once its request has
    // ended or its time has started. This rule runs before the requests' one; what is left of an
    // ended request's offers then goes with the request (the foreign key cascades).
    name: 'earlier_time_offers',
    table: earlierTimeOffers,
    index: 'earlier_time_offers_expires_idx',
    where: (now, s) =>
      and(
        lt(earlierTimeOffers.expiresAt, before(now, s.RETENTION_EARLIER_TIME_DAYS * DAY_MS)),
        or(
          sql`exists (select 1 from ${earlierTimeRequests} r where r.id = ${earlierTimeOffers.requestId} and r.state <> 'active')`,
          sql`exists (select 1 from ${appointmentSlots} s where s.id = ${earlierTimeOffers.slotId} and s.start_at <= ${now.toISOString()}::timestamptz)`,
        ),
      )!,
  },
  {
    // Only an ended request has `ended_at` (a check constraint); an active one is never touched.
    name: 'earlier_time_requests',
    table: earlierTimeRequests,
    index: 'earlier_time_requests_ended_idx',
    where: (now, s) => and(lt(earlierTimeRequests.endedAt, before(now, s.RETENTION_EARLIER_TIME_DAYS * DAY_MS)), ne(earlierTimeRequests.state, 'active'))!,
  },
  olderThan('payment_events', paymentEvents, 'payment_events_at_idx', paymentEvents.at, { days: 'RETENTION_PAYMENT_EVENT_DAYS' }),
  olderThan('analytics_events', analyticsEvents, 'analytics_events_at_idx', analyticsEvents.at, { days: 'RETENTION_ANALYTICS_DAYS' }),
  olderThan('accessibility_feedback', accessibilityFeedback, 'accessibility_feedback_created_idx', accessibilityFeedback.createdAt, {
    days: 'RETENTION_ACCESSIBILITY_FEEDBACK_DAYS',
  }),
];

/** What one statement of a rule deletes: at most `limit` rows, found through the rule's index. */
function batchDelete(table: PgTable, where: SQL, limit: number): SQL {
  // The rows are picked by their physical address (ctid) in a subquery with a limit; the outer
  // condition is repeated so that a row changed meanwhile is deleted only if it still qualifies.
  return sql`with deleted as (
    delete from ${table}
    where ctid = any(array(select ctid from ${table} where ${where} limit ${limit})) and ${where}
    returning 1
  )
  select count(*)::int as count from deleted`;
}

/** Deletes what a rule selects, batch after batch, until a batch is short, `maxBatches` or the deadline. */
async function applyRule(db: Db, rule: RetentionRule, where: SQL, batchSize: number, maxBatches: number, deadline: number): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches && performance.now() < deadline; batch++) {
    const result = (await db.execute(batchDelete(rule.table, where, batchSize))) as unknown as { rows: { count: number }[] };
    const count = Number(result.rows[0]?.count ?? 0);
    total += count;
    if (count < batchSize) break;
  }
  return total;
}

export type RetentionSummary = Record<string, number>;

/**
 * One run at `now`: each rule in turn, each batch a statement of its own. `maxBatches` bounds a
 * rule's share of one run and `maxMs` the whole run (less than pg-boss's 15-minute job expiry,
 * so an expired job is never retried beside a run still going); a backlog beyond them is taken
 * up the next night.
 */
export async function runRetention(
  db: Db,
  settings: RetentionSettings,
  { now = clock.now(), maxBatches = 10_000, maxMs = 10 * 60_000 }: { now?: Date; maxBatches?: number; maxMs?: number } = {},
): Promise<RetentionSummary> {
  const deadline = performance.now() + maxMs;
  const summary: RetentionSummary = {};
  for (const rule of RETENTION_RULES) {
    summary[rule.name] = await applyRule(db, rule, rule.where(now, settings), settings.RETENTION_BATCH_SIZE, maxBatches, deadline);
  }
  return summary;
}

/** The retention job's queue on the instance's job runner. */
export const RETENTION_QUEUE = 'retention';

/** Registers the nightly run on the job runner: its worker and its daily schedule. */
export async function scheduleRetentionJob(
  runner: JobRunner,
  env: RetentionSettings & Pick<Env, 'RETENTION_DAILY_AT'>,
  getDb: () => Promise<Db>,
): Promise<void> {
  await runner.work(RETENTION_QUEUE, async () => {
    const started = clock.nowMs();
    const summary = await runRetention(await getDb(), env);
    logger.info({ ...summary, ms: clock.nowMs() - started }, 'retention run');
  });
  await runner.scheduleDaily(RETENTION_QUEUE, env.RETENTION_DAILY_AT);
}
