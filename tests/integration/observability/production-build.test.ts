/**
 * Error reports and metrics of the production build (issue 27, ADR 0038), end to end: the run's
 * one production build (BUILD_DIR, default build/; `npm test` makes it before this stage, and it
 * is built here only when missing) — no source map may be left in its client build, whether or
 * not a Sentry upload was configured when it was made — started as an operator starts it (scripts/start.ts, NODE_ENV=production)
 * with SENTRY_DSN pointing to an endpoint this test runs, which speaks Sentry's envelope protocol,
 * and with METRICS_PORT.
 *
 * - A loader's error (the test-only route, DEPLOYMENT_ENV=test) whose message, cause and request
 *   carry an identity code, a phone number and a message's text reaches the endpoint through the
 *   bundle's own reporting module, with none of them in it.
 * - In Chromium, an error of a plain page's inline script reaches the endpoint through the page's
 *   own reporter (ADR 0038) as its class, line and route, without its message.
 * - A CSRF refusal and an unhandled error on URLs that carry an anonymous appointment link's code
 *   or an earlier-time offer's code (in the path and in the query) leave no code in the server's
 *   log lines nor in the error report.
 * - `/metrics` on the metrics port answers with the request, database, job, outbox and session
 *   series; request series are labelled by route id, never by a URL's parameters.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAnonymousCode } from '~/models/appointments/anonymous-code';
import { ensureBuild } from '../../fixtures/build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../fixtures/chromium';
import { createTestDatabase, databaseKinds, postgresUrlFor, testDatabaseUrl, withPostgresClient, type TestDatabase } from '../../fixtures/db';
import { freePort } from '../../fixtures/portal-process';

const root = path.resolve(import.meta.dirname, '../../..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');

/** What the request carries: an identity code and a phone number in the path, a message's text and a phone in the query. */
const IDENTITY_CODE = '131052-308T';
const PHONE = '0401234567';
const TEXT = 'Masennus itsetuhoisia ajatuksia SENTINEL4f2a';
const FOUND = /131052-308T|131052|0401234567|401234567|SENTINEL4f2a|Masennus|itsetuhoisia/i;
const ERROR_PATH = `/dev/test-fixtures/error/${IDENTITY_CODE}/${PHONE}?${new URLSearchParams({ text: TEXT, phone: `+358${PHONE.slice(1)}` })}`;

/** Bearer codes as the messages carry them: an anonymous appointment link's and an earlier-time offer's. */
const LINK_CODE = encodeAnonymousCode(41, 'q8JzW2xK7mNp4RtV9bYc3LdF6hGs1AeU');
const OFFER_CODE = encodeAnonymousCode(907, 'Zr5Tn8Wq2Lk6Vx9Bm4Hc7Jp3Gd1Fs0Ay');
const BEARER = [LINK_CODE, OFFER_CODE, 'q8JzW2xK7mNp4RtV9bYc3LdF6hGs1AeU', 'Zr5Tn8Wq2Lk6Vx9Bm4Hc7Jp3Gd1Fs0Ay'];

/** A local endpoint speaking Sentry's envelope protocol: it keeps every envelope's text and its events. */
async function startSentryEndpoint() {
  const bodies: string[] = [];
  const events: Record<string, unknown>[] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      paths.push(req.url ?? '');
      bodies.push(body);
      // header \n (item header \n payload)*
      const lines = body.split('\n');
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const item = JSON.parse(lines[i]!) as { type?: string };
        if (item.type === 'event') events.push(JSON.parse(lines[i + 1]!) as Record<string, unknown>);
      }
      // As Sentry answers a browser's report: readable from any origin.
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { port: address.port, bodies, events, paths, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, output: () => string, ms = 120_000): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`${what} did not happen:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One series' value in Prometheus text (`name{labels} value`), or undefined. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

beforeAll(() => ensureBuild(root), 600_000);

describe('the production build', () => {
  it('leaves no source map where the server serves files, and no reference to one', () => {
    // What the client build leaves: the pages' CSS (no script; tests/e2e/js-budget.spec.ts).
    const files = readdirSync(path.join(buildDir, 'client'), { recursive: true, encoding: 'utf8' });
    const styles = files.filter((f) => f.endsWith('.css'));
    expect(styles.length).toBeGreaterThan(0);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const file of styles) {
      expect(readFileSync(path.join(buildDir, 'client', file), 'utf8')).not.toContain('sourceMappingURL');
    }
  });
});

describe.each(databaseKinds())('the built server on %s', (kind) => {
  const sentry: { endpoint?: Awaited<ReturnType<typeof startSentryEndpoint>> } = {};
  let server: ChildProcess | undefined;
  let output = '';
  let dataDir: string | undefined;
  let database: TestDatabase | undefined;
  let origin = '';
  let metricsOrigin = '';

  beforeAll(async () => {
    sentry.endpoint = await startSentryEndpoint();
    const port = await freePort();
    const metricsPort = await freePort();
    origin = `http://127.0.0.1:${port}`;
    metricsOrigin = `http://127.0.0.1:${metricsPort}`;
    const databaseSetting: Record<string, string> = {};
    if (kind === 'postgres') {
      database = await createTestDatabase('postgres');
      databaseSetting.DATABASE_URL = postgresUrlFor(testDatabaseUrl()!, database.location);
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-observability-'));
      databaseSetting.PGLITE_DATA_DIR = path.join(dataDir, 'pglite');
    }
    server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        DEPLOYMENT_ENV: 'test',
        BUILD_DIR: buildDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPort),
        SENTRY_DSN: `http://publickey@127.0.0.1:${sentry.endpoint.port}/42`,
        SENTRY_ENVIRONMENT: 'observability-test',
        LOG_LEVEL: 'warn',
        ...databaseSetting,
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await waitFor(
      'the start',
      async () => {
        if (server!.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
        // Ready, not only alive: the server listens before its job runner has started, and /readyz
        // answers 503 until then (ADR 0039); a busy machine can take seconds between the two.
        return (await fetch(`${origin}/readyz`).catch(() => null))?.ok ? true : undefined;
      },
      () => output,
    );
  }, 300_000);

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = once(server, 'exit');
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    await sentry.endpoint?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("reports a loader's error through the bundle's reporting module, without the identity code, phone or text it carried", async () => {
    const endpoint = sentry.endpoint!;
    const response = await fetch(`${origin}${ERROR_PATH}`, {
      headers: {
        referer: `${origin}/fi/viestit?text=${encodeURIComponent(TEXT)}`,
        cookie: `portal_session=${IDENTITY_CODE}`,
        'user-agent': `test ${PHONE}`,
      },
    });
    // The root error boundary's page.
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('data-error="500"');

    const event = await waitFor(
      'the report',
      () => endpoint.events.find((e) => JSON.stringify(e).includes('test-fixtures/error')),
      () => `${output}\n${endpoint.bodies.join('\n')}`,
      20_000,
    );
    expect(endpoint.paths.every((p) => p.startsWith('/api/42/envelope/'))).toBe(true);
    // Nothing of what the request and the error carried, in any envelope, raw or decoded.
    for (const body of endpoint.bodies) {
      expect(body).not.toMatch(FOUND);
      expect(decodeURIComponent(body)).not.toMatch(FOUND);
    }
    // What the report does say: the error's classes, where it happened (path masked), the environment.
    const exception = event.exception as { values: { type: string; value: string; stacktrace?: { frames: unknown[] } }[] };
    expect(exception.values.map((v) => v.type).sort()).toEqual(['Error', 'TypeError']);
    expect(exception.values.map((v) => v.value).sort()).toEqual(['Error', 'TypeError']);
    expect(exception.values.some((v) => (v.stacktrace?.frames.length ?? 0) > 0)).toBe(true);
    expect(event.environment).toBe('observability-test');
    const request = event.request as { url: string; headers?: Record<string, string>; query_string?: unknown; cookies?: unknown };
    expect(request.url).toBe(`${origin}/dev/test-fixtures/error/[identity-code]/[phone]`);
    expect(request.query_string).toBeUndefined();
    expect(request.cookies).toBeUndefined();
    expect(Object.keys(request.headers ?? {})).not.toContain('cookie');
    expect(Object.keys(request.headers ?? {})).not.toContain('referer');
  });

  it('logs and reports a CSRF refusal and an unhandled error on URLs carrying link and offer codes without the codes', async () => {
    const endpoint = sentry.endpoint!;
    const logged = output.length;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // No CSRF token: the anonymous link's check-in, the offer's "take it".
    for (const path of [`/fi/varaus/${LINK_CODE}`, `/sv/tidigare-tid/${OFFER_CODE}`]) {
      expect((await fetch(`${origin}${path}`, { method: 'POST', headers: form, body: 'intent=check-in&ssnEndPart=1234' })).status).toBe(403);
    }
    // Another origin's post (refused by the Origin check before the token is read).
    const crossSite = await fetch(`${origin}/fi/aikaisempi-aika/${OFFER_CODE}`, {
      method: 'POST',
      headers: { ...form, origin: 'https://evil.example' },
      body: 'intent=take',
    });
    expect(crossSite.status).toBe(403);
    // An unhandled error whose URL carries both codes, in the path and in the query.
    const failing = await fetch(`${origin}/dev/test-fixtures/error/fi/varaus/${LINK_CODE}?next=${encodeURIComponent(`/fi/aikaisempi-aika/${OFFER_CODE}`)}`, {
      headers: { referer: `${origin}/fi/varaus/${LINK_CODE}` },
    });
    expect(failing.status).toBe(500);
    await waitFor(
      'the report',
      () => endpoint.events.find((e) => JSON.stringify(e).includes('test-fixtures/error/fi/varaus')),
      () => `${output}\n${endpoint.bodies.join('\n')}`,
      20_000,
    );
    const lines = await waitFor(
      'the log lines',
      () => {
        const written = output
          .slice(logged)
          .split('\n')
          .filter((line) => line.startsWith('{'));
        const records = written.map((line) => JSON.parse(line) as { msg?: string; path?: string });
        const refusals = records.filter((r) => r.msg === 'csrf check failed');
        return refusals.length >= 3 && records.some((r) => r.msg === 'unhandled error') ? { written, records } : undefined;
      },
      () => output,
      20_000,
    );
    for (const code of BEARER) {
      for (const line of lines.written) expect(line).not.toContain(code);
      for (const body of endpoint.bodies) expect(decodeURIComponent(body)).not.toContain(code);
    }
    // What the lines still say: which page was refused, which path failed.
    expect(lines.records.filter((r) => r.msg === 'csrf check failed').map((r) => r.path)).toEqual(
      expect.arrayContaining(['/fi/varaus/[code]', '/sv/tidigare-tid/[code]', '/fi/aikaisempi-aika/[code]']),
    );
    expect(lines.records.find((r) => r.msg === 'unhandled error')?.path).toBe('/dev/test-fixtures/error/fi/varaus/[code]');
  });

  // The browser's part is the same on either database: run once (PostgreSQL when there is one).
  it.runIf(kind === databaseKinds().at(-1))(
    "in Chromium, a plain page's inline-script error is reported by the page's own reporter: its class, line and route, without its message",
    async () => {
      const endpoint = sentry.endpoint!;
      // The endpoint is on another loopback port here, which Chromium's local-network-access
      // check would refuse to a page (a real Sentry is a public address).
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS, '--disable-features=LocalNetworkAccessChecks'],
      });
      try {
        const page = await browser.newPage();
        const blocked: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
        });
        // The page as the server sends it, with one more inline script of its own (the nonce of
        // the response's policy, parsed with the page like its other scripts) that throws, its
        // message carrying what must never leave the browser.
        await page.route('**/fi/eula', async (route) => {
          const response = await route.fetch();
          const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
          expect(nonce).toBeTruthy();
          const thrower = `<script nonce="${nonce}">throw new RangeError(${JSON.stringify(`${IDENTITY_CODE} ${PHONE} ${TEXT}`)});</script>`;
          await route.fulfill({ response, body: (await response.text()).replace('</body>', `${thrower}</body>`) });
        });
        await page.goto(`${origin}/fi/eula`);
        // A plain page (no React): the reporter is its inline script's (ADR 0038).
        expect(await page.locator('html[data-static]').count()).toBe(1);

        const event = await waitFor(
          'the browser report',
          () => endpoint.events.find((e) => (e.tags as Record<string, string> | undefined)?.document === 'plain'),
          () => `${output}\n${blocked.join('\n')}`,
          20_000,
        );
        expect(blocked).toEqual([]);
        const exception = event.exception as { values: { type: string; value: string; stacktrace: { frames: { lineno: number }[] } }[] };
        expect(exception.values).toHaveLength(1);
        expect(exception.values[0]).toMatchObject({ type: 'RangeError', value: '(message withheld)' });
        expect(exception.values[0]!.stacktrace.frames[0]!.lineno).toBeGreaterThan(0);
        expect(event).toMatchObject({ platform: 'javascript', environment: 'observability-test', transaction: expect.stringContaining('eula') });
        expect(endpoint.paths.every((p) => p.startsWith('/api/42/envelope/'))).toBe(true);
        for (const body of endpoint.bodies) {
          expect(body).not.toMatch(FOUND);
          expect(decodeURIComponent(body)).not.toMatch(FOUND);
        }
      } finally {
        await browser.close();
      }
    },
    60_000,
  );

  it('compresses a page with gzip, also for a browser that accepts brotli (ADR 0010)', async () => {
    const response = await fetch(`${origin}/fi/eula`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('</html>');
  });

  it('serves /metrics on its own port with the request, database, job, outbox and session series', async () => {
    // A page, a resource route and a thrown error to count (the error test may run first or not).
    expect((await fetch(`${origin}/fi`)).status).toBeLessThan(500);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}${ERROR_PATH}`)).status).toBe(500);
    // A query on the app's pool (an anonymous page may make none), whose connection then idles in it.
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    const response = await fetch(`${metricsOrigin}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();

    // Requests by route id, method and status: never by the URL's parameters.
    expect(seriesValue(text, 'portal_http_requests_total{route="routes/dev/test-error",method="GET",status="500"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^portal_http_request_duration_seconds_bucket\{le="0\.005",route="routes\/dev\/test-error",method="GET",status="500"\} \d+$/m);
    expect(text).toMatch(/^portal_http_request_duration_seconds_count\{route="routes\/dev\/test-error",method="GET",status="500"\} [1-9]\d*$/m);
    expect(text).toMatch(/^portal_http_requests_total\{route="routes\/health\/healthz",method="GET",status="200"\} [1-9]\d*$/m);
    expect(text).toMatch(/^portal_http_requests_total\{route="front\.fi",method="GET",status="\d+"\} [1-9]\d*$/m);
    expect(text).not.toMatch(FOUND);
    expect(text).not.toContain('route="unknown"');

    // The database: its kind, and the pool's counts on PostgreSQL.
    expect(seriesValue(text, `portal_db_info{kind="${kind}"}`)).toBe(1);
    if (kind === 'postgres') {
      for (const state of ['total', 'idle', 'waiting']) expect(seriesValue(text, `portal_db_pool_connections{state="${state}"}`)).toBeGreaterThanOrEqual(0);
      expect(seriesValue(text, 'portal_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(seriesValue(text, 'portal_db_pool_connections{state="max"}')).toBe(10);
    } else {
      expect(text).not.toContain('portal_db_pool_connections{');
    }
    // The job queues the instance runs (delivery, reconciliation, reminders), each by state.
    const queues = [...text.matchAll(/^portal_job_queue_jobs\{queue="([^"]+)",state="ready"\} \d+$/gm)].map((m) => m[1]);
    expect(queues.length).toBeGreaterThanOrEqual(3);
    // The outbox backlog and the active sessions, read from the database.
    for (const state of ['queued', 'sending', 'failed']) expect(seriesValue(text, `portal_outbox_messages{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'portal_sessions_active')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'portal_metrics_database_up')).toBe(1);
    // Node.js's own.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);

    // Only /metrics, and only on the metrics port.
    expect((await fetch(`${metricsOrigin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
  });

  it.runIf(kind === 'postgres')('counts the outbox backlog and the active sessions from the database (after the few seconds they are kept)', async () => {
    const url = postgresUrlFor(testDatabaseUrl()!, database!.location);
    const read = async () => (await (await fetch(`${metricsOrigin}/metrics`)).text()) as string;
    const before = await read();
    const failed = seriesValue(before, 'portal_outbox_messages{state="failed"}')!;
    const active = seriesValue(before, 'portal_sessions_active')!;
    await withPostgresClient(url, async (client) => {
      await client.query(
        "insert into outbox (channel, recipient, body, state, tries, last_error_class) values ('sms', '+358400000000', 'x', 'failed', 3, 'Test'), ('sms', '+358400000000', 'x', 'failed', 3, 'Test')",
      );
      const person = await client.query<{ id: string }>('select id from persons limit 1');
      await client.query(
        `insert into sessions (id_hash, person_id, csrf_token, identity_provider, authenticated_at, last_seen_at, idle_expires_at, absolute_expires_at)
         values ('metrics-test-session', $1, 'csrf', 'test', now(), now(), now() + interval '1 hour', now() + interval '8 hours')`,
        [person.rows[0]!.id],
      );
    });
    const after = await waitFor(
      'the new figures',
      async () => {
        const text = await read();
        return seriesValue(text, 'portal_outbox_messages{state="failed"}') === failed + 2 ? text : undefined;
      },
      () => output,
      15_000,
    );
    expect(seriesValue(after, 'portal_sessions_active')).toBe(active + 1);
  });

  it('runs the build in BUILD_DIR', () => {
    expect(existsSync(path.join(buildDir, 'server/index.js'))).toBe(true);
  });
});
