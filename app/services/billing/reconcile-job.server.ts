/**
 * The payment reconciliation job (ADR 0019): every PAYMENT_RECONCILE_INTERVAL_MINUTES it asks
 * the provider for the status of payments still without a final answer (`reconcilePayments`)
 * and sends again the refunds the provider has not answered (`sendRequestedRefunds`, ADR 0048).
 * It is one recurring job on the instance's job runner (`app/services/jobs`, ADR 0029): with
 * PostgreSQL a pg-boss cron schedule on the same database (every instance runs a worker, pg-boss
 * hands each tick to one of them); with the embedded PGlite the same job function in process on
 * an interval.
 */
import type { Env } from '~/env.server';
import type { Db } from '~/services/db/db.server';
import type { JobRunner } from '~/services/jobs/runner.server';
import { logger } from '~/services/observability/logger.server';
import { paymentClient, reconcilePayments, type ReconcileSummary } from './payments.server';
import { sendRequestedRefunds } from './refunds.server';

export const RECONCILE_QUEUE = 'payments-reconcile';

/** One run of the job: the one function both schedulers call. */
export async function runReconcileJob(db: Db, origin: string): Promise<ReconcileSummary & { refundsSent: number; refunded: number }> {
  const client = paymentClient(db, origin);
  const summary = await reconcilePayments(db, client);
  if (summary.checked) logger.info({ ...summary }, 'payments reconciled');
  const refunds = await sendRequestedRefunds(db, client);
  if (refunds.sent) logger.info({ ...refunds }, 'refunds sent again');
  return { ...summary, refundsSent: refunds.sent, refunded: refunds.refunded };
}

/** Registers the reconciliation on the runner: its worker and its schedule. */
export async function scheduleReconcileJob(
  runner: JobRunner,
  env: Pick<Env, 'PAYMENT_RECONCILE_INTERVAL_MINUTES' | 'PUBLIC_ORIGIN' | 'PORT'>,
  getDb: () => Promise<Db>,
): Promise<void> {
  const origin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
  await runner.work(RECONCILE_QUEUE, async () => {
    await runReconcileJob(await getDb(), origin);
  });
  await runner.schedule(RECONCILE_QUEUE, env.PAYMENT_RECONCILE_INTERVAL_MINUTES);
}
