/**
 * Prometheus metrics (issue 27, ADR 0038), with prom-client, served by `startMetricsEndpoint` at
 * `/metrics` on a port of their own (METRICS_PORT; unset = off), never through the app's port:
 * behind a load balancer each instance is scraped on its own address, and nothing the public
 * can reach tells who is busy.
 *
 * - Requests: `portal_http_requests_total` and `portal_http_request_duration_seconds` by route id,
 *   method and status, from React Router's own request instrumentation
 *   (app/lib/http/request-metrics.server.ts, exported by entry.server.tsx). The route id is React
 *   Router's (`front.fi`, `routes/auth/api/pin` …), found from the route pattern it matched, so no
 *   path parameter (an id, a code, a token) is ever a label. The time is until React Router has the response (a streamed page: its shell).
 * - Database pool (`portal_db_pool_connections{state}`, PostgreSQL's pool counts and size) and
 *   `portal_db_info{kind}` (1; `pglite` says there is no pool, one embedded connection).
 * - Jobs (`portal_job_queue_jobs{queue,state}`), outbox backlog (`portal_outbox_messages{state}`)
 *   and active sessions (`portal_sessions_active`), read at scrape time with cheap queries (index
 *   scans) and kept for a few seconds, so several scrapers do not multiply them.
 * - The practice system (ADR 0051, PRACTICE_SYSTEM=fhir): `portal_practice_system_sync_lag_seconds
 *   {type}` (since a sync last read each FHIR resource type through; read at scrape time from the
 *   cursors) and `portal_practice_system_errors_total{operation,kind}` (sync runs and writes the
 *   practice system failed or refused, by the failure's kind; no resource content, no ids).
 * - Node.js's process metrics (prom-client's defaults: CPU, memory, event loop lag, GC).
 *
 * The registry lives on `globalThis`: the server bundle records requests, server.ts serves it.
 */
import { createServer, type Server } from 'node:http';
import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { outbox, sessions } from '~db/schema';
import type { Env } from '~/env.server';
import { clock } from '~/lib/clock.server';
import { getDatabase } from '~/services/db/db.server';
import { currentJobRunner } from '~/services/jobs/runner.server';
import { practiceSystemSyncLag } from '~/services/practice-system/sync.server';
import { logger } from './logger.server';

/** How long a scrape's database figures are reused. */
export const SNAPSHOT_MAX_AGE_MS = 5_000;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const OUTBOX_STATES = ['queued', 'sending', 'failed'] as const;

interface Snapshot {
  outbox: Record<(typeof OUTBOX_STATES)[number], number>;
  activeSessions: number;
  queues: { queue: string; ready: number; deferred: number; active: number; failed: number }[];
  practiceSystemLag: { resourceType: string; seconds: number }[];
}

interface PortalMetrics {
  registry: Registry;
  requests: Counter<'route' | 'method' | 'status'>;
  duration: Histogram<'route' | 'method' | 'status'>;
  practiceSystemErrors: Counter<'operation' | 'kind'>;
  /** Route pattern (as React Router reports it, slashes trimmed) → route id. */
  routeIds: Map<string, string>;
}

const globalForMetrics = globalThis as unknown as { __portalMetrics?: PortalMetrics };

/** The database figures of one scrape, shared by the gauges and cached for SNAPSHOT_MAX_AGE_MS. */
let snapshot: { at: number; value: Promise<Snapshot | null> } | null = null;

async function readSnapshot(): Promise<Snapshot | null> {
  try {
    const { db } = await getDatabase();
    const now = clock.now();
    // Each outbox count matches a partial index's predicate (outbox_pending_idx, outbox_failed_idx),
    // so neither reads the delivered messages. Sessions: a scan of the live rows (expired ones are
    // pruned by the retention job).
    const [pending, [failed], [active], queues, practiceSystemLag] = await Promise.all([
      db
        .select({ state: outbox.state, n: count() })
        .from(outbox)
        .where(inArray(outbox.state, ['queued', 'sending']))
        .groupBy(outbox.state),
      db.select({ n: count() }).from(outbox).where(eq(outbox.state, 'failed')),
      db
        .select({ n: count() })
        .from(sessions)
        .where(and(isNull(sessions.revokedAt), gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now))),
      currentJobRunner()?.queueCounts() ?? Promise.resolve([]),
      // A handful of rows (one per FHIR resource type); none with the built-in calendar.
      practiceSystemSyncLag(db, now),
    ]);
    const byState = [...pending, { state: 'failed', n: failed?.n ?? 0 }];
    const outboxCounts = { queued: 0, sending: 0, failed: 0 };
    for (const row of byState) if (row.state in outboxCounts) outboxCounts[row.state as keyof typeof outboxCounts] = Number(row.n);
    return { outbox: outboxCounts, activeSessions: Number(active?.n ?? 0), queues, practiceSystemLag };
  } catch (error) {
    logger.warn({ err: error }, 'metrics: the database figures could not be read');
    return null;
  }
}

function currentSnapshot(): Promise<Snapshot | null> {
  const now = performance.now();
  if (!snapshot || now - snapshot.at > SNAPSHOT_MAX_AGE_MS) snapshot = { at: now, value: readSnapshot() };
  return snapshot.value;
}

function createMetrics(): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests React Router answered, by route id, method and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time until React Router had the response (a streamed page: its shell), by route id, method and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_db_info',
    help: 'The database this instance uses (kind: postgres with a connection pool, or pglite: one embedded connection, no pool).',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      const database = await getDatabase().catch(() => null);
      if (database) this.set({ kind: database.kind }, 1);
    },
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL connection pool: total (open), idle, waiting (queries queued for a connection) and max (DATABASE_POOL_SIZE). Absent on PGlite.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      const pool = (await getDatabase().catch(() => null))?.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'portal_job_queue_jobs',
    help: 'Jobs per queue by state: ready (due now), deferred (due later), active (running), failed (kept by pg-boss).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await currentSnapshot())?.queues ?? []) {
        for (const state of ['ready', 'deferred', 'active', 'failed'] as const) this.set({ queue: q.queue, state }, q[state]);
      }
    },
  });
  new Gauge({
    name: 'portal_outbox_messages',
    help: 'Outbox messages not delivered: queued, sending (claimed by a worker) and failed (after the last try).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      const figures = await currentSnapshot();
      if (figures) for (const state of OUTBOX_STATES) this.set({ state }, figures.outbox[state]);
    },
  });
  new Gauge({
    name: 'portal_sessions_active',
    help: 'Login sessions neither revoked nor expired (0 while portal_metrics_database_up is 0).',
    registers: [registry],
    async collect() {
      this.reset();
      const figures = await currentSnapshot();
      if (figures) this.set(figures.activeSessions);
    },
  });
  new Gauge({
    name: 'portal_practice_system_sync_lag_seconds',
    help: 'Seconds since a sync last read each FHIR resource type of the practice system through (PRACTICE_SYSTEM=fhir; absent before the first sync).',
    labelNames: ['type'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const lag of (await currentSnapshot())?.practiceSystemLag ?? []) this.set({ type: lag.resourceType }, lag.seconds);
    },
  });
  const practiceSystemErrors = new Counter({
    name: 'portal_practice_system_errors_total',
    help: 'Sync runs and writes (book, move, change) the practice system failed or refused, by the failure kind (unavailable, timeout, conflict, rejected, unauthorized).',
    labelNames: ['operation', 'kind'],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_metrics_database_up',
    help: 'Whether the last scrape could read the database figures (1) or not (0: the job and outbox series are left out, the session count is 0).',
    registers: [registry],
    async collect() {
      this.set((await currentSnapshot()) ? 1 : 0);
    },
  });
  return { registry, requests, duration, practiceSystemErrors, routeIds: new Map() };
}

/** The process's metrics (created on first use). */
export function portalMetrics(): PortalMetrics {
  globalForMetrics.__portalMetrics ??= createMetrics();
  return globalForMetrics.__portalMetrics;
}

const patternKey = (pattern: string) => pattern.replace(/^\/+|\/+$/g, '') || '/';

/** Remembers a route's id by its pattern (app/lib/http/request-metrics.server.ts, as React Router builds its routes). */
export function recordRoutePattern(pattern: string, routeId: string): void {
  portalMetrics().routeIds.set(patternKey(pattern), routeId);
}

/**
 * Counts and times one answered request under the id of the route whose pattern React Router
 * matched (`unmatched` without one, `unknown` for a pattern no route recorded). Labels are
 * bounded: route ids, the usual methods (else `other`), status codes.
 */
export function recordRequest(request: { pattern: string | undefined; method: string; status: number; seconds: number }): void {
  const metrics = portalMetrics();
  const route = request.pattern === undefined || request.pattern === '' ? 'unmatched' : (metrics.routeIds.get(patternKey(request.pattern)) ?? 'unknown');
  const labels = { route, method: METHODS.has(request.method) ? request.method : 'other', status: String(request.status) };
  metrics.requests.inc(labels);
  metrics.duration.observe(labels, request.seconds);
}

/** Counts a failure of the practice system (ADR 0051) by where it happened and its kind (bounded labels). */
export function recordPracticeSystemError(operation: 'sync' | 'book' | 'move' | 'change', kind: string): void {
  portalMetrics().practiceSystemErrors.inc({ operation, kind });
}

/** The metrics in Prometheus's text format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = portalMetrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/**
 * Serves `GET /metrics` on METRICS_PORT (at METRICS_HOST), or nothing when METRICS_PORT is unset.
 * Answers only that path; the server is closed with the app's (server.ts).
 */
export async function startMetricsEndpoint(env: Pick<Env, 'METRICS_PORT' | 'METRICS_HOST'>): Promise<Server | null> {
  if (env.METRICS_PORT === undefined) return null;
  portalMetrics();
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.METRICS_PORT, env.METRICS_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Keep-alive scrapes must not hold the process open at shutdown.
  server.unref();
  return server;
}

/** For a test: forget the cached database figures. */
export function forgetMetricsSnapshot(): void {
  snapshot = null;
}
