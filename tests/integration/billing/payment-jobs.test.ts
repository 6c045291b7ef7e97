/**
 * The payment reconciliation job on the instance's job runner (ADR 0019, ADR 0029): on PostgreSQL
 * a pg-boss queue on the same database whose worker runs `runReconcileJob`; on PGlite the same
 * function in process on an interval.
 * A delayed payment (the bank confirms after the browser came back, no callback) is settled.
 */
import { eq } from 'drizzle-orm';
// The release production ran before (ADR 0019), for the schema it leaves behind.
import PgBoss10 from 'pg-boss-v10';
import { describe, expect, it } from 'vitest';
import { createInvoice } from '~db/factories';
import { invoices, payments, persons } from '~db/schema';
import { DEMO_PERSONS } from '~db/seed-data';
import type { Db } from '~/services/db/db.server';
import { handleProviderReturn, paymentClient, preparePayment } from '~/services/billing/payments.server';
import { RECONCILE_QUEUE, runReconcileJob, scheduleReconcileJob } from '~/services/billing/reconcile-job.server';
import { JOBS_SCHEMA, startJobRunner, type JobRunner } from '~/services/jobs/runner.server';
import { completeTestBankPayment, findTestBankPayment, TEST_MERCHANT } from '~/services/billing/test-provider.server';
import { databaseKinds, postgresUrlFor, testDatabaseUrl, withPostgresClient, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

const ORIGIN = 'http://localhost:3000';

/** A payment the bank confirmed late: the browser came back with `pending`, no callback came. */
async function delayedPayment(db: Db) {
  const [aino] = await db.select().from(persons).where(eq(persons.identityCode, DEMO_PERSONS.aino.identityCode));
  const invoice = await createInvoice(db, {
    invoiceNumber: String(700_000_000 + Math.floor(Math.random() * 99_999_999)),
    personId: aino!.id,
    source: 'CustomerInvoice',
    status: 'open',
    sumCents: 3300,
    creationDate: clock.now(),
  });
  const client = paymentClient(db, ORIGIN);
  const prepared = await preparePayment(db, client, {
    viewer: { personId: aino!.id, youngWardIds: [], olderWardIds: [] },
    payer: { email: 'aino.virtanen@example.fi', firstName: 'Aino', lastName: 'Virtanen' },
    invoiceNumber: invoice.invoiceNumber,
    lang: 'fi',
    origin: ORIGIN,
    returnUrl: `${ORIGIN}/fi/maksu/${invoice.invoiceNumber}`,
    callbackUrl: `${ORIGIN}/api/payments/callback`,
    browserBindingHash: 'h',
  });
  if (prepared.type !== 'ready') throw new Error(prepared.type);
  const method = prepared.methods[0]!;
  const field = (name: string) => method.parameters.find((p) => p.name === name)!.value;
  const bank = await findTestBankPayment(
    db,
    { transaction: field('transaction'), method: field('method'), signature: field('bank-signature') },
    TEST_MERCHANT.secret,
  );
  const done = await completeTestBankPayment(db, bank!, method.id, 'delayed', TEST_MERCHANT.secret);
  expect((await handleProviderReturn(db, client, new URL(done.redirectUrl).searchParams, 'redirect')).result).toBe('pending');
  // As if the browser came back twenty minutes ago.
  await db
    .update(payments)
    .set({ createdAt: new Date(clock.nowMs() - 20 * 60_000) })
    .where(eq(payments.id, prepared.paymentId));
  return invoice;
}

/** Which of pg-boss's schemas the database has (10's `pgboss`, ours), and our schema's version. */
async function jobSchemas(url: string) {
  return withPostgresClient(url, async (client) => {
    const found = await client.query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE nspname IN ('pgboss', $1) ORDER BY 1", [JOBS_SCHEMA]);
    const names = found.rows.map((row) => row.name);
    const version = names.includes(JOBS_SCHEMA)
      ? ((await client.query<{ version: number }>(`SELECT version FROM ${JOBS_SCHEMA}.version`)).rows[0]?.version ?? null)
      : null;
    return { names, version };
  });
}

async function statusOf(db: Db, id: number) {
  return (await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]!.status;
}

const JOB_SETTINGS = { PAYMENT_RECONCILE_INTERVAL_MINUTES: 5, PUBLIC_ORIGIN: ORIGIN, PORT: 3000 };

/** What server.ts does for the reconciliation: one runner, the job registered on it. */
async function startPaymentJobs(databaseUrl: string | undefined, db: Db): Promise<JobRunner> {
  const runner = await startJobRunner({ DATABASE_URL: databaseUrl });
  await scheduleReconcileJob(runner, JOB_SETTINGS, async () => db);
  return runner;
}

/** The reconcile schedule is in place, and a job sent now (not at the next tick) settles the invoice. */
async function expectScheduledAndSettled(jobs: JobRunner, db: Db, invoiceId: number) {
  expect((await jobs.boss!.getSchedules()).map((schedule) => [schedule.name, schedule.cron])).toContainEqual([RECONCILE_QUEUE, '*/5 * * * *']);
  await jobs.boss!.send(RECONCILE_QUEUE, {});
  const deadline = performance.now() + 20_000;
  while ((await statusOf(db, invoiceId)) !== 'paid' && performance.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  expect(await statusOf(db, invoiceId)).toBe('paid');
}

describe.each(databaseKinds())('payment reconciliation job on %s', (kind) => {
  const t = withTestDatabase(kind, { seed: true });

  it('runs the job function and settles a delayed payment', async () => {
    const invoice = await delayedPayment(t.db);
    const summary = await runReconcileJob(t.db, ORIGIN);
    expect(summary.settled).toBeGreaterThanOrEqual(1);
    expect(await statusOf(t.db, invoice.id)).toBe('paid');
  });

  it(
    kind === 'postgres' ? 'schedules it with pg-boss on the same database; a worker runs it' : 'runs it in process on an interval',
    async () => {
      if (kind === 'pglite') {
        const jobs = await startPaymentJobs(undefined, t.db);
        expect(jobs.kind).toBe('in-process');
        await jobs.stop();
        return;
      }
      const invoice = await delayedPayment(t.db);
      const jobs = await startPaymentJobs(postgresUrlFor(testDatabaseUrl()!, t.database.location), t.db);
      try {
        expect(jobs.kind).toBe('pg-boss');
        await expectScheduledAndSettled(jobs, t.db, invoice.id);
      } finally {
        await jobs.stop();
      }
    },
    40_000,
  );

  it.runIf(kind === 'postgres')(
    'takes over a database that pg-boss 10 scheduled on: the old schema is retired, the job runs on pg-boss 12',
    async () => {
      const url = postgresUrlFor(testDatabaseUrl()!, t.database.location);
      await withPostgresClient(url, (client) => client.query(`DROP SCHEMA IF EXISTS ${JOBS_SCHEMA} CASCADE`));
      // As production has it: pg-boss 10's schema (version 24) with the schedule and a queued job.
      const old = new PgBoss10({ connectionString: url, max: 1 });
      old.on('error', () => undefined);
      await old.start();
      await old.createQueue(RECONCILE_QUEUE);
      await old.schedule(RECONCILE_QUEUE, '*/5 * * * *', {}, { tz: 'Europe/Helsinki' });
      await old.send(RECONCILE_QUEUE, {});
      await old.stop({ graceful: false, wait: true });
      expect(await jobSchemas(url)).toEqual({ names: ['pgboss'], version: null });

      const invoice = await delayedPayment(t.db);
      const jobs = await startPaymentJobs(url, t.db);
      try {
        const found = await jobSchemas(url);
        expect(found.names).toEqual([JOBS_SCHEMA]);
        expect(found.version).toBeGreaterThanOrEqual(25);
        await expectScheduledAndSettled(jobs, t.db, invoice.id);
      } finally {
        await jobs.stop();
      }
      // A second start finds nothing to retire and the same schema.
      const again = await startPaymentJobs(url, t.db);
      await again.stop();
      expect((await jobSchemas(url)).names).toEqual([JOBS_SCHEMA]);
    },
    60_000,
  );
});
