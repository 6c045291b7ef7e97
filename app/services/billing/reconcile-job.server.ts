/**
 * The payment reconciliation job (ADR 0019): every PAYMENT_RECONCILE_INTERVAL_MINUTES it asks
 * the provider for the status of payments still without a final answer (`reconcilePayments`).
 * With PostgreSQL it is a pg-boss cron schedule on the same database: every app instance runs a
 * worker, pg-boss hands each tick to one of them, and the same queue machinery will send the
 * queued SMS and e-mail later. The embedded PGlite (one process, no second connection) runs the
 * same job function in process on a timer.
 */
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { Env } from '~/env.server';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { paymentClient, reconcilePayments, type ReconcileSummary } from './payments.server';

export const RECONCILE_QUEUE = 'payments-reconcile';

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
 * keep: the reconcile schedule is upserted again below, and a queued reconcile job only repeats
 * the next tick's work. A newer schema under that name, or none, is left alone.
 * Returns the retired schema's version, or null when there was none.
 */
export async function retirePgBoss10Schema(connectionString: string): Promise<number | null> {
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

/** One run of the job: the one function both schedulers call. */
export async function runReconcileJob(db: Db, origin: string): Promise<ReconcileSummary> {
  const summary = await reconcilePayments(db, paymentClient(db, origin));
  if (summary.checked) logger.info({ ...summary }, 'payments reconciled');
  return summary;
}

export interface PaymentJobs {
  kind: 'pg-boss' | 'timer';
  /** The pg-boss instance (PostgreSQL only), e.g. to send a job at once. */
  boss: PgBoss | null;
  stop(): Promise<void>;
}

/** Starts the scheduler: pg-boss with a DATABASE_URL, otherwise an in-process timer. */
export async function startPaymentJobs(
  env: Pick<Env, 'DATABASE_URL' | 'PAYMENT_RECONCILE_INTERVAL_MINUTES' | 'PUBLIC_ORIGIN' | 'PORT'>,
  getDb: () => Promise<Db>,
): Promise<PaymentJobs> {
  const origin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
  const minutes = Math.min(env.PAYMENT_RECONCILE_INTERVAL_MINUTES, 59);
  const run = async () => runReconcileJob(await getDb(), origin);

  if (env.DATABASE_URL) {
    const retired = await retirePgBoss10Schema(env.DATABASE_URL);
    if (retired !== null) logger.info({ version: retired }, 'retired the pg-boss 10 job schema');
    const boss = new PgBoss({
      connectionString: env.DATABASE_URL,
      schema: JOBS_SCHEMA,
      max: 2,
      application_name: 'patient-portal-jobs',
    });
    boss.on('error', (error: unknown) => logger.error({ err: error }, 'pg-boss error'));
    await boss.start();
    await boss.createQueue(RECONCILE_QUEUE);
    await boss.schedule(RECONCILE_QUEUE, `*/${minutes} * * * *`, {}, { tz: 'Europe/Helsinki' });
    await boss.work(RECONCILE_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
      await run();
    });
    return { kind: 'pg-boss', boss, stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
  }

  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run()
      .catch((error: unknown) => logger.error({ err: error }, 'payment reconciliation failed'))
      .finally(() => (running = false));
  }, minutes * 60_000);
  timer.unref();
  return { kind: 'timer', boss: null, stop: async () => clearInterval(timer) };
}
