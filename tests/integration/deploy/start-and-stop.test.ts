/**
 * Deploy-safe start and stop (issue 27, ADR 0039), on real instances of the production build
 * started as an operator starts them (scripts/start.ts) (that three instances started at once on an
 * empty PostgreSQL database apply each migration once and seed once is the cluster test's, which
 * starts them so: tests/cluster/cluster.test.ts):
 * - SIGTERM while 20 requests are in flight: all 20 are answered, new connections are refused,
 *   the process exits 0; the wait is bounded by SHUTDOWN_TIMEOUT_MS;
 * - /readyz compares the journal with drizzle's migrations table;
 * - a database that goes away (connections refused, the instance's ended) makes /readyz 503 while
 *   the instance lives on, and it is ready again when the database is back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { journalEntries } from '~db/migrate';
import { pendingMigrations } from '~db/migration-state';
import { env } from '~/env.server';
import * as slowRoute from '~/routes/dev/test-slow';
import { ensureBuild } from '../../fixtures/build';
import {
  countAppliedMigrations,
  createTestDatabase,
  databaseKinds,
  postgresUrlFor,
  testDatabaseUrl,
  withPostgresClient,
  withTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from '../../fixtures/db';
import { REPO_ROOT, freePort, startPortal, type PortalProcess } from '../../fixtures/portal-process';

const IN_FLIGHT = 20;

/** Instances still running when a test ends are killed (a failed assertion must not leave them). */
const started: PortalProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((p) => p.kill()));
});

/** GET on a new connection (no keep-alive pool): its status, or 'refused'. */
function newConnectionStatus(portal: PortalProcess, pathname: string): Promise<number | 'refused'> {
  return new Promise((resolve) => {
    const request = http.get(`${portal.origin}${pathname}`, { agent: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : 0));
  });
}

async function start(env: Record<string, string>): Promise<PortalProcess> {
  const portal = startPortal({ port: await freePort(), env });
  started.push(portal);
  return portal;
}

describe.each(databaseKinds())('SIGTERM on %s', (kind: TestDatabaseKind) => {
  /** A database for one instance: a migrated PostgreSQL database, or a fresh PGlite directory. */
  async function instanceDatabase(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
    if (kind === 'postgres') {
      const database: TestDatabase = await createTestDatabase('postgres');
      return { env: { DATABASE_URL: postgresUrlFor(testDatabaseUrl()!, database.location), DATABASE_POOL_SIZE: '5' }, close: () => database.close() };
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-stop-'));
    return { env: { PGLITE_DATA_DIR: path.join(dir, 'pglite') }, close: async () => rmSync(dir, { recursive: true, force: true }) };
  }

  const slow = (portal: PortalProcess, ms: number) => fetch(`${portal.origin}/dev/test-fixtures/slow?ms=${ms}`);
  async function holding(portal: PortalProcess): Promise<number> {
    const response = await fetch(`${portal.origin}/dev/test-fixtures/slow?holding`);
    return ((await response.json()) as { holding: number }).holding;
  }
  async function untilHolding(portal: PortalProcess, n: number) {
    for (let i = 0; i < 600; i++) {
      if ((await holding(portal)) === n) return;
      await delay(50);
    }
    throw new Error(`the instance never held ${n} requests`);
  }

  it(`during ${IN_FLIGHT} requests in flight: all are answered, new connections are refused, exit 0`, { timeout: 300_000 }, async () => {
    ensureBuild(REPO_ROOT);
    const database = await instanceDatabase();
    try {
      const portal = await start(database.env);
      await portal.waitUntilReady();
      const holdMs = 6_000;
      const sentAt = performance.now();
      const answers = Array.from({ length: IN_FLIGHT }, () =>
        slow(portal, holdMs).then(
          async (response) => ({ status: response.status, body: (await response.json()) as unknown }),
          (error: unknown) => ({ status: 0, body: String(error) }),
        ),
      );
      await untilHolding(portal, IN_FLIGHT);
      portal.signal('SIGTERM');

      // Stops accepting at once (long before the held requests are answered).
      let refused = false;
      for (let i = 0; i < 40 && !refused; i++) {
        refused = (await newConnectionStatus(portal, '/healthz')) === 'refused';
        if (!refused) await delay(50);
      }
      expect(refused).toBe(true);
      expect(portal.hasExited()).toBe(false);

      const results = await Promise.all(answers);
      expect(results).toEqual(Array.from({ length: IN_FLIGHT }, () => ({ status: 200, body: { heldMs: holdMs } })));
      expect(performance.now() - sentAt).toBeGreaterThanOrEqual(holdMs);
      expect(await portal.exited, portal.output()).toEqual({ code: 0, signal: null });
      expect(portal.output()).toMatch(/^Stopped \(SIGTERM\) in \d+ ms\.$/m);
    } finally {
      await Promise.all(started.map((p) => p.kill()));
      await database.close();
    }
  });

  // The same code on either database: run on one (PostgreSQL when there is one).
  it.runIf(kind === databaseKinds().at(-1))(
    'with SHUTDOWN_DRAIN_MS answers /readyz 503 while still serving; waits for requests in flight no longer than SHUTDOWN_TIMEOUT_MS',
    { timeout: 300_000 },
    async () => {
      ensureBuild(REPO_ROOT);
      const database = await instanceDatabase();
      try {
        const portal = await start({ ...database.env, SHUTDOWN_DRAIN_MS: '3000', SHUTDOWN_TIMEOUT_MS: '1000' });
        await portal.waitUntilReady();
        expect(await newConnectionStatus(portal, '/readyz')).toBe(200);
        const answers = Array.from({ length: 3 }, () =>
          slow(portal, 60_000).then(
            (r) => r.status,
            () => 'cut off',
          ),
        );
        await untilHolding(portal, 3);
        const signalledAt = performance.now();
        portal.signal('SIGTERM');

        // Draining: not ready, yet alive and answering.
        let readiness = await newConnectionStatus(portal, '/readyz');
        for (let i = 0; i < 20 && readiness === 200; i++) {
          await delay(50);
          readiness = await newConnectionStatus(portal, '/readyz');
        }
        expect(readiness).toBe(503);
        expect(await newConnectionStatus(portal, '/healthz')).toBe(200);

        expect(await portal.exited, portal.output()).toEqual({ code: 0, signal: null });
        // The drain, the limit, then the job workers' and the pool's stop: far less than the minute held.
        expect(performance.now() - signalledAt).toBeLessThan(25_000);
        expect(await Promise.all(answers)).toEqual(['cut off', 'cut off', 'cut off']);
        expect(portal.output()).toContain('3 requests cut off at the 1000 ms limit');
      } finally {
        await Promise.all(started.map((p) => p.kill()));
        await database.close();
      }
    },
  );
});

describe.skipIf(!testDatabaseUrl())('readiness over HTTP when the database goes away (PostgreSQL)', () => {
  it(
    '/readyz answers 503 "database" while the database refuses connections, /healthz stays 200, and it is ready again once the database is back',
    { timeout: 300_000 },
    async () => {
      ensureBuild(REPO_ROOT);
      const database = await createTestDatabase('postgres');
      const name = database.location;
      const admin = testDatabaseUrl()!;
      const readiness = async (portal: PortalProcess) => {
        const response = await fetch(`${portal.origin}/readyz`);
        return { status: response.status, body: (await response.json()) as unknown };
      };
      try {
        const portal = await start({ DATABASE_URL: postgresUrlFor(admin, name), DATABASE_POOL_SIZE: '3' });
        await portal.waitUntilReady();
        expect(await readiness(portal)).toEqual({ status: 200, body: { status: 'ready' } });

        // The database goes away: no new connections, and the instance's are ended.
        await withPostgresClient(admin, async (client) => {
          await client.query(`alter database "${name}" allow_connections false`);
          await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        });
        // The connection the readiness check above used sits idle in the pool: its end reaches the
        // pool on its own. Wait for that before asking again, or the next check can take the
        // connection out of the pool before the end arrives and meet it as a query's error instead.
        for (let i = 0; i < 100 && !portal.output().includes('the database ended an idle connection'); i++) await delay(100);
        let answer = await readiness(portal);
        for (let i = 0; i < 100 && answer.status === 200; i++) {
          await delay(100);
          answer = await readiness(portal);
        }
        expect(answer, portal.output()).toEqual({ status: 503, body: { status: 'unavailable', reason: 'database' } });
        // Alive all the while: the balancer stops sending requests, the orchestrator does not restart it.
        expect((await fetch(`${portal.origin}/healthz`)).status).toBe(200);
        expect(portal.hasExited()).toBe(false);

        // Back: the pool connects again and the instance is ready without a restart.
        await withPostgresClient(admin, (client) => client.query(`alter database "${name}" allow_connections true`));
        answer = await readiness(portal);
        for (let i = 0; i < 100 && answer.status !== 200; i++) {
          await delay(100);
          answer = await readiness(portal);
        }
        expect(answer, portal.output()).toEqual({ status: 200, body: { status: 'ready' } });
        expect(portal.output()).toContain('readiness check failed');
        // The pool's idle connections the server ended were told, not thrown (which ended the process before).
        expect(portal.output()).toContain('the database ended an idle connection');
        expect(portal.output()).not.toMatch(/uncaught|unhandled/i);

        portal.signal('SIGTERM');
        expect(await portal.exited, portal.output()).toEqual({ code: 0, signal: null });
      } finally {
        await Promise.all(started.map((p) => p.kill()));
        await withPostgresClient(admin, (client) => client.query(`alter database "${name}" allow_connections true`)).catch(() => {});
        await database.close();
      }
    },
  );
});

describe('the slow test route', () => {
  it('is a plain 404 outside DEPLOYMENT_ENV=test (this worker is a development deployment)', async () => {
    expect(env().DEPLOYMENT_ENV).not.toBe('test');
    const thrown = await slowRoute
      .loader({ request: new Request('http://localhost/dev/test-fixtures/slow?ms=1') } as Parameters<typeof slowRoute.loader>[0])
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});

describe.each(databaseKinds())("readiness: the journal against drizzle's migrations table on %s", (kind) => {
  const t = withTestDatabase(kind);
  const journal = journalEntries();

  it('nothing is pending on a migrated database; the newest is when its row is missing; a database ahead is current', async () => {
    expect(await countAppliedMigrations(t.db)).toBe(journal.length);
    expect(await pendingMigrations(t.db, journal)).toEqual([]);

    const newest = journal.at(-1)!;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when}`);
    expect(await pendingMigrations(t.db, journal)).toEqual([newest]);

    // A newer version migrated the database during a rolling deploy: this build is still ready.
    await t.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${newest.when + 1})`);
    expect(await pendingMigrations(t.db, journal)).toEqual([]);
  });
});
