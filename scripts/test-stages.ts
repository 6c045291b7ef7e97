/**
 * `npm test`: every stage of the suite, each timed, then a table of the stages' wall times and
 * the 20 slowest tests of the run (README, "Test it"; issue 38).
 *
 *   route types   react-router typegen (what tsc and lint read)
 *   static        typecheck, lint (eslint, knip, prettier) and the production build side by side (three processes that
 *                 are mostly single-threaded, on CI's two cores)
 *   tests         two lanes side by side, on the build of `static`, each one step after another:
 *                   e2e, concurrency,   Playwright (the js and no-js projects in one run), then
 *                   unit                two servers on one PostgreSQL database, then vitest's
 *                                       unit project
 *                   integration         vitest's integration project (PGlite, and PostgreSQL
 *                                       with TEST_DATABASE_URL), the longest step
 *                 Neither lane keeps both cores busy alone (a browser test waits on the page and
 *                 the server in turn, an integration test on processes it starts); together they
 *                 do (ADR 0044). With --serial the four run one after another, each alone.
 *   cluster       with --cluster (CI): HAProxy in front of three instances of that build
 *
 * The build is made once, into BUILD_DIR (default build/), and every later stage that starts a
 * server uses it. The stages stop at the first failure. Reports (vitest's and Playwright's JSON,
 * the stage table) are written to reports/.
 *
 * Options: --cluster (also the cluster stage), --serial (see above), --install-seconds N (a
 * stage measured by the caller, .ci/run's `npm ci`, put first in the table).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORTS = path.join(ROOT, 'reports');
const BIN = path.join(ROOT, 'node_modules/.bin');

interface Timing {
  stage: string;
  seconds: number;
  ok: boolean;
}

interface TestTime {
  title: string;
  seconds: number;
}

const args = process.argv.slice(2);
const withCluster = args.includes('--cluster');
/** --serial: the test stages one after another (to measure each alone). */
const SIDE_BY_SIDE = !args.includes('--serial');
const installIndex = args.indexOf('--install-seconds');
const installSeconds = installIndex === -1 ? null : Number(args[installIndex + 1]);

const timings: Timing[] = [];
if (installSeconds !== null && Number.isFinite(installSeconds)) timings.push({ stage: 'install (npm ci)', seconds: installSeconds, ok: true });

/** Runs one command with the terminal's output; resolves with whether it exited 0. */
function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = {}, prefix?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(path.join(BIN, command), commandArgs, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      // Side by side: each line carries its stage's name, so two outputs stay readable.
      for (const stream of [child.stdout!, child.stderr!]) {
        let rest = '';
        stream.on('data', (chunk: Buffer) => {
          const lines = (rest + chunk.toString('utf8')).split('\n');
          rest = lines.pop()!;
          for (const line of lines) process.stdout.write(`[${prefix}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${prefix}] ${rest}\n`));
      }
    }
    child.on('exit', (code) => resolve(code === 0));
  });
}

async function timed(stage: string, work: () => Promise<boolean>): Promise<boolean> {
  const started = performance.now();
  console.log(`\n=== ${stage}`);
  const ok = await work();
  const seconds = (performance.now() - started) / 1000;
  timings.push({ stage, seconds, ok });
  console.log(`=== ${stage}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`);
  return ok;
}

/**
 * Several steps at once, in lanes (each lane's steps one after another, stopping at its first
 * failure; by default every step is a lane of its own); each step's own time is kept as a line of
 * its own under the stage.
 */
async function sideBySide(stage: string, steps: Array<[string, () => Promise<boolean>]>, lanes: string[][] = steps.map(([name]) => [name])): Promise<boolean> {
  const byName = new Map(steps);
  return timed(stage, async () => {
    const results = await Promise.all(
      lanes.map(async (lane) => {
        for (const name of lane) {
          const started = performance.now();
          const ok = await byName.get(name)!();
          timings.push({ stage: `  ${name}`, seconds: (performance.now() - started) / 1000, ok });
          if (!ok) return false;
        }
        return true;
      }),
    );
    return results.every(Boolean);
  });
}

function vitestTimes(file: string): TestTime[] {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    testResults?: Array<{ name: string; assertionResults?: Array<{ fullName: string; duration?: number }> }>;
  };
  return (report.testResults ?? []).flatMap((suite) =>
    (suite.assertionResults ?? []).map((test) => ({
      title: `${path.relative(ROOT, suite.name)} › ${test.fullName}`,
      seconds: (test.duration ?? 0) / 1000,
    })),
  );
}

interface PlaywrightSuite {
  file?: string;
  title?: string;
  specs?: Array<{ title: string; file: string; tests: Array<{ projectName: string; results: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
}

function playwrightTimes(file: string): { tests: TestTime[]; perProject: Map<string, { tests: number; seconds: number }> } {
  const perProject = new Map<string, { tests: number; seconds: number }>();
  if (!existsSync(file)) return { tests: [], perProject };
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: PlaywrightSuite[] };
  const tests: TestTime[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const seconds = test.results.reduce((sum, r) => sum + r.duration, 0) / 1000;
        if (test.results.length === 0) continue;
        tests.push({ title: `${spec.file} › ${[...titles, spec.title].join(' › ')} [${test.projectName}]`, seconds });
        const entry = perProject.get(test.projectName) ?? { tests: 0, seconds: 0 };
        entry.tests += 1;
        entry.seconds += seconds;
        perProject.set(test.projectName, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites) walk(suite, []);
  return { tests, perProject };
}

function summary(): string {
  const lines = ['', 'Stage wall times:'];
  for (const t of timings) lines.push(`  ${t.stage.padEnd(26)} ${t.seconds.toFixed(0).padStart(5)} s${t.ok ? '' : '  FAILED'}`);
  const top = timings.filter((t) => !t.stage.startsWith('  ')).reduce((sum, t) => sum + t.seconds, 0);
  lines.push(`  ${'total'.padEnd(26)} ${top.toFixed(0).padStart(5)} s (${(top / 60).toFixed(1)} min)`);

  const e2e = playwrightTimes(path.join(REPORTS, 'e2e.json'));
  if (e2e.perProject.size > 0) {
    lines.push('', 'Playwright, per project (tests run, their summed time over both workers):');
    for (const [project, { tests, seconds }] of e2e.perProject)
      lines.push(`  ${project.padEnd(8)} ${String(tests).padStart(4)} tests ${seconds.toFixed(0).padStart(6)} s`);
  }
  const slowest = [...vitestTimes(path.join(REPORTS, 'unit.json')), ...vitestTimes(path.join(REPORTS, 'integration.json')), ...e2e.tests]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 20);
  if (slowest.length > 0) {
    lines.push('', 'The 20 slowest tests:');
    for (const t of slowest) lines.push(`  ${t.seconds.toFixed(1).padStart(6)} s  ${t.title}`);
  }
  return lines.join('\n');
}

async function main(): Promise<boolean> {
  mkdirSync(REPORTS, { recursive: true });
  const buildEnv = { NODE_ENV: 'production' };
  const vitestJson = (name: string) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(REPORTS, `${name}.json`)}`];

  // The route types first (seconds): tsc and lint read them. Then the build, the typecheck and
  // lint side by side.
  if (!(await timed('route types', () => run('react-router', ['typegen'])))) return false;
  if (
    !(await sideBySide('static (side by side)', [
      ['build', () => run('react-router', ['build'], buildEnv, 'build')],
      ['typecheck', () => run('tsc', ['--noEmit'], {}, 'typecheck')],
      // npm run lint's three checks: eslint, knip (unused files, exports, dependencies), the formatter.
      [
        'lint',
        async () =>
          (await run('eslint', ['.', '--max-warnings', '0'], {}, 'lint')) &&
          (await run('knip', ['--no-progress'], {}, 'knip')) &&
          (await run('prettier', ['--check', '.'], {}, 'format')),
      ],
    ]))
  )
    return false;
  const e2e = () => run('playwright', ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(REPORTS, 'e2e.json') }, SIDE_BY_SIDE ? 'e2e' : undefined);
  const unit = () => run('vitest', ['run', '--project', 'unit', ...vitestJson('unit')], {}, SIDE_BY_SIDE ? 'unit' : undefined);
  const integration = () => run('vitest', ['run', '--project', 'integration', ...vitestJson('integration')], {}, SIDE_BY_SIDE ? 'integration' : undefined);
  const concurrency = () => run('vitest', ['run', '--config', 'tests/concurrency/vitest.config.ts'], {}, SIDE_BY_SIDE ? 'concurrency' : undefined);
  if (SIDE_BY_SIDE) {
    if (
      !(await sideBySide(
        'tests (side by side)',
        [
          ['e2e', e2e],
          ['unit', unit],
          ['integration', integration],
          ['concurrency', concurrency],
        ],
        [['e2e', 'concurrency', 'unit'], ['integration']],
      ))
    )
      return false;
  } else {
    if (!(await timed('unit', unit))) return false;
    if (!(await timed('integration', integration))) return false;
    if (!(await timed('e2e', e2e))) return false;
    if (!(await timed('concurrency', concurrency))) return false;
  }
  if (withCluster && !(await timed('cluster', () => run('vitest', ['run', '--config', 'tests/cluster/vitest.config.ts'])))) return false;
  return true;
}

const ok = await main();
const table = summary();
console.log(table);
writeFileSync(path.join(REPORTS, 'stages.txt'), `${table}\n`);
process.exit(ok ? 0 : 1);
