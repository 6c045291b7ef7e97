/**
 * `npm run bench:export [-- options]`: "Download my data" (ADR 0035) at a long history. Builds for
 * production (unless --no-build), starts the portal on a fresh PostgreSQL database
 * (BENCH_DATABASE_URL, default the local server), adds
 * `--years` of history to the demo patient Aino (bench/history.ts: by default 10 years, ≈ 2 000
 * lab tests on 200 result days, 300 visits with diagnoses and notes, 400 appointments, 150
 * prescriptions, 100 imaging results, 60 vaccinations, 40 certificates), logs her in through the
 * test identification and downloads the PDF and the FHIR export (the page's form posts) one at a time, `--requests`
 * times each after one warm-up: time to the first byte and to the last, and the size. The
 * per-person export limit is reset before each download (the bench measures the export, not
 * the limit). Exits non-zero when a download fails or its slowest time is over `--target-ms`
 * (default 10 000, the goal of issue 23).
 *
 *   --no-build          use the existing build (BUILD_DIR, default build/)
 *   --requests N        downloads of each format (default 5)
 *   --years N           years of history (default 10)
 *   --target-ms MS      the slowest download's budget (default 10000)
 */
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { persons, rateLimits } from '../db/schema';
import { addHistory } from './history';
import { benchDatabase, benchMain, ensureBuild, loadAverage, machine, parseCli, positiveInt, progress, round, startPortal } from './harness';
import { findForm } from './html';
import { BROWSER_HEADERS } from './http';
import { DEMO_PERSON, loginDemoPerson } from './login';
import { formatTable } from './report';

const USAGE = 'npm run bench:export -- [--no-build] [--requests N] [--years N] [--target-ms MS]';

function parseOptions(argv: string[]) {
  const values = parseCli(argv, {
    'no-build': { type: 'boolean', default: false },
    requests: { type: 'string', default: '5' },
    years: { type: 'string', default: '10' },
    'target-ms': { type: 'string', default: '10000' },
  });
  return {
    build: !values['no-build'],
    requests: positiveInt('requests', values.requests),
    years: positiveInt('years', values.years),
    targetMs: positiveInt('target-ms', values['target-ms']),
  };
}

interface Download {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
}

/** One download (the page's form post, with its CSRF token), read to the end: the server's whole streamed answer. */
async function download(url: URL, cookie: string, csrf: string): Promise<Download> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, accept: '*/*', cookie, origin: url.origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, lang: 'fi' }).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(120_000),
  });
  let firstByteMs = 0;
  let bytes = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += (chunk as Uint8Array).byteLength;
    }
  }
  return { status: response.status, firstByteMs, totalMs: performance.now() - started, bytes };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

async function main(argv: string[]): Promise<number> {
  return benchMain(USAGE, async (run) => {
    const options = parseOptions(argv);
    const loadAverageAtStart = loadAverage();
    await ensureBuild(options.build);
    const bench = await benchDatabase(run);
    const server = await startPortal(run, { env: bench.env });
    const database = await openDatabase({ url: bench.env.DATABASE_URL! });
    run.cleanups.push(() => database.close());
    const [aino] = await database.db.select().from(persons).where(eq(persons.identityCode, DEMO_PERSON.identityCode));
    await addHistory(database.db, aino!.id, options.years, { appointments: true });
    await database.db.execute(sql`analyze`);

    progress('logging in the demo person through the test identification');
    const jar = await loginDemoPerson(server.origin);
    // The downloads are the page's form posts (issue 39): the page gives the session's CSRF token.
    const page = await fetch(new URL('/fi/omat-tiedot/lataa-tiedot', server.origin), {
      headers: { ...BROWSER_HEADERS, cookie: jar.header() },
      redirect: 'manual',
    });
    const csrf = findForm(await page.text(), 'post')?.hiddenFields.get('csrf');
    if (!csrf) throw new Error(`the download page (${page.status}) has no form with a CSRF token`);
    const rows: string[][] = [];
    const failures: string[] = [];
    const results: Record<string, { slowestMs: number; medianMs: number; bytes: number }> = {};
    for (const format of ['pdf', 'fhir'] as const) {
      const url = new URL(`/api/records/export/${format}`, server.origin);
      const times: Download[] = [];
      for (let i = 0; i <= options.requests; i++) {
        await database.db.delete(rateLimits);
        const result = await download(url, jar.header(), csrf);
        if (result.status !== 200) failures.push(`${format}: status ${result.status}`);
        if (i > 0) times.push(result);
        progress(`${format} ${i === 0 ? 'warm-up' : `#${i}`}: ${round(result.totalMs / 1000, 2)} s, ${round(result.bytes / 1024 / 1024, 2)} MB`);
      }
      const totals = times.map((d) => d.totalMs);
      const slowest = Math.max(...totals);
      results[format] = { slowestMs: round(slowest), medianMs: round(percentile(totals, 50)), bytes: times[0]!.bytes };
      rows.push([
        format,
        String(times.length),
        (
          percentile(
            times.map((d) => d.firstByteMs),
            50,
          ) / 1000
        ).toFixed(2),
        (percentile(totals, 50) / 1000).toFixed(2),
        (slowest / 1000).toFixed(2),
        (times[0]!.bytes / 1024 / 1024).toFixed(2),
      ]);
      if (slowest > options.targetMs) failures.push(`${format}: slowest ${(slowest / 1000).toFixed(2)} s over ${options.targetMs / 1000} s`);
    }
    const m = machine();
    console.log(
      `\nDownload my data, ${options.years} years of history (${bench.kind}; ${m.cpu.count} × ${m.cpu.model}; load ${loadAverageAtStart.join(' ')} → ${loadAverage().join(' ')})`,
    );
    console.log(
      formatTable(
        [
          { title: 'format' },
          { title: 'downloads', align: 'right' },
          { title: 'first byte p50 s', align: 'right' },
          { title: 'p50 s', align: 'right' },
          { title: 'slowest s', align: 'right' },
          { title: 'MB', align: 'right' },
        ],
        rows,
      ),
    );
    console.log(JSON.stringify({ years: options.years, database: bench.kind, results }));
    for (const failure of failures) console.log(`✗ ${failure}`);
    return failures.length ? 1 : 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
