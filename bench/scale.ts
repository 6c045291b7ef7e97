/**
 * `npm run bench -- --scale [options]` (or `npx tsx bench/scale.ts [options]`): appointment
 * search at scale, on a fresh PostgreSQL database that is created and dropped by the run.
 *
 * 1. Migrates the database and generates the calendar in SQL (bench/scale-data.ts): 60 clinics,
 *    1 000 practitioners, ~1.1 million slots, ~12 % of them booked. Applies the proposed index
 *    (PROPOSED_INDEXES below; see docs/decisions/0007) unless --current-indexes.
 * 2. Times the search service directly (in this process, over a node-postgres pool like the
 *    server's): the page's search for typical filters (a specialty + a municipality + a time of
 *    day; a practitioner; remote), the unfiltered day, a deep "show more", a day with nothing
 *    found (alternatives), the calendar's dates, the JSON list, an employee's occupational
 *    search on their agreement's specialties and an insured customer's search (issue 13). Each scenario runs
 *    --iterations calls with varied days and filters after a warm-up; p50/p95/p99 in ms.
 * 3. Prints EXPLAIN (ANALYZE, BUFFERS) of every query of one typical call per scenario
 *    (--explain; always saved in the results file).
 * 4. Starts the production server on the same database and runs autocannon against
 *    GET /api/appointments, the available-dates call and the search page with rotating
 *    queries: requests/s, latency p50/p95/p99, and the server's own database time from the
 *    Server-Timing header of the JSON calls.
 *
 * Writes bench/scale-results.json. Exits non-zero on request errors or when a typical search
 * misses the target (p95 ≤ 20 ms server time).
 *
 *   --no-build          use the existing build (BUILD_DIR, default build/)
 *   --no-http           only the service measurements (no build, no server)
 *   --duration N        seconds per HTTP scenario (default 10, after a 3 s warm-up)
 *   --connections N     concurrent HTTP connections (default 10)
 *   --iterations N      service calls per scenario (default 300)
 *   --current-indexes   keep the migrated indexes only (to compare with the proposed one)
 *   --explain           print the query plans
 *   --practice-system fhir
 *                       (or PRACTICE_SYSTEM=fhir) the FHIR backend (ADR 0051): after step 1 the
 *                       calendar is published into the local FHIR server (medplum's router in
 *                       memory, in this process), the portal's calendar rows and links are emptied
 *                       and the first sync makes them again from the server's history (timed); the
 *                       search is then measured on the read model, and the server runs with the
 *                       FHIR backend. Needs a larger heap for the server's million resources, e.g.
 *                       NODE_OPTIONS=--max-old-space-size=10240.
 *
 * Database: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); needs a
 * superuser for the bulk load (foreign-key triggers are skipped while generating rows).
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type * as RulesModule from '../app/services/booking/search-rules';
import type { SearchFilter as Filter } from '../app/models/booking/search';
import type * as SearchModule from '../app/services/booking/search.server';
import { openDatabase, type Db } from '../db/client';
import { runMigrations } from '../db/migrate';
import * as schema from '../db/schema';
import { prng } from '../db/seed';
import {
  benchDatabase,
  benchMain,
  ensureBuild,
  UsageError,
  loadAverage,
  machine,
  parseCli,
  positiveInt,
  progress,
  round,
  startPortal,
  type BenchRun,
} from './harness';
import { BROWSER_HEADERS } from './http';
import { distribution, runLoad, type Distribution } from './load';
import { formatTable } from './report';
import { resyncThroughPracticeSystem, type ResyncReport } from './practice-system';
import { DEFAULT_SHAPE, loadScaleData, type LoadReport } from './scale-data';

const RESULTS_FILE = fileURLToPath(new URL('./scale-results.json', import.meta.url));
/** The target of the search: p95 server time in milliseconds. */
const TARGET_P95_MS = 20;
const WARMUP_CALLS = 30;
const HTTP_WARMUP_SECONDS = 3;

/**
 * The index change this benchmark proposes (docs/decisions/0007): the day's free times in
 * start order, so an unfiltered day list or day probe stops after the first matches. It
 * replaces slots_date_idx (same leading column). Idempotent, so the run also works once the
 * migration exists.
 */
export const PROPOSED_INDEXES = [
  'CREATE INDEX IF NOT EXISTS slots_date_start_idx ON appointment_slots USING btree (local_date, start_at)',
  'DROP INDEX IF EXISTS slots_date_idx',
];

interface Options {
  build: boolean;
  http: boolean;
  durationSeconds: number;
  connections: number;
  iterations: number;
  proposedIndexes: boolean;
  explain: boolean;
  practiceSystem: 'builtin' | 'fhir';
}

const USAGE =
  'npm run bench -- --scale [--no-build] [--no-http] [--duration N] [--connections N] [--iterations N] [--current-indexes] [--explain] [--practice-system builtin|fhir]';

function parseOptions(argv: string[]): Options {
  const values = parseCli(argv, {
    'no-build': { type: 'boolean', default: false },
    'no-http': { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    iterations: { type: 'string', default: '300' },
    'current-indexes': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    'practice-system': { type: 'string', default: process.env.PRACTICE_SYSTEM || 'builtin' },
  });
  const practiceSystem = values['practice-system'];
  if (practiceSystem !== 'builtin' && practiceSystem !== 'fhir') throw new UsageError('--practice-system: builtin or fhir');
  return {
    build: !values['no-build'] && !values['no-http'],
    http: !values['no-http'],
    durationSeconds: positiveInt('duration', values.duration),
    connections: positiveInt('connections', values.connections),
    iterations: positiveInt('iterations', values.iterations),
    proposedIndexes: !values['current-indexes'],
    explain: values.explain,
    practiceSystem,
  };
}

const helsinkiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date());

type Stats = Distribution;
const stats = distribution;

// ---------------------------------------------------------------------------------------------
// Scenarios

// The service is imported once LOG_LEVEL is set (its logger reads the environment on load).
type Search = typeof SearchModule;
type Rules = typeof RulesModule;

const COMMON_SPECIALTIES = ['YLE', 'SH', 'FYS', 'IHO', 'LAS', 'KNK'];
const REMOTE_SPECIALTIES = ['PSY', 'ENDO', 'GYN', 'NNA', 'GRG'];
const MUNICIPALITIES = ['helsinki', 'espoo', 'vantaa', 'kerava', 'järvenpää', 'tuusula', 'hyvinkää', 'lahti', 'porvoo'];
const TIMES = ['morning', 'afternoon', 'evening'] as const;

interface ServiceScenario {
  name: string;
  /** Counts towards the p95 target (the typical searches of the brief). */
  typical: boolean;
  /** The n-th call's work; returns nothing, the time is what counts. */
  run: (i: number) => Promise<unknown>;
  /** A representative filter, explained once. */
  explain: () => Promise<unknown>;
}

/** The specialties of a typical occupational agreement (as the seed's Mikko's). */
const OCCUPATIONAL_SPECIALTIES = ['TTH', 'YLE', 'SH', 'FYS', 'PSY'];
/** The specialties with insurance times (as the seed's): half of their times in the scale data. */
const INSURANCE_SPECIALTIES = ['YLE', 'FYS', 'KNK', 'PSY'];

function scenarios(db: Db, search: Search, rules: Rules, today: string): ServiceScenario[] {
  const random = prng(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // Days a patient would look at: the next four weeks, Sundays (no slots) left out.
  const days = Array.from({ length: 28 }, (_, i) => rules.addDays(today, i + 1)).filter((d) => rules.isoWeekday(d) !== 7);
  const sundays = Array.from({ length: 28 }, (_, i) => rules.addDays(today, i + 1)).filter((d) => rules.isoWeekday(d) === 7);
  const base = rules.defaultFilter(today);
  const practitioner = () => `P${String(1 + Math.floor(random() * 1000)).padStart(4, '0')}`;
  const page = (f: Filter) => search.searchAppointments(db, f, 'fi', { cumulative: true });

  const typical = (): Filter => ({
    ...base,
    startDate: pick(days),
    specialtyIds: [pick(COMMON_SPECIALTIES)],
    municipalities: [pick(MUNICIPALITIES)],
    time: pick(TIMES),
  });
  const byPractitioner = (): Filter => ({ ...base, startDate: pick(days), practitionerIds: [practitioner()], includeRemote: true });
  const remote = (): Filter => ({ ...base, startDate: pick(days), specialtyIds: [pick(REMOTE_SPECIALTIES)], includeRemote: true });
  const fixed = { ...base, startDate: days[2]!, specialtyIds: ['YLE'], municipalities: ['helsinki'], time: 'morning' as const };

  return [
    { name: 'specialty + municipality + time', typical: true, run: () => page(typical()), explain: () => page(fixed) },
    {
      name: 'practitioner (+ remote)',
      typical: true,
      run: () => page(byPractitioner()),
      explain: () => page({ ...base, startDate: days[2]!, practitionerIds: ['P0123'], includeRemote: true }),
    },
    {
      name: 'remote-type specialty + remote',
      typical: true,
      run: () => page(remote()),
      explain: () => page({ ...base, startDate: days[2]!, specialtyIds: ['PSY'], includeRemote: true }),
    },
    {
      name: 'whole day, no filters',
      typical: false,
      run: () => page({ ...base, startDate: pick(days) }),
      explain: () => page({ ...base, startDate: days[2]! }),
    },
    {
      name: 'show more (offset 100)',
      typical: false,
      run: () => page({ ...base, startDate: pick(days), municipalities: [pick(MUNICIPALITIES)], offset: 100 }),
      explain: () => page({ ...base, startDate: days[2]!, municipalities: ['helsinki'], offset: 100 }),
    },
    {
      name: 'nothing found (alternatives)',
      typical: false,
      run: () => page({ ...typical(), startDate: pick(sundays) }),
      explain: () => page({ ...fixed, startDate: sundays[0]! }),
    },
    {
      name: 'calendar dates (6 weeks)',
      typical: false,
      run: () => {
        const f = typical();
        return search.availableDates(db, f, rules.calendarRange(f.startDate));
      },
      explain: () => search.availableDates(db, fixed, rules.calendarRange(fixed.startDate)),
    },
    {
      // Issue 13: an employee's search on their agreement's specialties (the scale data's
      // occupational times: TTH only, and a tenth of YLE), as the occupational list runs it.
      name: 'occupational: agreement specialties + municipality',
      typical: true,
      run: () => page({ ...typical(), payerType: 'occupationalHealthCare', specialtyIds: OCCUPATIONAL_SPECIALTIES }),
      explain: () => page({ ...fixed, payerType: 'occupationalHealthCare', specialtyIds: OCCUPATIONAL_SPECIALTIES }),
    },
    {
      // Issue 13: an insured customer's search (half of the YLE, FYS, KNK and PSY times offer insurance).
      name: 'insurance: specialty + municipality + time',
      typical: true,
      run: () => page({ ...typical(), payerType: 'insurance', specialtyIds: [pick(INSURANCE_SPECIALTIES)] }),
      explain: () => page({ ...fixed, payerType: 'insurance' }),
    },
    {
      name: 'JSON list (GET /api/appointments)',
      typical: true,
      run: () => search.findAvailableAppointments(db, typical(), 'fi'),
      explain: () => search.findAvailableAppointments(db, fixed, 'fi'),
    },
  ];
}

interface ServiceResult {
  name: string;
  typical: boolean;
  ms: Stats;
  plans: { sql: string; params: unknown[]; plan: string }[];
}

async function measureService(options: Options, url: string, today: string): Promise<ServiceResult[]> {
  // The service logs slow searches; the numbers are the report here.
  process.env.LOG_LEVEL = 'error';
  const search: Search = await import('../app/services/booking/search.server');
  const rules: Rules = await import('../app/services/booking/search-rules');
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c TimeZone=UTC' });
  const captured: { sql: string; params: unknown[] }[] = [];
  let capturing = false;
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => void (capturing && captured.push({ sql, params })) },
  }) as unknown as Db;
  try {
    const results: ServiceResult[] = [];
    for (const scenario of scenarios(db, search, rules, today)) {
      for (let i = 0; i < WARMUP_CALLS; i++) await scenario.run(i);
      const times: number[] = [];
      for (let i = 0; i < options.iterations; i++) {
        const started = performance.now();
        await scenario.run(i);
        times.push(performance.now() - started);
      }
      captured.length = 0;
      capturing = true;
      await scenario.explain();
      capturing = false;
      const plans = [];
      for (const query of captured) {
        const result = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params);
        plans.push({ ...query, plan: result.rows.map((r) => r['QUERY PLAN']).join('\n') });
      }
      const result = { name: scenario.name, typical: scenario.typical, ms: stats(times), plans };
      progress(`${scenario.name}: p50 ${result.ms.p50} ms, p95 ${result.ms.p95} ms, p99 ${result.ms.p99} ms`);
      results.push(result);
    }
    return results;
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP

interface HttpResult {
  name: string;
  requestsPerSecond: number;
  latencyMs: Stats;
  /** The server's database time from Server-Timing (JSON calls only). */
  serverTimingMs: Stats | null;
  non2xx: number;
  errors: number;
}

async function runHttp(origin: string, name: string, paths: string[], options: Options, seconds: number): Promise<HttpResult> {
  const serverTimes: number[] = [];
  let next = 0;
  const request: autocannon.Request = {
    method: 'GET',
    setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }),
    onResponse: (_status, _body, _context, headers) => {
      const timing = /db;dur=([\d.]+)/.exec(String(headers?.['server-timing'] ?? ''));
      if (timing) serverTimes.push(Number(timing[1]));
    },
  };
  const result = await runLoad({
    url: origin,
    headers: { ...BROWSER_HEADERS },
    connections: options.connections,
    durationSeconds: seconds,
    requests: [request],
  });
  return {
    name,
    requestsPerSecond: round(result.requestsPerSecond.mean),
    latencyMs: { ...result.latencyMs, n: result.requestsTotal },
    serverTimingMs: serverTimes.length ? stats(serverTimes) : null,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function measureHttp(run: BenchRun, options: Options, env: Record<string, string>, today: string): Promise<HttpResult[]> {
  const rules: Rules = await import('../app/services/booking/search-rules');
  await ensureBuild(options.build);
  const server = await startPortal(run, { env });
  try {
    const random = prng(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const days = Array.from({ length: 28 }, (_, i) => rules.addDays(today, i + 1)).filter((d) => rules.isoWeekday(d) !== 7);
    const filters = Array.from({ length: 500 }, (_, i): Filter => {
      const base = { ...rules.defaultFilter(today), startDate: pick(days) };
      if (i % 5 === 3) return { ...base, practitionerIds: [`P${String(1 + Math.floor(random() * 1000)).padStart(4, '0')}`], includeRemote: true };
      if (i % 5 === 4) return { ...base, specialtyIds: [pick(REMOTE_SPECIALTIES)], includeRemote: true };
      return { ...base, specialtyIds: [pick(COMMON_SPECIALTIES)], municipalities: [pick(MUNICIPALITIES)], time: pick(TIMES) };
    });
    const query = (f: Filter) => rules.toSearchParams(f, today).toString();
    const suites = [
      { name: 'GET /api/appointments', paths: filters.map((f) => `/api/appointments?${query(f)}&lang=fi`) },
      {
        name: 'GET /api/appointments/available-appointment-dates',
        paths: filters.map((f) => `/api/appointments/available-appointment-dates?${query(f)}`),
      },
      { name: 'GET /fi/ajanvaraus/yksityisasiakas (page)', paths: filters.map((f) => `/fi/ajanvaraus/yksityisasiakas?${query(f)}`) },
    ];
    const results: HttpResult[] = [];
    for (const suite of suites) {
      await runHttp(server.origin, suite.name, suite.paths, options, HTTP_WARMUP_SECONDS);
      const result = await runHttp(server.origin, suite.name, suite.paths, options, options.durationSeconds);
      progress(`${suite.name}: ${result.requestsPerSecond} req/s, p95 ${result.latencyMs.p95} ms`);
      results.push(result);
    }
    return results;
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

function render(service: ServiceResult[], http: HttpResult[], data: LoadReport, resync: ResyncReport | null, options: Options): string {
  const ms = (s: Stats) => [s.p50, s.p95, s.p99, s.mean].map((v) => v.toFixed(2));
  const n = (value: number) => value.toLocaleString('en');
  const lines = [
    `Calendar: ${n(data.slots)} slots (${n(data.bookedSlots)} booked), ${data.practitioners} practitioners, ${data.clinics} clinics; loaded in ${data.seconds} s`,
    ...(resync
      ? [
          `Practice system: FHIR backend (local server); published in ${resync.publishSeconds.toFixed(1)} s, then the first sync of ${Object.entries(
            resync.changes,
          )
            .map(([type, changes]) => `${n(changes)} ${type}`)
            .join(', ')} in ${resync.syncSeconds.toFixed(1)} s`,
          `Read model: ${n(resync.synced.slots)} slot rows (the free times; generated ${n(resync.generated.slots)}), ${n(resync.synced.liveAppointments)} live appointments (generated ${n(resync.generated.liveAppointments)})`,
        ]
      : ['Practice system: built-in store']),
    `Indexes: ${options.proposedIndexes ? 'proposed: (local_date, start_at) instead of (local_date)' : 'migrated only'}`,
    '',
    'Search service (server time per call, ms)',
    formatTable(
      [
        { title: 'scenario' },
        { title: 'p50', align: 'right' },
        { title: 'p95', align: 'right' },
        { title: 'p99', align: 'right' },
        { title: 'mean', align: 'right' },
        { title: 'target' },
      ],
      service.map((s) => [s.name, ...ms(s.ms), s.typical ? (s.ms.p95 <= TARGET_P95_MS ? 'ok' : 'MISSED') : '']),
    ),
  ];
  if (http.length) {
    lines.push(
      '',
      `HTTP (autocannon, ${options.connections} connections, ${options.durationSeconds} s; ms)`,
      formatTable(
        [
          { title: 'route' },
          { title: 'req/s', align: 'right' },
          { title: 'p50', align: 'right' },
          { title: 'p95', align: 'right' },
          { title: 'p99', align: 'right' },
          { title: 'db p50', align: 'right' },
          { title: 'db p95', align: 'right' },
          { title: 'db p99', align: 'right' },
          { title: 'non-2xx', align: 'right' },
        ],
        http.map((h) => [
          h.name,
          h.requestsPerSecond.toFixed(0),
          ...ms(h.latencyMs).slice(0, 3),
          ...(h.serverTimingMs ? ms(h.serverTimingMs).slice(0, 3) : ['', '', '']),
          String(h.non2xx + h.errors),
        ]),
      ),
    );
  }
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  return benchMain(USAGE, async (run) => {
    const options = parseOptions(argv);
    const loadAverageAtStart = loadAverage();
    const database = await benchDatabase(run);
    const url = database.env.DATABASE_URL!;

    const migrated = await openDatabase({ url });
    await runMigrations(migrated);
    await migrated.close();

    const today = helsinkiToday();
    progress('generating the calendar (INSERT … SELECT)');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let data: LoadReport;
    try {
      data = await loadScaleData(client, today, DEFAULT_SHAPE);
      if (options.proposedIndexes) {
        for (const statement of PROPOSED_INDEXES) await client.query(statement);
        await client.query('ANALYZE appointment_slots');
      }
    } finally {
      await client.end();
    }
    progress(`${data.slots} slots, ${data.practitioners} practitioners, ${data.clinics} clinics in ${data.seconds} s`);
    let resync: ResyncReport | null = null;
    let practiceSystemEnv: Record<string, string> = {};
    if (options.practiceSystem === 'fhir') {
      const database = await openDatabase({ url });
      try {
        ({ env: practiceSystemEnv, report: resync } = await resyncThroughPracticeSystem(run, database));
      } finally {
        await database.close();
      }
    }

    progress(`timing the search service (${options.iterations} calls per scenario)`);
    const service = await measureService(options, url, today);
    const http = options.http ? await measureHttp(run, options, { ...database.env, ...practiceSystemEnv }, today) : [];

    const missed = service.filter((s) => s.typical && s.ms.p95 > TARGET_P95_MS).map((s) => `${s.name}: p95 ${s.ms.p95} ms > ${TARGET_P95_MS} ms`);
    const failures = [...missed, ...http.filter((h) => h.non2xx + h.errors > 0).map((h) => `${h.name}: ${h.non2xx} non-2xx, ${h.errors} errors`)];
    const results = {
      ...machine(),
      loadAverage: { start: loadAverageAtStart, end: loadAverage() },
      targetP95Ms: TARGET_P95_MS,
      proposedIndexes: options.proposedIndexes ? PROPOSED_INDEXES : [],
      data,
      practiceSystem: resync ?? 'builtin',
      service,
      http,
      ok: failures.length === 0,
      failures,
    };
    await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(render(service, http, data, resync, options));
    if (options.explain) {
      for (const s of service) {
        for (const p of s.plans) console.log(`\n── ${s.name}\n${p.sql}\n${JSON.stringify(p.params)}\n${p.plan}`);
      }
    }
    console.log(`\nLoad average ${results.loadAverage.start.join(' ')} → ${results.loadAverage.end.join(' ')}. Results written to ${RESULTS_FILE}`);
    for (const failure of failures) console.error(`FAILED ${failure}`);
    return results.ok ? 0 : 1;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
