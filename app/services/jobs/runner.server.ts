/**
 * The one job runner of an app instance (ADR 0019, ADR 0029). With PostgreSQL (DATABASE_URL) it
 * is ONE pg-boss 12 on the same database (schema `pgboss_jobs`): a job sent by any instance is
 * taken by one worker of one instance, and a schedule's tick becomes one job. With the embedded
 * PGlite (one process, no second connection) the same API runs in process: a sent job runs on a
 * timer, a schedule is an interval. Areas register their queues on it (`work`, `schedule`) and
 * send jobs (`send`); `server.ts` starts it once (`startJobRunner`) and stops it gracefully.
 *
 * The runner is kept on `globalThis` (like the database handle) so that the server bundle's copy
 * of a service finds the runner `server.ts` started (`currentJobRunner`).
 */
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { Env } from '~/env.server';
import { clock } from '~/lib/clock.server';
import { isoDateOf, wallClock } from '~/lib/dates';
import { logger } from '~/services/observability/logger.server';

/**
 * pg-boss 12's schema. pg-boss 12 cannot migrate the schema pg-boss 10 made (`pgboss`, schema
 * version 24; 12 starts from 25), so it installs afresh under its own name and the old schema is
 * retired (ADR 0019).
 */
export const JOBS_SCHEMA = 'pgboss_jobs';
const PG_BOSS_10_SCHEMA = 'pgboss';
/** The oldest pg-boss schema version pg-boss 12 migrates in place. */
const OLDEST_MIGRATABLE_VERSION = 25;

/**
 * Drops the schema a pg-boss 10 instance left (`pgboss`, version below 25), once, under an
 * advisory lock so that instances starting together do not race. What it held is nothing to
 * keep: schedules are upserted again at start, a queued reconcile job only repeats the next
 * tick's work, and delivery jobs carry only an outbox id (the sweep finds every queued row).
 * A newer schema under that name, or none, is left alone.
 * Returns the retired schema's version, or null when there was none.
 */
async function retirePgBoss10Schema(connectionString: string): Promise<number | null> {
  const client = new pg.Client({ connectionString, application_name: 'patient-portal-jobs' });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('patient-portal:retire-pgboss-10'))");
    const table = await client.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [`${PG_BOSS_10_SCHEMA}.version`]);
    let retired: number | null = null;
    if (table.rows[0]?.exists) {
      const version = await client.query<{ version: number }>(`SELECT version FROM ${PG_BOSS_10_SCHEMA}.version`);
      const found = version.rows[0]?.version;
      if (found !== undefined && found < OLDEST_MIGRATABLE_VERSION) {
        await client.query(`DROP SCHEMA ${PG_BOSS_10_SCHEMA} CASCADE`);
        retired = found;
      }
    }
    await client.query('COMMIT');
    return retired;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** A job's payload: small JSON (an id, never a message's content or personal data). */
export type JobData = Record<string, unknown>;

export type JobHandler<T extends JobData> = (data: T) => Promise<void>;

export interface WorkOptions {
  /** Jobs this instance runs at the same time on the queue (default 1). */
  concurrency?: number;
  /** How often an idle pg-boss worker looks for jobs (seconds, ≥ 0.5; default 2). */
  pollingIntervalSeconds?: number;
  /** Wake workers at once when a job is sent (pg-boss LISTEN/NOTIFY; polling stays as a floor). */
  notify?: boolean;
  /** How many times pg-boss retries a job whose handler threw (default 2). */
  retryLimit?: number;
}

export interface SendOptions {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface JobRunner {
  kind: 'pg-boss' | 'in-process';
  /** The pg-boss instance (PostgreSQL only), e.g. for a test to look at schedules. */
  boss: PgBoss | null;
  /** Creates the queue and runs `handler` for its jobs on this instance. */
  work<T extends JobData>(queue: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Sends one job to a queue (any instance's worker may take it). */
  send<T extends JobData>(queue: string, data: T, options?: SendOptions): Promise<void>;
  /**
   * A recurring job every `everyMinutes` (1–59; Europe/Helsinki cron on pg-boss, where every
   * instance upserts the same schedule and each tick is one job; an interval in process).
   */
  schedule(queue: string, everyMinutes: number): Promise<void>;
  /**
   * A job once a day at `timeOfDay` (HH:MM, Europe/Helsinki): a pg-boss cron schedule `M H * * *`
   * (one job per day across instances); in process, a minute's check of the app clock's Helsinki
   * time, at most one run per Helsinki date.
   */
  scheduleDaily(queue: string, timeOfDay: string): Promise<void>;
  /** Stops taking jobs and waits (up to 10 s) for the running ones. */
  stop(): Promise<void>;
  /** Each queue's jobs by state, for the metrics (pg-boss: its cached queue counts). */
  queueCounts(): Promise<QueueCounts[]>;
}

/** A queue's jobs by state: waiting to run now, waiting for a later time, running, failed and kept. */
export interface QueueCounts {
  queue: string;
  ready: number;
  deferred: number;
  active: number;
  failed: number;
}

const globalForJobs = globalThis as unknown as { __portalJobs?: JobRunner };

/** The runner this process started (server.ts), or null (scripts, tests that did not start one). */
export function currentJobRunner(): JobRunner | null {
  return globalForJobs.__portalJobs ?? null;
}

/** Makes `runner` the process's runner (`currentJobRunner`); null forgets it. */
export function setCurrentJobRunner(runner: JobRunner | null): void {
  if (runner) globalForJobs.__portalJobs = runner;
  else delete globalForJobs.__portalJobs;
}

/** The cron expression of "daily at HH:MM" (`M H * * *`), for a time of day as `RETENTION_DAILY_AT` gives it. */
export function dailyCron(timeOfDay: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(timeOfDay);
  if (!match) throw new Error(`not a time of day (HH:MM): ${timeOfDay}`);
  return `${Number(match[2])} ${Number(match[1])} * * *`;
}

/** The Helsinki date and time of day (HH:MM) of an instant. */
function helsinkiDateAndTime(instant: Date): { date: string; time: string } {
  const wall = wallClock(instant);
  return { date: isoDateOf(wall), time: `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}` };
}

/** The cron expression of "every N minutes" (N is capped at 59: cron's minute field). */
function everyMinutesCron(minutes: number): string {
  const n = Math.max(1, Math.min(Math.floor(minutes), 59));
  return n === 1 ? '* * * * *' : `*/${n} * * * *`;
}

async function startPgBoss(connectionString: string): Promise<JobRunner> {
  const retired = await retirePgBoss10Schema(connectionString);
  if (retired !== null) logger.info({ version: retired }, 'retired the pg-boss 10 job schema');
  const boss = new PgBoss({
    connectionString,
    schema: JOBS_SCHEMA,
    max: 3,
    application_name: 'patient-portal-jobs',
    useListenNotify: true,
  });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'pg-boss error'));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (queue: string, options: WorkOptions = {}) => {
    if (created.has(queue)) return;
    await boss.createQueue(queue, { notify: options.notify ?? false, retryLimit: options.retryLimit ?? 2 });
    created.add(queue);
  };
  return {
    kind: 'pg-boss',
    boss,
    async work(queue, handler, options = {}) {
      await ensureQueue(queue, options);
      await boss.work(
        queue,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          // With NOTIFY on, pg-boss would otherwise poll only every 30 s, and a delayed job (a
          // retry's) is announced when it is sent, not when it is due.
          notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          localConcurrency: options.concurrency ?? 1,
          batchSize: 1,
        },
        async ([job]) => {
          if (job) await handler(job.data as never);
        },
      );
    },
    async send(queue, data, options = {}) {
      await ensureQueue(queue);
      await boss.send(queue, data, options.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {});
    },
    async schedule(queue, everyMinutes) {
      await ensureQueue(queue);
      await boss.schedule(queue, everyMinutesCron(everyMinutes), {}, { tz: 'Europe/Helsinki' });
    },
    async scheduleDaily(queue, timeOfDay) {
      await ensureQueue(queue);
      await boss.schedule(queue, dailyCron(timeOfDay), {}, { tz: 'Europe/Helsinki' });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
    async queueCounts() {
      // One query on pg-boss's queue table, whose counts its monitor keeps current.
      const queues = await boss.getQueues();
      return queues.map((q) => ({
        queue: q.name,
        ready: q.readyCount,
        deferred: q.deferredCount + q.blockedCount,
        active: q.activeCount,
        failed: q.failedCount,
      }));
    },
  };
}

/** The embedded database's runner: the same API on timers in this process. */
function startInProcess(): JobRunner {
  const handlers = new Map<string, { handler: JobHandler<JobData>; concurrency: number; active: number; waiting: JobData[]; delayed: number }>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  const pump = (queue: string) => {
    const entry = handlers.get(queue);
    if (!entry || stopped) return;
    while (entry.active < entry.concurrency && entry.waiting.length > 0) {
      const data = entry.waiting.shift()!;
      entry.active += 1;
      const run = entry
        .handler(data)
        .catch((error: unknown) => logger.error({ err: error, queue }, 'job failed'))
        .finally(() => {
          entry.active -= 1;
          running.delete(run);
          pump(queue);
        });
      running.add(run);
    }
  };
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const enqueue = (queue: string, data: JobData) => {
    const entry = handlers.get(queue);
    if (!entry) return;
    entry.waiting.push(data);
    pump(queue);
  };

  return {
    kind: 'in-process',
    boss: null,
    async work(queue, handler, options = {}) {
      handlers.set(queue, { handler: handler as JobHandler<JobData>, concurrency: options.concurrency ?? 1, active: 0, waiting: [], delayed: 0 });
    },
    async send(queue, data, options = {}) {
      if (stopped) return;
      const entry = handlers.get(queue);
      if (entry) entry.delayed += 1;
      later(Math.max(0, (options.startAfterSeconds ?? 0) * 1000), () => {
        if (entry) entry.delayed -= 1;
        enqueue(queue, data);
      });
    },
    async schedule(queue, everyMinutes) {
      const minutes = Math.max(1, Math.min(Math.floor(everyMinutes), 59));
      const timer = setInterval(() => {
        const entry = handlers.get(queue);
        // A tick never overlaps the previous one (as one pg-boss job per tick would not pile up).
        if (entry && entry.active === 0 && entry.waiting.length === 0) enqueue(queue, {});
      }, minutes * 60_000);
      timer.unref();
      timers.add(timer);
    },
    async scheduleDaily(queue, timeOfDay) {
      dailyCron(timeOfDay);
      // The Helsinki date of the last run (started after today's time: the first run is
      // tomorrow's, as cron's would be). A minute's timer may fire twice within a minute or miss
      // one when the event loop is busy, so a run is due from HH:MM until the date changes.
      const started = helsinkiDateAndTime(clock.now());
      let ranOn: string | null = started.time >= timeOfDay ? started.date : null;
      const timer = setInterval(() => {
        const { date, time } = helsinkiDateAndTime(clock.now());
        if (ranOn === date || time < timeOfDay) return;
        ranOn = date;
        enqueue(queue, {});
      }, 60_000);
      timer.unref();
      timers.add(timer);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) {
        clearTimeout(timer);
        clearInterval(timer);
      }
      timers.clear();
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, 10_000);
          timeout.unref();
        }),
      ]);
      clearTimeout(timeout);
    },
    async queueCounts() {
      // A failed job is logged and dropped in process (no retries kept): none are counted.
      return [...handlers].map(([queue, e]) => ({ queue, ready: e.waiting.length, deferred: e.delayed, active: e.active, failed: 0 }));
    },
  };
}

/** Starts the runner: pg-boss with a DATABASE_URL, otherwise in process. */
export async function startJobRunner(env: Pick<Env, 'DATABASE_URL'>): Promise<JobRunner> {
  return env.DATABASE_URL ? startPgBoss(env.DATABASE_URL) : startInProcess();
}
