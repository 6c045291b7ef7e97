/**
 * `npm run bench [-- options]`: builds the portal for production, starts it on a fresh database,
 * logs the demo person in through the test identification flow and measures every scenario in
 * bench/scenarios.ts (autocannon throughput/latency plus page weight). Prints a table, writes
 * bench/results.json and exits non-zero when the login failed or any scenario had errors or
 * non-2xx responses.
 *
 *   --no-build         use the existing build/ instead of running `react-router build`
 *   --pglite           a temporary PGlite data directory instead of PostgreSQL
 *   --duration N       seconds per scenario (default 10; each run follows a 2 s warm-up, and
 *                      the server is first primed with 5 s of load on every scenario)
 *   --connections N    concurrent connections (default 10)
 *   --scale            instead: the appointment-search benchmark at scale (bench/scale.ts, with
 *                      its own options)
 *
 * PostgreSQL: database portal_bench_<pid> is created on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPgliteDatabase, createPostgresDatabase, DEFAULT_ADMIN_URL, type BenchDatabase } from './database';
import { BROWSER_HEADERS } from './http';
import { runLoad } from './load';
import { loginDemoPerson } from './login';
import { HTML_GZIP_BUDGET_BYTES, measurePageWeight } from './page-weight';
import { renderReport, type BenchResults, type ScenarioResult } from './report';
import { BASELINE_SCENARIO, SCENARIOS, type Scenario } from './scenarios';
import { findFreePort, startServer } from './server-process';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = fileURLToPath(new URL('./results.json', import.meta.url));
/** Discarded load right before each scenario's measurement. */
const WARMUP_SECONDS = 2;
/** Discarded load on every scenario, once, before the first measurement. */
const PRIME_SECONDS = 5;
const READY_TIMEOUT_MS = 60_000;

interface Options {
  build: boolean;
  pglite: boolean;
  durationSeconds: number;
  connections: number;
}

class UsageError extends Error {}

function positiveInt(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new UsageError(`--${name} must be a positive integer, got "${value}"`);
  return number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      'no-build': { type: 'boolean', default: false },
      pglite: { type: 'boolean', default: false },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    build: !values['no-build'],
    pglite: values.pglite,
    durationSeconds: positiveInt('duration', values.duration),
    connections: positiveInt('connections', values.connections),
  };
}

const roundedLoadAverage = () => loadavg().map((load) => Math.round(load * 100) / 100);

const progress = (message: string) => process.stderr.write(`› ${message}\n`);

/** Runs a command in the repository root; its output goes to stderr so stdout holds only the report. */
async function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', process.stderr, process.stderr] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with code ${code}`);
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Cleanup steps, run last-in first-out once: at the end, on failure or on Ctrl-C, whichever comes first. */
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | null = null;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    progress('cleaning up');
    for (let step = cleanups.pop(); step; step = cleanups.pop()) {
      try {
        await step();
      } catch (error) {
        console.warn(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}

function scenarioFailures(result: ScenarioResult, expectText: string | undefined): string[] {
  const failures: string[] = [];
  const { name, pageWeight } = result;
  if (result.non2xx > 0) failures.push(`${name}: ${result.non2xx} non-2xx responses (${JSON.stringify(result.statusCodes)})`);
  if (result.errors > 0) failures.push(`${name}: ${result.errors} request errors`);
  if (result.timeouts > 0) failures.push(`${name}: ${result.timeouts} timeouts`);
  if (pageWeight.status !== 200) failures.push(`${name}: the page answered ${pageWeight.status}`);
  if (pageWeight.expectedTextFound === false) failures.push(`${name}: the page does not contain "${expectText}"`);
  return failures;
}

async function benchmark(options: Options): Promise<BenchResults> {
  const loadAverageAtStart = roundedLoadAverage();
  if (options.build) {
    progress('building for production (react-router build)');
    await run('npx', ['react-router', 'build'], { ...process.env, NODE_ENV: 'production' });
  } else if (!existsSync(`${ROOT}/build/server/index.js`)) {
    throw new Error('--no-build: there is no build/server/index.js; run without --no-build first');
  }

  const database: BenchDatabase = options.pglite
    ? await createPgliteDatabase()
    : await createPostgresDatabase(process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL);
  cleanups.push(() => database.dispose());
  progress(`database: ${database.description}`);

  const port = await findFreePort();
  const server = startServer({ cwd: ROOT, port, env: database.env });
  cleanups.push(() => server.stop());
  progress(`starting the server on ${server.origin} (migrate, seed, serve)`);
  await server.waitUntilReady(READY_TIMEOUT_MS);

  progress('logging in the demo person through the test identification');
  const session = await loginDemoPerson(server.origin);

  const loadOptions = (scenario: Scenario) => ({
    url: new URL(scenario.path, server.origin).href,
    headers: scenario.auth === 'user' ? { ...BROWSER_HEADERS, cookie: session.header() } : { ...BROWSER_HEADERS },
    connections: options.connections,
  });

  // A fresh server is still compiling hot code for several seconds; without this round the
  // first scenario (the baseline) would be measured cold and every ratio would be skewed.
  progress(`priming the server: ${PRIME_SECONDS} s of load on every scenario`);
  for (const scenario of SCENARIOS) await runLoad({ ...loadOptions(scenario), durationSeconds: PRIME_SECONDS });

  const scenarios: ScenarioResult[] = [];
  const failures: string[] = [];
  for (const scenario of SCENARIOS) {
    const url = new URL(scenario.path, server.origin);
    const pageWeight = await measurePageWeight(url, scenario.auth === 'user' ? session : null, scenario.expectText);
    progress(`${scenario.name}: ${WARMUP_SECONDS} s warm-up, then ${options.durationSeconds} s on ${scenario.path}`);
    await runLoad({ ...loadOptions(scenario), durationSeconds: WARMUP_SECONDS });
    const measured = await runLoad({ ...loadOptions(scenario), durationSeconds: options.durationSeconds });
    const result: ScenarioResult = {
      name: scenario.name,
      path: scenario.path,
      auth: scenario.auth,
      requestsPerSecond: measured.requestsPerSecond,
      ratioToBaseline: null,
      requestsTotal: measured.requestsTotal,
      latencyMs: measured.latencyMs,
      bytesPerSecond: measured.bytesPerSecond,
      non2xx: measured.non2xx,
      errors: measured.errors,
      timeouts: measured.timeouts,
      statusCodes: measured.statusCodes,
      pageWeight,
    };
    scenarios.push(result);
    failures.push(...scenarioFailures(result, scenario.expectText));
  }

  const baseline = scenarios.find((s) => s.name === BASELINE_SCENARIO)?.requestsPerSecond.mean;
  for (const result of scenarios) {
    result.ratioToBaseline = baseline ? Math.round((result.requestsPerSecond.mean / baseline) * 1000) / 1000 : null;
  }

  const cpuList = cpus();
  const status = git(['status', '--porcelain']);
  return {
    date: new Date().toISOString(),
    git: { commit: git(['rev-parse', 'HEAD']), dirty: status === null ? null : status !== '' },
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: { count: cpuList.length, model: cpuList[0]?.model.trim() ?? 'unknown' },
    loadAverage: { start: loadAverageAtStart, end: roundedLoadAverage() },
    database: database.kind,
    durationSeconds: options.durationSeconds,
    warmupSeconds: WARMUP_SECONDS,
    primeSeconds: PRIME_SECONDS,
    connections: options.connections,
    baseline: BASELINE_SCENARIO,
    htmlGzipBudgetBytes: HTML_GZIP_BUDGET_BYTES,
    ok: failures.length === 0,
    failures,
    scenarios,
  };
}

async function main(): Promise<number> {
  if (process.argv.includes('--scale')) {
    return (await import('./scale')).main(process.argv.slice(2).filter((arg) => arg !== '--scale'));
  }
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error('usage: npm run bench -- [--no-build] [--pglite] [--duration N] [--connections N]');
    return 2;
  }

  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  try {
    const results = await benchmark(options);
    await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(renderReport(results));
    console.log(`\nResults written to ${RESULTS_FILE}`);
    return results.ok ? 0 : 1;
  } catch (error) {
    console.error(`\nbenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
