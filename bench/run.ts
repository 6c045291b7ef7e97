/**
 * `npm run bench [-- options]`: builds the portal for production, starts it on a fresh database,
 * logs the demo people the scenarios need in through the test identification flow, finds the
 * paths that depend on the data (a free time, a thread) and measures every scenario in
 * bench/scenarios.ts: autocannon throughput/latency, and for pages their weight (gzipped first
 * HTML and the JavaScript and CSS they load). Prints a table with the throughput ratios of
 * bench/scenarios.ts (RATIO_GOALS), writes bench/results.json and exits non-zero when the login
 * failed, any scenario had errors or non-2xx responses, or any page is over a budget
 * (HTML ≤ 12 KB, JS ≤ 120 KB gzipped). The ratio goals are reported, not enforced: they move
 * with whatever else the machine is doing.
 *
 *   --no-build         use the existing build (BUILD_DIR, default build/)
 *   --pglite           a temporary PGlite data directory instead of PostgreSQL
 *   --duration N       seconds of measured load per scenario (default 15), split into --rounds
 *   --rounds N         rounds (default 3): each round measures every scenario in turn, so a
 *                      burst of other work on the machine hits all scenarios alike instead of
 *                      skewing one ratio. The server is first primed with 5 s of load on every
 *                      scenario, and each scenario gets a 2 s warm-up before its first round.
 *   --connections N    concurrent connections (default 10)
 *   --only A,B         only these scenarios (by name)
 *   --cpu-prof         run the server under node --cpu-prof and print where its time went
 *                      (the profile is kept in bench/profiles/)
 *   --practice-system fhir
 *                      (or PRACTICE_SYSTEM=fhir) the FHIR backend (ADR 0051), as bench:reserve
 *                      runs it: the local FHIR server with the demo calendar, measured after the
 *                      portal's first sync (PostgreSQL only)
 *   --scale            instead: the appointment-search benchmark at scale (bench/scale.ts, with
 *                      its own options)
 *
 * PostgreSQL: database portal_bench_<pid> is created on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { readProfiles, renderProfile, type ProfileSummary } from './cpu-profile';
import { benchDatabase, benchMain, ensureBuild, loadAverage, machine, parseCli, positiveInt, progress, round, startPortal, UsageError } from './harness';
import { BROWSER_HEADERS } from './http';
import { distribution, runLoad, type LoadResult, type LoadSample } from './load';
import type { CookieJar } from './cookie-jar';
import { DEMO_PERSON, loginDemoPerson } from './login';
import { HTML_GZIP_BUDGET_BYTES, JS_GZIP_BUDGET_BYTES, measurePageWeight, type PageWeight } from './page-weight';
import { renderReport, type BenchResults, type RatioResult, type ScenarioResult } from './report';
import { BASELINE_SCENARIO, RATIO_GOALS, SCENARIOS, type Scenario } from './scenarios';
import { startPracticeSystem, waitForFirstSync } from './practice-system';
import { openDatabase } from '../db/client';

const RESULTS_FILE = fileURLToPath(new URL('./results.json', import.meta.url));
const PROFILES_DIR = fileURLToPath(new URL('./profiles', import.meta.url));
/** Discarded load right before each scenario's measurement. */
const WARMUP_SECONDS = 2;
/** Discarded load on every scenario, once, before the first measurement. */
const PRIME_SECONDS = 5;
const USAGE =
  'npm run bench -- [--no-build] [--pglite] [--duration N] [--rounds N] [--connections N] [--only A,B] [--cpu-prof] [--practice-system builtin|fhir] | --scale [options]';

interface Options {
  build: boolean;
  pglite: boolean;
  durationSeconds: number;
  rounds: number;
  connections: number;
  scenarios: readonly Scenario[];
  cpuProfile: boolean;
  practiceSystem: 'builtin' | 'fhir';
}

function parseOptions(argv: string[]): Options {
  const values = parseCli(argv, {
    'no-build': { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    duration: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    'practice-system': { type: 'string', default: process.env.PRACTICE_SYSTEM || 'builtin' },
  });
  const practiceSystem = values['practice-system'];
  if (practiceSystem !== 'builtin' && practiceSystem !== 'fhir') throw new UsageError('--practice-system: builtin or fhir');
  if (practiceSystem === 'fhir' && values.pglite)
    throw new UsageError('--practice-system fhir runs on PostgreSQL (the bench reads the sync from a second connection)');
  let scenarios = SCENARIOS;
  if (values.only !== undefined) {
    const names = values.only.split(',').map((name) => name.trim());
    const unknown = names.filter((name) => !SCENARIOS.some((s) => s.name === name));
    if (unknown.length) throw new UsageError(`--only: unknown scenario ${unknown.join(', ')} (known: ${SCENARIOS.map((s) => s.name).join(', ')})`);
    scenarios = SCENARIOS.filter((s) => names.includes(s.name));
  }
  return {
    build: !values['no-build'],
    pglite: values.pglite,
    durationSeconds: positiveInt('duration', values.duration),
    rounds: positiveInt('rounds', values.rounds),
    connections: positiveInt('connections', values.connections),
    scenarios,
    cpuProfile: values['cpu-prof'],
    practiceSystem,
  };
}

function scenarioFailures(result: ScenarioResult, expectText: string | undefined): string[] {
  const failures: string[] = [];
  const { name, pageWeight } = result;
  if (result.non2xx > 0) failures.push(`${name}: ${result.non2xx} non-2xx responses (${JSON.stringify(result.statusCodes)})`);
  if (result.errors > 0) failures.push(`${name}: ${result.errors} request errors`);
  if (result.timeouts > 0) failures.push(`${name}: ${result.timeouts} timeouts`);
  if (!pageWeight) return failures;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  if (pageWeight.status !== 200) failures.push(`${name}: the page answered ${pageWeight.status}`);
  if (pageWeight.expectedTextFound === false) failures.push(`${name}: the page does not contain "${expectText}"`);
  if (pageWeight.overBudget) {
    failures.push(`${name}: first HTML ${kb(pageWeight.htmlGzipBytes)} gzipped is over the budget of ${kb(pageWeight.budgetBytes)}`);
  }
  if (pageWeight.jsOverBudget) {
    failures.push(
      `${name}: ${pageWeight.plain ? 'plain page' : 'hydrated page'}: JavaScript ${kb(pageWeight.js.gzipBytes)} in ${pageWeight.js.count} files and ${kb(pageWeight.inlineJs.gzipBytes)} inline (gzipped) is over its budget of ${kb(pageWeight.jsBudgetBytes)}${pageWeight.plain && pageWeight.js.count > 0 ? ' (a plain page loads no script file)' : ''}`,
    );
  }
  return failures;
}

function ratios(scenarios: readonly ScenarioResult[]): RatioResult[] {
  const rate = (name: string) => scenarios.find((s) => s.name === name)?.requestsPerSecond.mean;
  const rounds = (name: string) => scenarios.find((s) => s.name === name)?.roundsRequestsPerSecond ?? [];
  return RATIO_GOALS.flatMap((goal) => {
    const [numerator, denominator] = [rate(goal.scenario), rate(goal.of)];
    if (numerator === undefined || !denominator) return [];
    const ratio = Math.round((numerator / denominator) * 1000) / 1000;
    const perRound = rounds(goal.scenario).map((rate, i) => rate / (rounds(goal.of)[i] ?? Number.NaN));
    const spread = { min: round(Math.min(...perRound), 3), max: round(Math.max(...perRound), 3) };
    return [{ ...goal, ratio, perRound: spread, met: ratio >= goal.atLeast }];
  });
}

async function benchmark(options: Options, run: Parameters<Parameters<typeof benchMain>[1]>[0]) {
  const loadAverageAtStart = loadAverage();
  await ensureBuild(options.build);
  const database = await benchDatabase(run, options.pglite ? 'pglite' : 'postgresql');
  const profileDir = options.cpuProfile ? `${PROFILES_DIR}/${new Date().toISOString().replace(/[:.]/g, '-')}` : undefined;
  if (profileDir) await mkdir(profileDir, { recursive: true });
  // The FHIR backend (ADR 0051): the same pages over the read model the first sync fills.
  const practiceSystemDatabase = options.practiceSystem === 'fhir' ? await openDatabase({ url: database.env.DATABASE_URL! }) : null;
  if (practiceSystemDatabase) run.cleanups.push(() => practiceSystemDatabase.close());
  const practiceSystemEnv = practiceSystemDatabase ? await startPracticeSystem(run, practiceSystemDatabase) : {};
  const server = await startPortal(run, { env: { ...database.env, ...practiceSystemEnv }, readyTimeoutMs: 60_000, cpuProfileDir: profileDir });
  if (practiceSystemDatabase) await waitForFirstSync(practiceSystemDatabase);

  // Data the scenarios need beyond the seed, each `prepare` once (e.g. 10 years of access log).
  const prepared = new Set<unknown>();
  for (const scenario of options.scenarios) {
    if (!scenario.prepare || prepared.has(scenario.prepare)) continue;
    prepared.add(scenario.prepare);
    progress(`${scenario.name}: preparing its data`);
    await scenario.prepare({ databaseUrl: database.env.DATABASE_URL ?? null });
  }

  // Each person the scenarios ask for is logged in once (the demo person unless a scenario names another).
  const sessions = new Map<string, CookieJar>();
  const sessionOf = async (scenario: Scenario): Promise<CookieJar | null> => {
    if (scenario.auth !== 'user') return null;
    const identityCode = scenario.identityCode ?? DEMO_PERSON.identityCode;
    if (!sessions.has(identityCode)) {
      progress(`logging in ${identityCode === DEMO_PERSON.identityCode ? 'the demo person' : identityCode} through the test identification`);
      sessions.set(identityCode, await loginDemoPerson(server.origin, identityCode));
    }
    return sessions.get(identityCode)!;
  };
  const scenarioSessions = new Map<string, CookieJar | null>();
  const paths = new Map<string, string>();
  for (const scenario of options.scenarios) {
    scenarioSessions.set(scenario.name, await sessionOf(scenario));
    const path = scenario.resolvePath
      ? await scenario.resolvePath({ origin: server.origin, session: scenarioSessions.get(scenario.name) ?? null })
      : scenario.path;
    if (scenario.resolvePath) progress(`${scenario.name}: measuring ${path}`);
    paths.set(scenario.name, path);
  }

  const loadOptions = (scenario: Scenario) => {
    const jar = scenarioSessions.get(scenario.name);
    return {
      url: new URL(paths.get(scenario.name)!, server.origin).href,
      headers: jar ? { ...BROWSER_HEADERS, cookie: jar.header() } : { ...BROWSER_HEADERS },
      connections: options.connections,
    };
  };

  // A fresh server is still compiling hot code for several seconds; without this round the
  // first scenario would be measured cold and every ratio would be skewed.
  progress(`priming the server: ${PRIME_SECONDS} s of load on every scenario`);
  for (const scenario of options.scenarios) await runLoad({ ...loadOptions(scenario), durationSeconds: PRIME_SECONDS });

  const weights = new Map<string, PageWeight | null>();
  for (const scenario of options.scenarios) {
    const url = new URL(paths.get(scenario.name)!, server.origin);
    weights.set(
      scenario.name,
      scenario.kind === 'page' ? await measurePageWeight(url, scenarioSessions.get(scenario.name) ?? null, scenario.expectText) : null,
    );
  }

  const slice = options.durationSeconds / options.rounds;
  const runs = new Map<string, (LoadResult & LoadSample)[]>(options.scenarios.map((s) => [s.name, []]));
  for (let round = 1; round <= options.rounds; round++) {
    for (const scenario of options.scenarios) {
      if (round === 1) await runLoad({ ...loadOptions(scenario), durationSeconds: WARMUP_SECONDS });
      progress(`round ${round}/${options.rounds}: ${scenario.name}, ${slice} s on ${paths.get(scenario.name)}`);
      runs.get(scenario.name)!.push(await runLoad({ ...loadOptions(scenario), durationSeconds: slice }));
    }
  }

  const scenarios: ScenarioResult[] = [];
  const failures: string[] = [];
  for (const scenario of options.scenarios) {
    const measured = runs.get(scenario.name)!;
    const sum = (pick: (run: LoadResult) => number) => measured.reduce((total, run) => total + pick(run), 0);
    const perRound = measured.map((run) => run.requestsTotal / run.elapsedSeconds);
    const mean = sum((run) => run.requestsTotal) / sum((run) => run.elapsedSeconds);
    const { n: _n, ...latencyMs } = distribution(measured.flatMap((run) => run.responseTimesMs));
    const statusCodes: Record<string, number> = {};
    for (const run of measured) {
      for (const [code, count] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
    }
    const result: ScenarioResult = {
      name: scenario.name,
      path: paths.get(scenario.name)!,
      auth: scenario.auth,
      requestsPerSecond: {
        mean: round(mean, 1),
        stddev: round(Math.sqrt(perRound.reduce((total, rate) => total + (rate - mean) ** 2, 0) / perRound.length), 1),
        min: round(Math.min(...perRound), 1),
        max: round(Math.max(...perRound), 1),
      },
      roundsRequestsPerSecond: perRound.map((rate) => round(rate, 1)),
      ratioToBaseline: null,
      requestsTotal: sum((run) => run.requestsTotal),
      latencyMs,
      bytesPerSecond: round(sum((run) => run.bytesPerSecond * run.elapsedSeconds) / sum((run) => run.elapsedSeconds), 0),
      non2xx: sum((run) => run.non2xx),
      errors: sum((run) => run.errors),
      timeouts: sum((run) => run.timeouts),
      statusCodes,
      pageWeight: weights.get(scenario.name) ?? null,
    };
    scenarios.push(result);
    failures.push(...scenarioFailures(result, scenario.expectText));
  }

  const baseline = scenarios.find((s) => s.name === BASELINE_SCENARIO)?.requestsPerSecond.mean;
  for (const result of scenarios) {
    result.ratioToBaseline = baseline ? Math.round((result.requestsPerSecond.mean / baseline) * 1000) / 1000 : null;
  }

  let profiles: ProfileSummary[] = [];
  if (profileDir) {
    progress('stopping the server to write its CPU profile');
    await server.stop();
    // Start-up (migrations, seed, module loading) is not what the profile is for.
    profiles = await readProfiles(profileDir, 25, server.readyAfterMs ?? 0);
  }

  const results: BenchResults = {
    ...machine(),
    loadAverage: { start: loadAverageAtStart, end: loadAverage() },
    database: database.kind,
    durationSeconds: options.durationSeconds,
    rounds: options.rounds,
    warmupSeconds: WARMUP_SECONDS,
    primeSeconds: PRIME_SECONDS,
    connections: options.connections,
    baseline: BASELINE_SCENARIO,
    htmlGzipBudgetBytes: HTML_GZIP_BUDGET_BYTES,
    jsGzipBudgetBytes: JS_GZIP_BUDGET_BYTES,
    ok: failures.length === 0,
    failures,
    ratios: ratios(scenarios),
    scenarios,
  };
  return { results, profile: profiles[0] ?? null };
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--messaging')) {
    return (await import('./messaging')).main(argv.filter((arg) => arg !== '--messaging'));
  }
  if (argv.includes('--scale')) {
    return (await import('./scale')).main(argv.filter((arg) => arg !== '--scale'));
  }
  return benchMain(USAGE, async (run) => {
    const options = parseOptions(argv);
    const { results, profile } = await benchmark(options, run);
    await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    if (profile) console.log(`${renderProfile(profile)}\n`);
    console.log(renderReport(results));
    console.log(`\nResults written to ${RESULTS_FILE}`);
    return results.ok ? 0 : 1;
  });
}

process.exitCode = await main(process.argv.slice(2));
