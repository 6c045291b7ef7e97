/**
 * `npx tsx bench/reserve.ts [options]`: the reservation POST under load. Builds for production
 * (unless --no-build), starts the portal on a fresh PostgreSQL database (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres; dropped at the end), picks free times of
 * the seeded calendar and creates one patient per request, so every request reserves a different
 * time for a different person (the real write path: person lock, limit count, insert, outbox,
 * logs). Two scenarios, each with its own slots, and a baseline:
 *
 *   api    POST /api/anon/reserve-appointment (JSON, the spec's call)
 *   form   POST /fi/vapaat-ajat/{id} (the page's form post, answered with a 303 redirect)
 *   terms  GET /fi/eula, the simplest page: what the machine does without any reservation work
 *
 * Each scenario runs once per connection count. With one connection nothing queues, so its
 * response times (measured by the client on the same host) are the server time of one
 * reservation; more connections give the throughput and the latency under load. Checks that
 * every request succeeded and exits non-zero when the server time's p95 exceeds the target.
 *
 *   --no-build          use the existing build (BUILD_DIR, default build/)
 *   --requests N        reservations per scenario and connection count (default 1000)
 *   --connections LIST  connection counts, comma-separated (default 1,10; the first one is
 *                       checked against the target)
 *   --target-p95 MS     the p95 budget of the server time (default 100; with the FHIR backend 150,
 *                       issue 41's line for a booking written through to the local FHIR server)
 *   --practice-system fhir
 *                       (or PRACTICE_SYSTEM=fhir) the FHIR backend (ADR 0051): the local FHIR
 *                       server (medplum's router in memory, on loopback, in this process) with the
 *                       demo calendar published into it as `npm run fhir:dev` does; the portal
 *                       books through it (read the Slot, find or register the Patient, one
 *                       transaction with the Slot's If-Match) and the run waits for its first sync
 *                       before measuring. Default: the built-in store.
 */
import { count, eq } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { appointments } from '../db/schema';
import { bookingRequest, prepareBookings, type Booking } from './bookings';
import { startPracticeSystem, waitForFirstSync } from './practice-system';
import { CookieJar } from './cookie-jar';
import { benchDatabase, benchMain, UsageError, ensureBuild, loadAverage, machine, parseCli, positiveInt, progress, startPortal } from './harness';
import { findForm } from './html';
import { send } from './http';
import { runLoad } from './load';
import { formatTable } from './report';

const WARMUP_REQUESTS = 200;
const USAGE = 'npm run bench:reserve -- [--no-build] [--requests N] [--connections LIST] [--target-p95 MS] [--practice-system builtin|fhir]';

interface Options {
  build: boolean;
  requests: number;
  connections: number[];
  targetP95: number;
  practiceSystem: 'builtin' | 'fhir';
}

function parseOptions(argv: string[]): Options {
  const values = parseCli(argv, {
    'no-build': { type: 'boolean', default: false },
    requests: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '1,10' },
    'target-p95': { type: 'string' },
    'practice-system': { type: 'string', default: process.env.PRACTICE_SYSTEM || 'builtin' },
  });
  const practiceSystem = values['practice-system'];
  if (practiceSystem !== 'builtin' && practiceSystem !== 'fhir') throw new UsageError('--practice-system: builtin or fhir');
  return {
    build: !values['no-build'],
    requests: positiveInt('requests', values.requests),
    connections: values.connections.split(',').map((value) => positiveInt('connections', value.trim())),
    targetP95: positiveInt('target-p95', values['target-p95'] ?? (practiceSystem === 'fhir' ? '150' : '100')),
    practiceSystem,
  };
}

/** `terms` is a baseline for this machine and run: GET of the simplest page (no reservation). */
type Scenario = 'api' | 'form' | 'terms';

interface Measured {
  scenario: Scenario;
  connections: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  statusCodes: Record<string, number>;
  errors: number;
}

async function measure(
  origin: string,
  scenario: Scenario,
  bookings: Booking[],
  session: { cookie: string; token: string },
  connections: number,
): Promise<Measured> {
  let next = 0;
  const result = await runLoad({
    url: origin,
    connections,
    amount: bookings.length,
    requests: [
      {
        method: scenario === 'terms' ? 'GET' : 'POST',
        setupRequest: (request) => {
          if (scenario === 'terms') return { ...request, path: '/fi/eula' };
          const booking = bookings[next++ % bookings.length]!;
          const { path, contentType, body } = bookingRequest(scenario, booking, session.token);
          return {
            ...request,
            path,
            body,
            headers: {
              ...request.headers,
              'content-type': contentType,
              cookie: session.cookie,
              'x-csrf-token': session.token,
              origin,
            },
          };
        },
      },
    ],
  });
  const round = (value: number) => Math.round(value * 10) / 10;
  const { p50, p95, p99, max } = result.latencyMs;
  return {
    scenario,
    connections,
    requests: result.requestsTotal,
    seconds: result.elapsedSeconds,
    requestsPerSecond: result.overallRequestsPerSecond,
    latencyMs: { p50: round(p50), p95: round(p95), p99: round(p99), max: round(max) },
    statusCodes: result.statusCodes,
    errors: result.errors + result.timeouts,
  };
}

async function main(argv: string[]): Promise<number> {
  return benchMain(USAGE, async (run) => {
    const options = parseOptions(argv);
    await ensureBuild(options.build);
    const bench = await benchDatabase(run);
    const database = await openDatabase({ url: bench.env.DATABASE_URL! });
    run.cleanups.push(() => database.close());
    const practiceSystemEnv = options.practiceSystem === 'fhir' ? await startPracticeSystem(run, database) : {};
    const server = await startPortal(run, { env: { ...bench.env, ...practiceSystemEnv, RATE_LIMIT_ANONYMOUS_POSTS_PER_10_MIN: '1000000' } });
    if (options.practiceSystem === 'fhir') await waitForFirstSync(database);
    const scenarios = (['api', 'form', 'terms'] as const).flatMap((scenario) => options.connections.map((connections) => ({ scenario, connections })));
    const total = WARMUP_REQUESTS + scenarios.filter((s) => s.scenario !== 'terms').length * options.requests;
    progress(`choosing ${total} free times and creating a patient for each`);
    const bookings = await prepareBookings(database, total);

    // The anonymous visitor's CSRF cookie and token, from the reserve page as a browser gets them.
    const jar = new CookieJar();
    const page = await send(new URL(`/fi/vapaat-ajat/${bookings[0]!.slotId}`, server.origin), jar);
    const token = findForm(await page.text(), 'post')?.hiddenFields.get('csrf');
    if (page.status !== 200 || !token) throw new Error(`the reserve page answered ${page.status} without a form`);
    const session = { cookie: jar.header(), token };

    progress(`warming up with ${WARMUP_REQUESTS} reservations`);
    const warmUp = await measure(server.origin, 'api', bookings.slice(0, WARMUP_REQUESTS), session, Math.max(...options.connections));
    const results: Measured[] = [];
    let offset = WARMUP_REQUESTS;
    for (const { scenario, connections } of scenarios) {
      progress(`${scenario}: ${options.requests} reservations over ${connections} connection(s)`);
      const share = scenario === 'terms' ? bookings.slice(0, options.requests) : bookings.slice(offset, offset + options.requests);
      results.push(await measure(server.origin, scenario, share, session, connections));
      if (scenario !== 'terms') offset += options.requests;
    }

    const [booked] = await database.db.select({ n: count() }).from(appointments).where(eq(appointments.bookedVia, 'web-anonymous'));
    const failures: string[] = [];
    if (Number(booked?.n) !== total) failures.push(`${booked?.n} appointments booked, ${total} expected`);
    if ((warmUp.statusCodes['200'] ?? 0) !== warmUp.requests || warmUp.errors) {
      failures.push(`warm-up: answers ${JSON.stringify(warmUp.statusCodes)}, ${warmUp.errors} errors`);
    }
    for (const r of results) {
      const expected = r.scenario === 'form' ? '303' : '200';
      if ((r.statusCodes[expected] ?? 0) !== r.requests || r.errors) {
        failures.push(`${r.scenario}: answers ${JSON.stringify(r.statusCodes)}, ${r.errors} errors`);
      }
      if (r.scenario !== 'terms' && r.connections === options.connections[0] && r.latencyMs.p95 > options.targetP95) {
        failures.push(`${r.scenario}: server time p95 ${r.latencyMs.p95} ms > ${options.targetP95} ms`);
      }
    }

    const { date, node, cpu } = machine();
    console.log(`Reservation POST benchmark  ${date}`);
    console.log(
      `PostgreSQL · ${options.practiceSystem === 'fhir' ? 'FHIR backend (local server) · ' : 'built-in store · '}node ${node} · ${cpu.count} × ${cpu.model} · load ${loadAverage().join(' ')}\n`,
    );
    console.log(
      formatTable(
        [
          { title: 'scenario' },
          { title: 'connections', align: 'right' },
          { title: 'requests', align: 'right' },
          { title: 'req/s', align: 'right' },
          { title: 'p50 ms', align: 'right' },
          { title: 'p95 ms', align: 'right' },
          { title: 'p99 ms', align: 'right' },
          { title: 'max ms', align: 'right' },
          { title: 'statuses' },
        ],
        results.map((r) => [
          r.scenario,
          String(r.connections),
          String(r.requests),
          r.requestsPerSecond.toFixed(1),
          r.latencyMs.p50.toFixed(1),
          r.latencyMs.p95.toFixed(1),
          r.latencyMs.p99.toFixed(1),
          r.latencyMs.max.toFixed(1),
          Object.entries(r.statusCodes)
            .map(([code, n]) => `${code}×${n}`)
            .join(' '),
        ]),
      ),
    );
    console.log(
      `\nserver time (${options.connections[0]} connection) p95 ≤ ${options.targetP95} ms: ${failures.length ? `FAILED\n  ${failures.join('\n  ')}` : 'met'}`,
    );
    return failures.length ? 1 : 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
