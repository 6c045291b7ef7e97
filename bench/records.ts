/**
 * `npm run bench:records [-- options]`: the health-record pages of a patient with a long
 * history. Builds for production (unless --no-build), starts the portal on a fresh PostgreSQL
 * database (BENCH_DATABASE_URL, default the local server), adds `--years` of history to the
 * demo patient Aino (by default 10 years: ≈ 2 000 lab tests on 200 result days, 300 visits with
 * diagnoses and notes, 150 prescriptions, 100 referrals, 100 imaging results, 60 vaccinations,
 * 40 certificates), logs her in through the test identification and measures every record page
 * with one connection, so nothing queues and the response time is the server time of one page
 * (client on the same host), next to the terms page as a baseline of the same run. Weighs each page's first HTML (gzipped, budget 12 KB) and exits
 * non-zero when a page's p95 is over the target (default 30 ms) or a page is over the budget.
 *
 *   --no-build          use the existing build (BUILD_DIR, default build/)
 *   --requests N        requests per page (default 300; 30 are a warm-up and not counted)
 *   --years N           years of history (default 10)
 *   --target-p95 MS     the p95 budget of the server time (default 30)
 */
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { persons } from '../db/schema';
import { addHistory } from './history';
import { benchDatabase, benchMain, ensureBuild, loadAverage, machine, parseCli, positiveInt, progress, startPortal } from './harness';
import { runLoad } from './load';
import { DEMO_PERSON, loginDemoPerson } from './login';
import { HTML_GZIP_BUDGET_BYTES, measurePageWeight } from './page-weight';
import { formatTable } from './report';

const USAGE = 'npm run bench:records -- [--no-build] [--requests N] [--years N] [--target-p95 MS]';
const WARMUP = 30;

function parseOptions(argv: string[]) {
  const values = parseCli(argv, {
    'no-build': { type: 'boolean', default: false },
    requests: { type: 'string', default: '300' },
    years: { type: 'string', default: '10' },
    'target-p95': { type: 'string', default: '30' },
  });
  return {
    build: !values['no-build'],
    requests: positiveInt('requests', values.requests),
    years: positiveInt('years', values.years),
    targetP95: positiveInt('target-p95', values['target-p95']),
  };
}

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
    const { resultDay, visitId } = await addHistory(database.db, aino!.id, options.years);
    await database.db.execute(sql`analyze`);

    progress('logging in the demo person through the test identification');
    const jar = await loginDemoPerson(server.origin);
    // The simplest page in the same run: on a busy machine the record pages' cost is best read
    // against it.
    const pages = [
      { name: 'terms (baseline)', path: '/fi/eula' },
      { name: 'front (feed)', path: '/fi' },
      { name: 'prescriptions', path: '/fi/reseptit' },
      { name: 'laboratory', path: '/fi/laboratorio' },
      { name: 'lab result day', path: `/fi/laboratoriotulos/${resultDay}` },
      { name: 'imaging', path: '/fi/kuvantaminen' },
      { name: 'visits', path: '/fi/kaynnit' },
      { name: 'visit', path: `/fi/kaynnit/${visitId}` },
      { name: 'vaccinations', path: '/fi/rokotukset' },
      { name: 'certificates', path: '/fi/todistukset' },
      { name: 'questionnaires', path: '/fi/kyselyt' },
    ];
    const rows: string[][] = [];
    const failures: string[] = [];
    for (const page of pages) {
      const url = new URL(page.path, server.origin);
      const weight = await measurePageWeight(url, jar);
      const load = (amount: number) => runLoad({ url: url.href, headers: { cookie: jar.header(), 'accept-encoding': 'gzip' }, connections: 1, amount });
      await load(WARMUP);
      progress(`${page.name}: ${options.requests} requests on ${page.path}`);
      const result = await load(options.requests);
      const { p50, p95, p99 } = result.latencyMs;
      rows.push([page.name, page.path, String(result.requestsTotal), p50.toFixed(1), p95.toFixed(1), p99.toFixed(1), (weight.htmlGzipBytes / 1024).toFixed(1)]);
      if (weight.status !== 200 || result.non2xx || result.errors)
        failures.push(`${page.name}: status ${weight.status}, ${result.non2xx} non-2xx, ${result.errors} errors`);
      if (page.path !== '/fi/eula' && p95 > options.targetP95) failures.push(`${page.name}: p95 ${p95.toFixed(1)} ms over ${options.targetP95} ms`);
      if (weight.htmlGzipBytes > HTML_GZIP_BUDGET_BYTES)
        failures.push(`${page.name}: first HTML ${(weight.htmlGzipBytes / 1024).toFixed(1)} KB gzipped over 12 KB`);
    }
    const m = machine();
    console.log(
      `\nHealth records, ${options.years} years of history, one connection (${bench.kind}; ${m.cpu.count} × ${m.cpu.model}; load ${loadAverageAtStart.join(' ')} → ${loadAverage().join(' ')})`,
    );
    console.log(
      formatTable(
        [
          { title: 'page' },
          { title: 'path' },
          { title: 'requests', align: 'right' },
          { title: 'p50 ms', align: 'right' },
          { title: 'p95 ms', align: 'right' },
          { title: 'p99 ms', align: 'right' },
          { title: 'HTML KB gz', align: 'right' },
        ],
        rows,
      ),
    );
    for (const failure of failures) console.log(`✗ ${failure}`);
    return failures.length ? 1 : 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
