/**
 * `npm run bench:capacity [-- options]`: what one request of each page type costs the server
 * and the database, for the capacity model (docs/capacity.md). Builds for production (unless
 * --no-build), starts the portal on a fresh PostgreSQL database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; dropped at the end) with 10 years of access log
 * (bench/access-log-data.ts), and for each operation — every page of bench/scenarios.ts, a whole
 * login through the test identification, an anonymous reservation (POST) — sends a fixed number
 * of requests and records, around them:
 *
 *   server CPU   user + system CPU time of the server's process group (/proc/<pid>/stat)
 *   DB CPU       user + system CPU time of the PostgreSQL backends serving the portal's pool
 *                (pg_stat_activity → /proc/<pid>/stat; the job runner's connections excluded)
 *   DB active    time the database spent executing statements (pg_stat_database.active_time,
 *                PostgreSQL 14+: includes waiting for I/O and locks, unlike DB CPU)
 *   DB xacts     transactions (commits + rollbacks) per operation
 *
 * divided by the number of operations, after subtracting what the idle server and database do
 * in the same time (the job runner's polling, measured first). Prints one table per run and the
 * size per row of the tables that grow (pg_total_relation_size on the bench database), and
 * writes bench/capacity-results.json. Needs Linux (/proc) and PostgreSQL on the same machine.
 * Figures from a machine with other work running are provisional: run it on a quiet one.
 *
 *   --no-build          use the existing build (BUILD_DIR, default build/)
 *   --requests N        requests per page (default 400)
 *   --logins N          whole logins (default 40)
 *   --reservations N    anonymous reservations (default 300)
 *   --connections N     concurrent connections (default 4)
 *   --settle S          seconds to wait for PostgreSQL's statistics before reading them (default 11:
 *                       an idle backend reports them within 10 s)
 *   --only A,B          only these operations (page scenario names, login, reserve-post)
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { addAccessLogHistory } from './access-log-data';
import { bookingRequest, prepareBookings } from './bookings';
import { CookieJar } from './cookie-jar';
import { benchDatabase, benchMain, ensureBuild, loadAverage, machine, parseCli, positiveInt, progress, round, startPortal, UsageError } from './harness';
import { findForm } from './html';
import { BROWSER_HEADERS, send } from './http';
import { distribution, runLoad } from './load';
import { DEMO_PERSON, loginDemoPerson } from './login';
import { formatTable } from './report';
import { SCENARIOS, type Scenario } from './scenarios';

const RESULTS_FILE = fileURLToPath(new URL('./capacity-results.json', import.meta.url));
const USAGE = 'npm run bench:capacity -- [--no-build] [--requests N] [--logins N] [--reservations N] [--connections N] [--settle S] [--only A,B]';
/** The job runner's connections (app/services/jobs/runner.server.ts): background, not requests. */
const JOBS_APPLICATION_NAME = 'patient-portal-jobs';
const IDLE_SECONDS = 20;
const WARMUP_FRACTION = 0.2;

interface Options {
  build: boolean;
  requests: number;
  logins: number;
  reservations: number;
  connections: number;
  settleSeconds: number;
  only: Set<string> | null;
}

const OPERATION_NAMES = [...SCENARIOS.map((s) => s.name), 'login', 'reserve-post'];

function parseOptions(argv: string[]): Options {
  const values = parseCli(argv, {
    'no-build': { type: 'boolean', default: false },
    requests: { type: 'string', default: '400' },
    logins: { type: 'string', default: '40' },
    reservations: { type: 'string', default: '300' },
    connections: { type: 'string', default: '4' },
    settle: { type: 'string', default: '11' },
    only: { type: 'string' },
  });
  let only: Set<string> | null = null;
  if (values.only !== undefined) {
    only = new Set(values.only.split(',').map((name) => name.trim()));
    const unknown = [...only].filter((name) => !OPERATION_NAMES.includes(name));
    if (unknown.length) throw new UsageError(`--only: unknown operation ${unknown.join(', ')} (known: ${OPERATION_NAMES.join(', ')})`);
  }
  return {
    build: !values['no-build'],
    requests: positiveInt('requests', values.requests),
    logins: positiveInt('logins', values.logins),
    reservations: positiveInt('reservations', values.reservations),
    connections: positiveInt('connections', values.connections),
    settleSeconds: positiveInt('settle', values.settle),
    only,
  };
}

// ─── CPU time from /proc ────────────────────────────────────────────────────────────────────

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  pgrp: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

/** Fields of /proc/<pid>/stat after the command name (which may contain spaces and parentheses). */
function procStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): pgrp is field 5, utime 14, stime 15.
    return { pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // Gone meanwhile.
  }
}

/** CPU milliseconds of every process in a process group (the server and anything it started). */
function groupCpuMs(pgrp: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.pgrp === pgrp) ticks += stat.ticks;
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

// ─── The database's side ────────────────────────────────────────────────────────────────────

interface DatabaseCounters {
  activeMs: number;
  xacts: number;
}

class DatabaseProbe {
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<DatabaseProbe> {
    const client = new pg.Client({ connectionString: url, application_name: 'portal-bench-capacity' });
    await client.connect();
    return new DatabaseProbe(client);
  }

  /** CPU milliseconds of each backend serving the portal's requests, by process id. */
  async backendCpuMs(): Promise<Map<number, number>> {
    const { rows } = await this.client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
         and coalesce(application_name, '') <> $1`,
      [JOBS_APPLICATION_NAME],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const stat = procStat(pid);
      if (stat) cpu.set(pid, (stat.ticks * 1000) / CLOCK_TICKS_PER_SECOND);
    }
    return cpu;
  }

  async counters(): Promise<DatabaseCounters> {
    const { rows } = await this.client.query<{ active: number | null; xacts: string }>(
      `select active_time as active, xact_commit + xact_rollback as xacts from pg_stat_database where datname = current_database()`,
    );
    return { activeMs: Number(rows[0]?.active ?? 0), xacts: Number(rows[0]?.xacts ?? 0) };
  }

  async tableSizes(tables: readonly string[]): Promise<TableSize[]> {
    const sizes: TableSize[] = [];
    for (const table of tables) {
      const { rows } = await this.client.query<{ rows: string; total: string; tuple: number | null }>(
        `select count(*) as rows, pg_total_relation_size($1::regclass) as total, avg(pg_column_size(t.*))::float8 as tuple from ${table} t`,
        [table],
      );
      const count = Number(rows[0]?.rows ?? 0);
      const total = Number(rows[0]?.total ?? 0);
      sizes.push({
        table,
        rows: count,
        totalBytes: total,
        bytesPerRow: count ? Math.round(total / count) : null,
        tupleBytes: rows[0]?.tuple ? Math.round(rows[0].tuple) : null,
      });
    }
    return sizes;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/** Sum of what the backends used between two readings (a backend that started meanwhile counts from 0). */
function backendDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

// ─── Measuring ──────────────────────────────────────────────────────────────────────────────

interface IdleRates {
  serverCpuMsPerSecond: number;
  dbCpuMsPerSecond: number;
  dbActiveMsPerSecond: number;
  dbXactsPerSecond: number;
}

interface OperationResult {
  name: string;
  what: string;
  operations: number;
  /** Requests per operation (a login is several). */
  requestsPerOperation: number;
  seconds: number;
  serverCpuMs: number;
  dbCpuMs: number;
  dbActiveMs: number;
  dbXacts: number;
  latencyMs: { p50: number; p95: number };
  failures: number;
}

interface TableSize {
  table: string;
  rows: number;
  totalBytes: number;
  bytesPerRow: number | null;
  tupleBytes: number | null;
}

/** The tables the capacity model sizes (docs/capacity.md). */
const SIZED_TABLES = [
  'appointments',
  'appointment_reminders',
  'appointment_slots',
  'messaging_messages',
  'messaging_threads',
  'access_log',
  'outbox',
  'sessions',
  'persons',
  'invoices',
  'payments',
  'payment_events',
  'rate_limits',
  'identification_flows',
] as const;

async function idleRates(probe: DatabaseProbe, serverPid: number, seconds: number): Promise<IdleRates> {
  const cpu0 = groupCpuMs(serverPid);
  const db0 = await probe.backendCpuMs();
  const counters0 = await probe.counters();
  const started = performance.now();
  await delay(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const counters1 = await probe.counters();
  return {
    serverCpuMsPerSecond: (groupCpuMs(serverPid) - cpu0) / elapsed,
    dbCpuMsPerSecond: backendDelta(db0, await probe.backendCpuMs()) / elapsed,
    dbActiveMsPerSecond: (counters1.activeMs - counters0.activeMs) / elapsed,
    dbXactsPerSecond: (counters1.xacts - counters0.xacts) / elapsed,
  };
}

interface Workload {
  name: string;
  what: string;
  operations: number;
  requestsPerOperation: number;
  /** Runs `count` operations; returns each one's duration (ms) and how many failed. */
  run(count: number): Promise<{ durationsMs: number[]; failures: number }>;
}

async function measure(workload: Workload, probe: DatabaseProbe, serverPid: number, idle: IdleRates, settleSeconds: number): Promise<OperationResult> {
  progress(`${workload.name}: warming up`);
  await workload.run(Math.max(5, Math.round(workload.operations * WARMUP_FRACTION)));
  // The warm-up's statistics reach pg_stat_database before the first reading.
  await delay(settleSeconds * 1000);
  const counters0 = await probe.counters();
  const db0 = await probe.backendCpuMs();
  const cpu0 = groupCpuMs(serverPid);
  const started = performance.now();
  progress(`${workload.name}: ${workload.operations} × ${workload.what}`);
  const { durationsMs, failures } = await workload.run(workload.operations);
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = groupCpuMs(serverPid) - cpu0;
  const dbCpu = backendDelta(db0, await probe.backendCpuMs());
  await delay(settleSeconds * 1000);
  const counters1 = await probe.counters();
  const window = seconds + settleSeconds;
  const per = (value: number) => round(Math.max(0, value) / workload.operations, 3);
  const latency = distribution(durationsMs);
  return {
    name: workload.name,
    what: workload.what,
    operations: workload.operations,
    requestsPerOperation: workload.requestsPerOperation,
    seconds: round(seconds, 1),
    serverCpuMs: per(serverCpu - idle.serverCpuMsPerSecond * seconds),
    dbCpuMs: per(dbCpu - idle.dbCpuMsPerSecond * seconds),
    dbActiveMs: per(counters1.activeMs - counters0.activeMs - idle.dbActiveMsPerSecond * window),
    dbXacts: per(counters1.xacts - counters0.xacts - idle.dbXactsPerSecond * window),
    latencyMs: { p50: latency.p50, p95: latency.p95 },
    failures,
  };
}

/** Runs `count` tasks over `connections` workers; each task's duration and the failures. */
async function inParallel(count: number, connections: number, task: (i: number) => Promise<boolean>): Promise<{ durationsMs: number[]; failures: number }> {
  const durationsMs: number[] = [];
  let failures = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const started = performance.now();
      const ok = await task(i).catch(() => false);
      durationsMs.push(performance.now() - started);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, count) }, worker));
  return { durationsMs, failures };
}

// ─── Main ──────────────────────────────────────────────────────────────────────────────────

const fixed = (value: number, digits = 2) => value.toFixed(digits);

function renderOperations(results: readonly OperationResult[]): string {
  return formatTable(
    [
      { title: 'operation' },
      { title: 'n', align: 'right' },
      { title: 'req/op', align: 'right' },
      { title: 'server CPU ms', align: 'right' },
      { title: 'DB CPU ms', align: 'right' },
      { title: 'DB active ms', align: 'right' },
      { title: 'DB xacts', align: 'right' },
      { title: 'p50 ms', align: 'right' },
      { title: 'p95 ms', align: 'right' },
      { title: 'failed', align: 'right' },
    ],
    results.map((r) => [
      r.name,
      String(r.operations),
      String(r.requestsPerOperation),
      fixed(r.serverCpuMs),
      fixed(r.dbCpuMs),
      fixed(r.dbActiveMs),
      fixed(r.dbXacts, 1),
      fixed(r.latencyMs.p50, 1),
      fixed(r.latencyMs.p95, 1),
      String(r.failures),
    ]),
  );
}

function renderSizes(sizes: readonly TableSize[]): string {
  return formatTable(
    [
      { title: 'table' },
      { title: 'rows', align: 'right' },
      { title: 'total (with indexes)', align: 'right' },
      { title: 'bytes/row', align: 'right' },
      { title: 'tuple bytes', align: 'right' },
    ],
    sizes.map((s) => [
      s.table,
      String(s.rows),
      `${fixed(s.totalBytes / 1024 / 1024, 1)} MB`,
      s.bytesPerRow === null ? '–' : String(s.bytesPerRow),
      s.tupleBytes === null ? '–' : String(s.tupleBytes),
    ]),
  );
}

async function main(argv: string[]): Promise<number> {
  return benchMain(USAGE, async (run) => {
    const options = parseOptions(argv);
    const wanted = (name: string) => options.only === null || options.only.has(name);
    if (process.platform !== 'linux') throw new UsageError('bench:capacity reads /proc: Linux only');
    const loadAtStart = loadAverage();
    await ensureBuild(options.build);
    const bench = await benchDatabase(run);
    const databaseUrl = bench.env.DATABASE_URL!;
    const server = await startPortal(run, {
      env: {
        ...bench.env,
        // The bench is one client address: its logins and reservations are not what the limits are for.
        RATE_LIMIT_ANONYMOUS_POSTS_PER_10_MIN: '1000000',
        RATE_LIMIT_IDENTIFICATION_PER_10_MIN: '1000000',
      },
    });
    await addAccessLogHistory(databaseUrl, DEMO_PERSON.identityCode);
    const probe = await DatabaseProbe.open(databaseUrl);
    run.cleanups.push(() => probe.close());
    const database = await openDatabase({ url: databaseUrl });
    run.cleanups.push(() => database.close());

    // Pages: one logged-in session per person, the data-dependent paths found once.
    const sessions = new Map<string, CookieJar>();
    const sessionOf = async (scenario: Scenario): Promise<CookieJar | null> => {
      if (scenario.auth !== 'user') return null;
      const code = scenario.identityCode ?? DEMO_PERSON.identityCode;
      if (!sessions.has(code)) sessions.set(code, await loginDemoPerson(server.origin, code));
      return sessions.get(code)!;
    };
    const workloads: Workload[] = [];
    for (const scenario of SCENARIOS) {
      if (!wanted(scenario.name)) continue;
      const jar = await sessionOf(scenario);
      const path = scenario.resolvePath ? await scenario.resolvePath({ origin: server.origin, session: jar }) : scenario.path;
      const headers = jar ? { ...BROWSER_HEADERS, cookie: jar.header() } : { ...BROWSER_HEADERS };
      workloads.push({
        name: scenario.name,
        what: `GET ${path.length > 60 ? `${path.slice(0, 57)}…` : path}`,
        operations: options.requests,
        requestsPerOperation: 1,
        async run(count) {
          const result = await runLoad({ url: new URL(path, server.origin).href, headers, connections: options.connections, amount: count });
          const ok = result.statusCodes['200'] ?? 0;
          return { durationsMs: result.responseTimesMs, failures: result.requestsTotal - ok + result.errors };
        },
      });
    }
    if (wanted('login')) {
      workloads.push({
        name: 'login',
        what: 'whole login (authenticate, test IdP page and POST, callback, front page)',
        operations: options.logins,
        requestsPerOperation: 5,
        run: (count) => inParallel(count, options.connections, async () => Boolean(await loginDemoPerson(server.origin))),
      });
    }
    const statuses: Record<number, number> = {};
    let firstFailure: string | null = null;
    if (wanted('reserve-post')) {
      const warmup = Math.max(5, Math.round(options.reservations * WARMUP_FRACTION));
      progress(`choosing ${warmup + options.reservations} free times and creating a patient for each`);
      const bookings = await prepareBookings(database, warmup + options.reservations);
      const jar = new CookieJar();
      const page = await send(new URL(`/fi/vapaat-ajat/${bookings[0]!.slotId}`, server.origin), jar);
      const token = findForm(await page.text(), 'post')?.hiddenFields.get('csrf');
      if (page.status !== 200 || !token) throw new Error(`the reserve page answered ${page.status} without a form`);
      let next = 0;
      run.cleanups.push(async () => {
        if (firstFailure) progress(`reserve-post: answers other than 200: ${JSON.stringify(statuses)}, the first: ${firstFailure}`);
      });
      workloads.push({
        name: 'reserve-post',
        what: 'POST /api/anon/reserve-appointment (new patient, free time)',
        operations: options.reservations,
        requestsPerOperation: 1,
        run: (count) =>
          inParallel(count, options.connections, async () => {
            const booking = bookings[next++]!;
            const { path, contentType, body } = bookingRequest('api', booking, token);
            const response = await send(new URL(path, server.origin), jar, {
              method: 'POST',
              headers: { 'content-type': contentType, 'x-csrf-token': token, origin: server.origin },
              body,
            });
            if (response.status !== 200) {
              statuses[response.status] = (statuses[response.status] ?? 0) + 1;
              if (!firstFailure) firstFailure = `${response.status}: ${(await response.text()).slice(0, 300)}`;
              // 409 appointmentNotAvailable: the seed's free times overlap, and a booked time takes
              // the overlapping ones (the refusal does the same checks; it is counted, not failed).
              return response.status === 409;
            }
            await response.body?.cancel();
            return true;
          }),
      });
    }

    progress(`measuring what the idle server and database do (${IDLE_SECONDS} s)`);
    const idle = await idleRates(probe, server.pid, IDLE_SECONDS);
    const results: OperationResult[] = [];
    for (const workload of workloads) results.push(await measure(workload, probe, server.pid, idle, options.settleSeconds));
    const sizes = await probe.tableSizes(SIZED_TABLES);

    const { date, node, cpu, git } = machine();
    const loadAtEnd = loadAverage();
    const failures = results.filter((r) => r.failures > 0).map((r) => `${r.name}: ${r.failures} of ${r.operations} failed`);
    await writeFile(
      RESULTS_FILE,
      `${JSON.stringify({ date, git, node, cpu, loadAverage: { start: loadAtStart, end: loadAtEnd }, connections: options.connections, idle, operations: results, sizes, failures }, null, 2)}\n`,
    );
    console.log(`Capacity benchmark  ${date}  commit ${git.commit?.slice(0, 10) ?? 'unknown'}${git.dirty ? ' (uncommitted changes)' : ''}`);
    console.log(`PostgreSQL · node ${node} · ${cpu.count} × ${cpu.model} · ${options.connections} connections`);
    console.log(`load average ${loadAtStart.join(' ')} at start, ${loadAtEnd.join(' ')} at the end (above ~0.5 the figures are provisional)`);
    console.log(
      `idle, subtracted: server ${fixed(idle.serverCpuMsPerSecond)} CPU ms/s, DB ${fixed(idle.dbCpuMsPerSecond)} CPU ms/s, ` +
        `${fixed(idle.dbActiveMsPerSecond)} active ms/s, ${fixed(idle.dbXactsPerSecond, 1)} xacts/s\n`,
    );
    console.log('Per operation (mean):');
    console.log(renderOperations(results));
    console.log('\nTable sizes on the bench database (seed + 2 M access-log rows + the reservations above):');
    console.log(renderSizes(sizes));
    console.log(`\nResults written to ${RESULTS_FILE}`);
    if (failures.length) console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
    return failures.length ? 1 : 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
