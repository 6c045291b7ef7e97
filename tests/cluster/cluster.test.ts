/**
 * Several instances behind a real load balancer (issue 27, ADR 0039): HAProxy (Debian's package)
 * in front of three instances of the production build, started at once on one empty PostgreSQL
 * database.
 * 0. The three starting at once apply each migration once (the advisory lock around drizzle's
 *    migrator) and seed once, and all become ready.
 * 1. Per-address limits through the balancer: two clients (connections from 127.0.0.2 and
 *    127.0.0.3) have separate identification limits, shared by the three instances, and a
 *    forged X-Forwarded-For neither resets a client's count nor makes it another client.
 * 2. The 100-way reservation race through the balancer: exactly one reservation.
 * 3. 30 s of load (pages, a logged-in page, reservations of free times) while one instance is
 *    restarted midway (SIGTERM, started again): zero failed requests, every reservation kept.
 * Prints the figures (requests, failures, latency percentiles, restart times, HAProxy's retries).
 *
 * `npm run test:cluster`; needs TEST_DATABASE_URL (skipped without) and HAProxy (HAPROXY,
 * /usr/sbin/haproxy or on PATH; .ci/run installs Debian's package).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { eq, inArray, max, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '~db/client';
import { journalEntries } from '~db/migrate';
import { createPerson, createSlot } from '~db/factories';
import { appointments } from '~db/schema';
import { makeIdentityCode } from '~/models/identity-code';
import type { CookieJar } from '../../bench/cookie-jar';
import { send } from '../../bench/http';
import { loginDemoPerson, DEMO_PERSON } from '../../bench/login';
import { openReservation, reserveAnonymously, type AnonymousVisitor } from '../fixtures/anonymous-reservation';
import { ensureBuild } from '../fixtures/build';
import { clock } from '../fixtures/clock';
import { createEmptyPostgresDatabase, testDatabaseUrl, withPostgresClient } from '../fixtures/db';
import { REPO_ROOT, freePort, startPortal, type PortalProcess } from '../fixtures/portal-process';
import { findHaproxy, startHaproxy, type Haproxy, type ServerStats } from './haproxy';

const INSTANCES = 3;
const VISITORS = 100;
const LOAD_MS = 30_000;
/** The restart begins this long into the load. */
const RESTART_AT_MS = 8_000;
const PAGE_WORKERS = 8;
const BOOKING_WORKERS = 2;
const BOOKABLE = 400;
/** Identification starts per address per 10 minutes on these instances: low, so the proof is a few requests. */
const IDENTIFICATION_LIMIT = 3;

const haproxyBinary = findHaproxy();
const say = (line: string) => process.stdout.write(`[cluster] ${line}\n`);

/**
 * GET over a connection from `localAddress` (any 127.x address reaches HAProxy's 127.0.0.1): the
 * address HAProxy sees is the client's identity, as a real client's would be. Answers the status.
 */
function getFrom(localAddress: string, url: URL, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { localAddress, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe.skipIf(!testDatabaseUrl())('three instances behind HAProxy on one PostgreSQL database', () => {
  let dir: string;
  let empty: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let database: Database;
  let variables: Record<string, string>;
  const instances: PortalProcess[] = [];
  const restarted: PortalProcess[] = [];
  let haproxy: Haproxy;

  beforeAll(async () => {
    if (!haproxyBinary) throw new Error("HAProxy not found: install Debian's package (apt-get install haproxy) or set HAPROXY");
    ensureBuild(REPO_ROOT);
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
    empty = await createEmptyPostgresDatabase();
    variables = {
      DATABASE_URL: empty.url,
      DATABASE_POOL_SIZE: '5',
      RATE_LIMIT_ANONYMOUS_POSTS_PER_10_MIN: '1000000',
      RATE_LIMIT_IDENTIFICATION_PER_10_MIN: String(IDENTIFICATION_LIMIT),
      // One proxy in front: the client address is the X-Forwarded-For entry HAProxy appended.
      TRUST_PROXY: '1',
      RATE_LIMIT_PERSON_POSTS_PER_10_MIN: '1000000',
    };
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    const startedAt = performance.now();
    instances.push(...ports.map((port) => startPortal({ port, env: variables })));
    await Promise.all(instances.map((p) => p.waitUntilReady(240_000)));
    say(`3 instances started at once on an empty database, all ready in ${Math.round(performance.now() - startedAt)} ms`);
    database = await openDatabase({ url: empty.url, poolSize: 5 });
    haproxy = await startHaproxy(
      haproxyBinary,
      dir,
      await freePort(),
      instances.map((p, i) => ({ name: `i${i + 1}`, port: p.port })),
    );
  }, 300_000);

  afterAll(async () => {
    await haproxy?.stop();
    await Promise.all([...instances, ...restarted].map((p) => p.kill()));
    await database?.close();
    await empty?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the three started at once applied each migration once and seeded once', async () => {
    const journal = journalEntries();
    const applied = instances.flatMap((p) => [...p.output().matchAll(/^Migration applied: (\S+)$/gm)].map((m) => m[1]));
    // One line per migration, from whichever instance took the lock first.
    expect(applied.sort()).toEqual(journal.map((e) => e.tag).sort());
    expect(instances.filter((p) => p.output().includes('Migration applied:'))).toHaveLength(1);
    expect(instances.filter((p) => p.output().includes('Database ready (postgres, demo data seeded)'))).toHaveLength(1);
    expect(instances.filter((p) => p.output().includes('Database ready (postgres).'))).toHaveLength(INSTANCES - 1);
    await withPostgresClient(empty.url, async (client) => {
      const rows = await client.query<{ n: number; distinct_hashes: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
      );
      expect(rows.rows[0]).toEqual({ n: journal.length, distinct_hashes: journal.length });
    });
  });

  it('two clients behind the balancer have separate per-address limits; a forged X-Forwarded-For changes nothing', async () => {
    const start = new URL(`/oauth/authenticate?${new URLSearchParams({ lang: 'fi', next: '/fi', acr_values: 'fi-op' })}`, haproxy.origin);
    // Client A names another address in X-Forwarded-For on every identification start: its
    // count goes on (across the three instances, round robin), and the last start is refused.
    const a: number[] = [];
    for (let i = 1; i <= IDENTIFICATION_LIMIT + 1; i++) {
      a.push(await getFrom('127.0.0.2', start, { 'X-Forwarded-For': `198.51.100.${i}` }));
    }
    expect(a).toEqual([...Array<number>(IDENTIFICATION_LIMIT).fill(302), 429]);
    // Client B has its own count, also when it claims to be A; A is still refused.
    const b = [await getFrom('127.0.0.3', start), await getFrom('127.0.0.3', start, { 'X-Forwarded-For': '127.0.0.2' })];
    expect(b).toEqual([302, 302]);
    expect(await getFrom('127.0.0.2', start)).toBe(429);
    say(`limits through the balancer: client 127.0.0.2 ${a.join(' ')} (forged X-Forwarded-For each time), then 429; client 127.0.0.3 ${b.join(' ')}`);
  });

  it(`${VISITORS} visitors race for one free time through the balancer: exactly one reservation`, async () => {
    const slot = await createSlot(database.db, {
      clinicId: 'KA',
      practitionerId: 'P0001',
      specialtyId: 'YLE',
      startAt: new Date(clock.nowMs() + 3 * 24 * 3_600_000),
    });
    const [newest] = await database.db.select({ n: max(appointments.id) }).from(appointments);
    const before = Number(newest?.n ?? 0);
    const visitors: AnonymousVisitor[] = [];
    for (let i = 0; i < VISITORS; i++) {
      const identityCode = makeIdentityCode('1975-06-15', 100 + i);
      const person = await createPerson(database.db, { identityCode, firstName: 'Kilpa', lastName: `Varaaja${i}` });
      visitors.push(
        await openReservation(haproxy.origin, slot.id, {
          identityCode,
          firstName: 'Kilpa',
          lastName: person.lastName,
          phone: `+35840${String(7_000_000 + i)}`,
          email: `kilpa${i}@example.fi`,
        }),
      );
    }
    const sessionsBefore = await haproxy.stats();
    const answers = await Promise.all(visitors.map((v) => reserveAnonymously(v, slot.id)));
    const sessionsAfter = await haproxy.stats();

    expect(answers.filter((a) => a.type === 'success')).toHaveLength(1);
    expect(answers.filter((a) => a.type === 'appointmentNotAvailable' && a.status === 409)).toHaveLength(VISITORS - 1);
    expect(await database.db.select().from(appointments).where(eq(appointments.slotId, slot.id))).toHaveLength(1);
    expect(await database.db.select().from(appointments).where(gt(appointments.id, before))).toHaveLength(1);
    // Every instance took part.
    const share = sessionsAfter
      .filter((s) => s.name !== 'BACKEND')
      .map((s) => ({ name: s.name, posts: s.sessions - (sessionsBefore.find((b) => b.name === s.name)?.sessions ?? 0) }));
    for (const { posts } of share) expect(posts).toBeGreaterThan(0);
    say(
      `race: ${VISITORS} reservations of one free time → 1 success, ${VISITORS - 1} × 409 appointmentNotAvailable; per instance ${share.map((s) => `${s.name} ${s.posts}`).join(', ')}`,
    );
  });

  it(`${LOAD_MS / 1000} s of load with one instance restarted midway: zero failed requests, every reservation kept`, { timeout: 300_000 }, async () => {
    // Free times and persons for the reservations made under load, one each.
    const bookable: { slotId: number; person: Omit<AnonymousVisitor, 'origin' | 'jar' | 'token'> }[] = [];
    for (let i = 0; i < BOOKABLE; i++) {
      const identityCode = makeIdentityCode('1982-04-20', 2 + i);
      const person = await createPerson(database.db, { identityCode, firstName: 'Kuorma', lastName: `Varaaja${i}` });
      const slot = await createSlot(database.db, {
        clinicId: 'KA',
        practitionerId: 'P0002',
        specialtyId: 'YLE',
        startAt: new Date(clock.nowMs() + (4 * 24 * 60 + 5 * i) * 60_000),
      });
      bookable.push({
        slotId: slot.id,
        person: { identityCode, firstName: 'Kuorma', lastName: person.lastName, phone: `+35840${String(6_000_000 + i)}`, email: `kuorma${i}@example.fi` },
      });
    }
    const loggedIn = await loginDemoPerson(haproxy.origin, DEMO_PERSON.identityCode);

    const latencies: number[] = [];
    const failures: string[] = [];
    const booked: number[] = [];
    let requests = 0;
    const startedAt = performance.now();
    // 30 s, and at least 3 s more after the restarted instance is back (a slow machine's restart).
    let restartDoneAt: number | null = null;
    const running = () => performance.now() - startedAt < LOAD_MS || restartDoneAt === null || performance.now() - restartDoneAt < 3_000;
    const timed = async <T>(what: string, fn: () => Promise<T>, ok: (value: T) => boolean | Promise<boolean>): Promise<T | null> => {
      const t0 = performance.now();
      requests += 1;
      try {
        const value = await fn();
        latencies.push(performance.now() - t0);
        if (!(await ok(value))) {
          failures.push(`${what}: unexpected answer ${JSON.stringify(value instanceof Response ? value.status : value)}`);
          return null;
        }
        return value;
      } catch (error) {
        latencies.push(performance.now() - t0);
        failures.push(`${what}: ${String(error)}${(error as { cause?: unknown }).cause ? ` (${String((error as { cause?: unknown }).cause)})` : ''}`);
        return null;
      }
    };
    const page = (pathname: string, jar: CookieJar | null, expectText?: string) =>
      timed(
        `GET ${pathname}${jar ? ' (logged in)' : ''}`,
        () => send(new URL(pathname, haproxy.origin), jar),
        async (response) => {
          const text = await response.text();
          return response.status === 200 && (expectText === undefined || text.includes(expectText));
        },
      );

    const pageWorker = async (n: number) => {
      const paths = ['/fi', '/fi/eula', '/fi/ajanvaraus/yksityisasiakas?specialtyIds=YLE', '/healthz'];
      for (let i = n; running(); i++) {
        if (i % 5 === 4) await page('/fi', loggedIn, DEMO_PERSON.greeting);
        else await page(paths[i % paths.length]!, null);
      }
    };
    let next = 0;
    const bookingWorker = async () => {
      while (running() && next < bookable.length) {
        const { slotId, person } = bookable[next++]!;
        const visitor = await timed(
          `GET reservation page ${slotId}`,
          () => openReservation(haproxy.origin, slotId, person),
          () => true,
        );
        if (!visitor) continue;
        const answer = await timed(
          `POST reservation ${slotId}`,
          () => reserveAnonymously(visitor, slotId),
          (a) => a.type === 'success',
        );
        if (answer) booked.push(slotId);
      }
    };

    const restart = async () => {
      await delay(RESTART_AT_MS);
      const index = 1;
      const name = `i${index + 1}`;
      const old = instances[index]!;
      const signalledAt = performance.now();
      old.signal('SIGTERM');
      const exit = await old.exited;
      const stopMs = performance.now() - signalledAt;
      const downAfterMs = await haproxy.waitForStatus(name, 'DOWN', 5_000).catch(() => NaN);
      const fresh = startPortal({ port: old.port, env: variables });
      restarted.push(fresh);
      const readyMs = await fresh.waitUntilReady(120_000);
      const upMs = await haproxy.waitForStatus(name, 'UP', 30_000);
      const before = (await haproxy.stats()).find((s) => s.name === name)?.sessions ?? 0;
      restartDoneAt = performance.now();
      return { exit, stopMs, downAfterMs, readyMs, upMs, totalMs: restartDoneAt - signalledAt, before, oldOutput: old.output() };
    };

    const [restartResult] = await Promise.all([
      restart(),
      ...Array.from({ length: PAGE_WORKERS }, (_, n) => pageWorker(n)),
      ...Array.from({ length: BOOKING_WORKERS }, () => bookingWorker()),
    ]);
    const elapsedMs = performance.now() - startedAt;
    const stats: ServerStats[] = await haproxy.stats();
    const restartedServer = stats.find((s) => s.name === 'i2')!;
    const backend = stats.find((s) => s.name === 'BACKEND')!;

    const sorted = [...latencies].sort((a, b) => a - b);
    say(
      `load: ${requests} requests in ${(elapsedMs / 1000).toFixed(1)} s (${Math.round(requests / (elapsedMs / 1000))}/s), ` +
        `${failures.length} failed; latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p90 ${percentile(sorted, 90).toFixed(1)} ms, ` +
        `p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms; ${booked.length} reservations made`,
    );
    say(
      `restart of i2 at ${(RESTART_AT_MS / 1000).toFixed(0)} s: SIGTERM → exit ${restartResult.exit.code} in ${Math.round(restartResult.stopMs)} ms ` +
        `(HAProxy saw it DOWN ${Math.round(restartResult.downAfterMs)} ms after the exit); ` +
        `new process ready in ${Math.round(restartResult.readyMs)} ms, back in HAProxy ${Math.round(restartResult.upMs)} ms after ready; ` +
        `${Math.round(restartResult.totalMs)} ms from SIGTERM to serving again; it then served ${restartedServer.sessions - restartResult.before} requests`,
    );
    say(
      `HAProxy: ${backend.retries} retries, ${backend.redispatches} redispatches, ${backend.connectionErrors} connection errors, ` +
        `${backend.responseErrors} response errors, ${backend.http5xx} 5xx; per instance ${stats
          .filter((s) => s.name !== 'BACKEND')
          .map((s) => `${s.name} ${s.sessions}`)
          .join(', ')}`,
    );

    expect(failures.slice(0, 20)).toEqual([]);
    expect(restartResult.exit).toEqual({ code: 0, signal: null });
    expect(restartResult.oldOutput).toMatch(/^Stopped \(SIGTERM\) in \d+ ms\.$/m);
    expect(restartedServer.sessions - restartResult.before).toBeGreaterThan(0);
    expect(booked.length).toBeGreaterThan(0);
    // Every reservation answered success is in the database, once; no other free time got one.
    const held = await database.db
      .select({ slotId: appointments.slotId })
      .from(appointments)
      .where(
        inArray(
          appointments.slotId,
          bookable.map((b) => b.slotId),
        ),
      );
    expect(held.map((h) => h.slotId).sort((a, b) => a! - b!)).toEqual([...booked].sort((a, b) => a - b));
  });
});
