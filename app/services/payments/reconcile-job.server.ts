/**
 * The payment reconciliation job (ADR 0019): every PAYMENT_RECONCILE_INTERVAL_MINUTES it asks
 * the provider for the status of payments still without a final answer (`reconcilePayments`).
 * With PostgreSQL it is a pg-boss cron schedule on the same database: every app instance runs a
 * worker, pg-boss hands each tick to one of them, and the same queue machinery will send the
 * queued SMS and e-mail later. The embedded PGlite (one process, no second connection) runs the
 * same job function in process on a timer.
 */
import PgBoss from 'pg-boss';
import type { Env } from '~/env.server';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { paymentClient, reconcilePayments, type ReconcileSummary } from './payments.server';

export const RECONCILE_QUEUE = 'payments-reconcile';

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
    const boss = new PgBoss({ connectionString: env.DATABASE_URL, max: 2, application_name: 'patient-portal-jobs' });
    boss.on('error', (error) => logger.error({ err: error }, 'pg-boss error'));
    await boss.start();
    await boss.createQueue(RECONCILE_QUEUE);
    await boss.schedule(RECONCILE_QUEUE, `*/${minutes} * * * *`, {}, { tz: 'Europe/Helsinki' });
    await boss.work(RECONCILE_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
      await run();
    });
    return { kind: 'pg-boss', boss, stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
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
