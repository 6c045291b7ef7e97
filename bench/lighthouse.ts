/**
 * `npm run bench:lighthouse [-- options]`: first paint as a patient on a cheap phone sees it.
 * Builds for production (unless --no-build), starts the portal on a fresh database and runs
 * Lighthouse's CLI (mobile form factor, simulated slow 4G and 4× CPU slowdown: Lighthouse's
 * defaults) against the front page, an anonymous appointment link, the appointment search and
 * the front page logged in as the demo person,
 * with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), a fresh browser profile per
 * run. Reports performance score, FCP, LCP, TBT, CLS and the accessibility score against the
 * goals of issue 8 and writes bench/lighthouse.json (with the failed accessibility audits).
 *
 *   --no-build   use the existing build (BUILD_DIR, default build/)
 *   --runs N     Lighthouse runs per page (default 1); the run with the median performance
 *                score is reported (Lighthouse's own advice for variable machines)
 *   --enforce    exit non-zero when a page misses a goal (otherwise only errors fail)
 *
 * Every Lighthouse figure here depends on the machine's CPU (the simulation scales what it
 * observed): compare runs from the same machine, and look at the load average printed with them.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDatabase, benchMain, ensureBuild, loadAverage, machine, parseCli, positiveInt, progress, ROOT, startPortal } from './harness';
import { loginDemoPerson } from './login';
import { formatTable } from './report';

const RESULTS_FILE = fileURLToPath(new URL('./lighthouse.json', import.meta.url));
const USAGE = 'npm run bench:lighthouse -- [--no-build] [--runs N] [--enforce]';
const DEFAULT_CHROME = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The pages of issue 8 §2 ("first paint") and, since issue 25, a logged-in one: the front page as
 * the demo person (her session cookie sent with every request Lighthouse makes). The link is the
 * seed's deterministic one (README, "Try it").
 */
/** The English front page's greeting once the demo person (Aino) is logged in. */
const DEMO_GREETING_EN = 'Hello, Aino!';

const PAGES: readonly { name: string; path: string; loggedIn?: true }[] = [
  { name: 'front', path: '/en' },
  { name: 'anonymous-link', path: '/en/appointment/M184am5zX2haZHhDX3VycU16emR6QXRSekcxMnpjX0N6Sg' },
  { name: 'search', path: '/en/booking/private' },
  { name: 'front-logged-in', path: '/en', loggedIn: true },
];

/** Issue 8 §2: the goal on each of the pages. */
const GOALS = {
  performance: 98,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.02,
  accessibility: 100,
};

interface Lhr {
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] } | undefined>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode?: string } | undefined>;
}

export interface PageFigures {
  name: string;
  path: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  accessibility: number;
  /** Titles of the accessibility audits that failed. */
  accessibilityFailures: string[];
  /** The performance score of every run (the reported run is the median one). */
  runs: number[];
  goalsMissed: string[];
}

async function lighthouse(url: string, outputPath: string, cookie: string | null): Promise<Lhr> {
  const chromePath = process.env.CHROME_PATH || DEFAULT_CHROME;
  const args = [
    'lighthouse',
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility',
    '--form-factor=mobile',
    '--throttling-method=simulate',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const child = spawn('npx', args, {
    cwd: ROOT,
    env: { ...process.env, CHROME_PATH: chromePath },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`lighthouse ${url} exited with code ${code}:\n${stderr.slice(-2000)}`);
  const lhr = JSON.parse(await readFile(outputPath, 'utf8')) as Lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function figures(name: string, path: string, lhr: Lhr, runs: number[]): PageFigures {
  const page = {
    name,
    path,
    performance: score(lhr, 'performance'),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Math.round(numeric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(numeric(lhr, 'speed-index')),
    accessibility: score(lhr, 'accessibility'),
    accessibilityFailures: (lhr.categories.accessibility?.auditRefs ?? []).flatMap(({ id }) => {
      const audit = lhr.audits[id];
      return audit && audit.scoreDisplayMode === 'binary' && audit.score === 0 ? [audit.title] : [];
    }),
    runs,
  };
  const goalsMissed: string[] = [];
  if (page.performance < GOALS.performance) goalsMissed.push(`performance ${page.performance} < ${GOALS.performance}`);
  if (page.lcpMs > GOALS.lcpMs) goalsMissed.push(`LCP ${page.lcpMs} ms > ${GOALS.lcpMs} ms`);
  if (page.tbtMs > GOALS.tbtMs) goalsMissed.push(`TBT ${page.tbtMs} ms > ${GOALS.tbtMs} ms`);
  if (page.cls > GOALS.cls) goalsMissed.push(`CLS ${page.cls} > ${GOALS.cls}`);
  if (page.accessibility < GOALS.accessibility) goalsMissed.push(`accessibility ${page.accessibility} < ${GOALS.accessibility}`);
  return { ...page, goalsMissed };
}

function render(pages: PageFigures[]): string {
  const table = formatTable(
    [
      { title: 'page' },
      { title: 'path' },
      { title: 'perf', align: 'right' },
      { title: 'FCP ms', align: 'right' },
      { title: 'LCP ms', align: 'right' },
      { title: 'TBT ms', align: 'right' },
      { title: 'CLS', align: 'right' },
      { title: 'SI ms', align: 'right' },
      { title: 'a11y', align: 'right' },
      { title: 'runs (perf)' },
    ],
    pages.map((p) => [
      p.name,
      p.path.length > 40 ? `${p.path.slice(0, 39)}…` : p.path,
      String(p.performance),
      String(p.fcpMs),
      String(p.lcpMs),
      String(p.tbtMs),
      p.cls.toFixed(3),
      String(p.speedIndexMs),
      String(p.accessibility),
      p.runs.join(' '),
    ]),
  );
  const goals =
    `goals: performance ≥ ${GOALS.performance}, LCP ≤ ${GOALS.lcpMs} ms, TBT ≤ ${GOALS.tbtMs} ms, ` +
    `CLS ≤ ${GOALS.cls}, accessibility ${GOALS.accessibility}`;
  const verdicts = pages.map((p) => (p.goalsMissed.length ? `  ${p.name}: MISSED ${p.goalsMissed.join(', ')}` : `  ${p.name}: all goals met`));
  const a11y = pages.flatMap((p) => p.accessibilityFailures.map((title) => `  ${p.name}: ${title}`));
  return [table, '', goals, ...verdicts, ...(a11y.length ? ['', 'failed accessibility audits', ...a11y] : [])].join('\n');
}

async function main(argv: string[]): Promise<number> {
  return benchMain(USAGE, async (run) => {
    const values = parseCli(argv, {
      'no-build': { type: 'boolean', default: false },
      runs: { type: 'string', default: '1' },
      enforce: { type: 'boolean', default: false },
    });
    const runs = positiveInt('runs', values.runs);
    const loadAverageAtStart = loadAverage();
    await ensureBuild(!values['no-build']);
    const database = await benchDatabase(run);
    const server = await startPortal(run, { env: database.env });
    const outputDir = await mkdtemp(join(tmpdir(), 'portal-lighthouse-'));
    run.cleanups.push(() => rm(outputDir, { recursive: true, force: true }));

    const cookie = (await loginDemoPerson(server.origin)).header();
    const cookieFor = (page: (typeof PAGES)[number]) => (page.loggedIn ? cookie : null);

    // One load of each page first: the server compiles hot paths on first use.
    for (const page of PAGES) {
      const seen = await fetch(new URL(page.path, server.origin), { headers: page.loggedIn ? { cookie } : {}, redirect: 'manual' });
      const html = await seen.text();
      if (page.loggedIn && !html.includes(DEMO_GREETING_EN))
        throw new Error(`${page.name}: ${page.path} did not greet the logged-in demo person (status ${seen.status})`);
    }

    const pages: PageFigures[] = [];
    for (const page of PAGES) {
      const url = new URL(page.path, server.origin).href;
      const results: Lhr[] = [];
      for (let i = 1; i <= runs; i++) {
        progress(`lighthouse ${page.name} (${i}/${runs}): ${page.path}`);
        results.push(await lighthouse(url, join(outputDir, `${page.name}-${i}.json`), cookieFor(page)));
      }
      const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      pages.push(
        figures(
          page.name,
          page.path,
          median,
          results.map((lhr) => score(lhr, 'performance')),
        ),
      );
    }

    const results = {
      ...machine(),
      loadAverage: { start: loadAverageAtStart, end: loadAverage() },
      chrome: process.env.CHROME_PATH || DEFAULT_CHROME,
      settings: { formFactor: 'mobile', throttling: 'simulated slow 4G, 4× CPU slowdown (Lighthouse defaults)', runs },
      goals: GOALS,
      pages,
    };
    await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      `Lighthouse (mobile, simulated slow 4G)  ${results.date}  · load average ${results.loadAverage.start.join(' ')} → ${results.loadAverage.end.join(' ')}\n`,
    );
    console.log(render(pages));
    console.log(`\nResults written to ${RESULTS_FILE}`);
    const missed = pages.some((p) => p.goalsMissed.length > 0);
    return values.enforce && missed ? 1 : 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
