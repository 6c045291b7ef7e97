/**
 * The HTTP server: Express with security headers (enforced CSP with per-request nonces),
 * compression, static assets and the React Router request handler. In development Vite runs
 * as middleware; in production the built server bundle is served.
 *
 * Start it through `npm start` / `npm run dev` (scripts/start.ts), which first migrates and
 * seeds the database.
 */
import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { ServerBuild } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import type { RequestInfo } from './app/context';
import { parseEnv, type Env } from './app/env.server';
import { answerExpectContinue, limitRequestBodies, type BodyLimits } from './app/lib/http/body-limit.server';
import { clientAddress } from './app/lib/http/client-address.server';
import { PAYTRAIL_LOGO_ORIGIN } from './app/services/billing/paytrail-origins';
import { s3PublicOrigin } from './app/services/storage/s3-origin';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Set only by this server (incoming copies are removed); read by app/middleware. */
const FORBIDDEN_MARKER = 'x-portal-forbidden';

export function contentSecurityPolicy(nonce: string, env: Env, dev: boolean): string {
  return contentSecurityPolicyFor(env, dev)(nonce);
}

/**
 * The policy depends on the environment only, apart from the nonce: it is built once per process
 * and each response only puts its nonce in (ADR 0010).
 */
export function contentSecurityPolicyFor(env: Env, dev: boolean): (nonce: string) => string {
  const NONCE = '\u0000nonce\u0000';
  const parts = buildContentSecurityPolicy(NONCE, env, dev).split(NONCE);
  return (nonce) => parts.join(nonce);
}

/**
 * CSP nonces: 128 random bits each, from a pool of random bytes drawn 4 KiB at a time, so a
 * response costs a copy instead of a call into the system's random source (ADR 0010). Every
 * nonce is still unpredictable and used once.
 */
const NONCE_BYTES = 16;
const noncePool = { bytes: Buffer.alloc(0), offset: 0 };
export function nextNonce(): string {
  if (noncePool.offset + NONCE_BYTES > noncePool.bytes.length) {
    noncePool.bytes = randomBytes(256 * NONCE_BYTES);
    noncePool.offset = 0;
  }
  const nonce = noncePool.bytes.toString('base64', noncePool.offset, noncePool.offset + NONCE_BYTES);
  noncePool.offset += NONCE_BYTES;
  return nonce;
}

function buildContentSecurityPolicy(nonce: string, env: Env, dev: boolean): string {
  const sentryOrigin = env.SENTRY_DSN ? new URL(env.SENTRY_DSN).origin : null;
  // With STORAGE=s3 the browser PUTs files to the bucket and is redirected there for downloads.
  const bucketOrigin =
    env.STORAGE === 's3' && env.S3_BUCKET
      ? s3PublicOrigin({
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        })
      : null;
  const bucket = bucketOrigin ? [bucketOrigin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`],
    // The page's CSS is inlined in nonce'd <style> elements (app/components/PageStyles.tsx).
    'style-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`],
    // Paytrail's payment-method logos come from its static host (ADR 0043).
    // … and practitioners' profile pictures from the content system's image host (ADR 0049).
    'img-src': [
      "'self'",
      'data:',
      ...bucket,
      ...(env.PAYMENTS === 'paytrail' ? [PAYTRAIL_LOGO_ORIGIN] : []),
      ...(env.PRACTITIONER_PICTURE_ORIGIN ? [env.PRACTITIONER_PICTURE_ORIGIN] : []),
    ],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(sentryOrigin ? [sentryOrigin] : []), ...bucket, ...(dev ? ['ws:'] : [])],
    // Online payment posts the payment method's form to the provider (ADR 0018).
    'form-action': ["'self'", ...(env.PAYMENTS === 'paytrail' ? env.PAYMENT_FORM_ORIGINS : [])],
    // The mobile app shows the portal in a web view, which is not a frame: no exception needed.
    'frame-ancestors': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
  if (env.DEPLOYMENT_ENV === 'production') directives['upgrade-insecure-requests'] = [];
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

const bodyLimits = (env: Env): BodyLimits => ({ maxBytes: env.REQUEST_BODY_MAX_BYTES, uploadMaxBytes: env.UPLOAD_BODY_MAX_BYTES });

async function createServer(env: Env) {
  const dev = env.NODE_ENV !== 'production';
  const app = express();
  app.disable('x-powered-by');
  // The same hop count for req.protocol (X-Forwarded-Proto); the client address is clientAddress's.
  app.set('trust proxy', env.TRUST_PROXY);
  // gzip (level 6), not brotli: on the portal's pages (19–51 KB of HTML) gzip -6 is as small as
  // brotli quality 4 (the compression package's default, within 1 %) at half its CPU time, and
  // compressing was the largest item of a page's server time (ADR 0010). The compression package
  // has no setting for that, so `br` is taken out of what the client accepts before it negotiates.
  app.use((req, _res, next) => {
    const accepted = req.headers['accept-encoding'];
    if (accepted?.includes('br')) req.headers['accept-encoding'] = accepted.replace(/\bbr\b(;\s*q=[\d.]+)?\s*,?\s*/g, '').replace(/,\s*$/, '');
    next();
  });
  app.use(compression());
  // React Router's response writer calls res.flush() after every chunk of a streamed page, and
  // each flush makes the compressor close a block: a page in ~10 chunks cost ~10 brotli
  // flushes, with their garbage the largest items of the CPU profile (ADR 0010). Flushes are coalesced to one per burst of
  // writes (after the pending I/O callbacks), so streamed parts still go out right away.
  app.use((_req, res, next) => {
    const flush = (res as Response & { flush?: () => void }).flush;
    if (typeof flush === 'function') {
      let scheduled = false;
      (res as Response & { flush: () => void }).flush = () => {
        if (scheduled) return;
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (!res.writableEnded) flush.call(res);
        });
      };
    }
    next();
  });

  const policyWith = contentSecurityPolicyFor(env, dev);
  app.use((_req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', policyWith(nonce));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (env.DEPLOYMENT_ENV === 'production') {
      res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
    next();
  });

  // Request bodies are limited before anything reads them: over the limit the app answers 413
  // (app/lib/http/body-limit.server.ts). Before the cross-origin check, which sees the GET.
  app.use(limitRequestBodies(bodyLimits(env)));

  const originOf = (req: Request) => env.PUBLIC_ORIGIN ?? `${req.protocol}://${req.get('host')}`;

  // A cross-origin form post is refused with the portal's translated 403 page. React Router
  // would refuse it too, but with a bare 400 before any middleware runs; so the request is
  // turned into a GET carrying a marker that only this server can set.
  app.use((req, _res, next) => {
    delete req.headers[FORBIDDEN_MARKER];
    const origin = req.headers.origin;
    if (MUTATING.has(req.method) && origin && origin !== originOf(req)) {
      req.method = 'GET';
      req.headers[FORBIDDEN_MARKER] = 'cross-origin';
    }
    next();
  });

  // The context is built by the server bundle's own entry module, so its keys match the app's.
  const loadContextFor = (build: ServerBuild) => (req: Request, res: Response) => {
    const entry = build.entry.module as unknown as { createLoadContext(info: RequestInfo): unknown };
    return entry.createLoadContext({
      nonce: String(res.locals.cspNonce),
      clientIp: clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], env.TRUST_PROXY),
      origin: originOf(req),
    }) as ReturnType<NonNullable<Parameters<typeof createRequestHandler>[0]['getLoadContext']>>;
  };

  if (dev) {
    const vite = await import('vite');
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    app.all('*', async (req, res, next) => {
      try {
        const build = withTrieRouteMatching((await viteServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild);
        return createRequestHandler({ build, getLoadContext: loadContextFor(build) })(req, res, next);
      } catch (error) {
        if (error instanceof Error) viteServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
    app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }));
    // Other public files (favicon, robots.txt …): only requests for a top-level name that exists
    // in the build go to express.static, so pages do not each cost a failed file-system stat.
    const clientDir = path.join(buildDir, 'client');
    const publicNames = new Set(readdirSync(clientDir).filter((name) => name !== 'assets'));
    const servePublic = express.static(clientDir, { maxAge: '1h', index: false });
    app.use((req, res, next) => {
      const top = req.path.split('/')[1] ?? '';
      if (publicNames.has(top)) return servePublic(req, res, next);
      next();
    });
    const build = withTrieRouteMatching((await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild);
    app.all('*', createRequestHandler({ build, getLoadContext: loadContextFor(build) }));
  }
  // An error that reached Express (outside React Router's own handling): logged and reported
  // without its message, and answered with its status (as Express would: `status` 4xx/5xx, else
  // 500) and a bare text. Express's default handler would print the whole stack, whose first
  // line is the message: a database error's holds what the user typed (issue 21).
  const { logger } = await import('./app/services/observability/logger.server');
  const { captureServerError } = await import('./app/services/observability/sentry.server');
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const given = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    const status = typeof given === 'number' && given >= 400 && given <= 599 ? given : 500;
    if (status >= 500) {
      logger.error({ err: error, method: req.method, path: req.path, status }, 'request failed');
      captureServerError(error);
    } else {
      logger.warn({ err: error, method: req.method, path: req.path, status }, 'request refused');
    }
    if (res.headersSent) req.socket.destroy();
    else
      res
        .status(status)
        .type('text/plain')
        .send(STATUS_CODES[status] ?? 'Error');
  });
  return app;
}

/**
 * Error reporting starts in the copy of the reporting module the app reports through (issue 27,
 * ADR 0038): in production the server bundle's own (entry.server.tsx `initErrorReporting`), not
 * the copy tsx loads for this file; in development Vite's copy shares the SDK this one starts.
 * Every copy then reports through the SDK's one client.
 */
async function startErrorReporting(env: Env): Promise<void> {
  if (env.NODE_ENV !== 'production') {
    (await import('./app/services/observability/sentry.server')).initServerErrorReporting();
    return;
  }
  const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  (build.entry.module as unknown as { initErrorReporting?: () => void }).initErrorReporting?.();
}

export async function main() {
  let env: Env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  await startErrorReporting(env);
  const app = await createServer(env);
  // Not ready (/readyz 503) until everything below has started (ADR 0039).
  const { setLifecycleState } = await import('./app/lib/http/lifecycle.server');
  setLifecycleState('starting');
  const server = app.listen(env.PORT, env.HOST, () => {
    process.stdout.write(`Patient portal (${env.BRAND} brand, Node.js ${process.version}) listening on http://localhost:${env.PORT}\n`);
  });
  // A client that asks before sending its body (`Expect: 100-continue`) is told to go on only
  // when the length it declares is within the limit; otherwise it gets the 413 without sending it.
  answerExpectContinue(server, bodyLimits(env));
  // Prometheus metrics on a port of their own when METRICS_PORT is set (ADR 0038).
  await (await import('./app/services/observability/metrics.server')).startMetricsEndpoint(env);
  // Idle keep-alive connections stay open longer than a reverse proxy's or client's pool keeps
  // them (Node's 5 s default lets a reused connection be reset mid-request: ECONNRESET / 502).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // SIGTERM/SIGINT: /readyz 503, stop accepting (after SHUTDOWN_DRAIN_MS), finish the requests in
  // flight (at most SHUTDOWN_TIMEOUT_MS), then the steps registered below; exit 0 (ADR 0039).
  const { gracefulShutdown } = await import('./app/lib/http/shutdown.server');
  const { logger } = await import('./app/services/observability/logger.server');
  const shutdown = gracefulShutdown(server, {
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    drainMs: env.SHUTDOWN_DRAIN_MS,
    logger,
    say: (line) => process.stdout.write(line),
  });
  // The instance's one job runner (ADR 0019, ADR 0029): pg-boss with PostgreSQL, in process on
  // PGlite. On it: the payment reconciliation, the outbox's delivery, the appointment reminders,
  // the earlier-time offers' sweep (ADR 0037) and the nightly retention run (ADR 0040).
  const { startJobRunner, setCurrentJobRunner } = await import('./app/services/jobs/runner.server');
  const { scheduleReconcileJob } = await import('./app/services/billing/reconcile-job.server');
  const { channelsFor } = await import('./app/services/outbox/channels.server');
  const { deliverySettings, registerDelivery } = await import('./app/services/outbox/delivery.server');
  const { scheduleReminderJob } = await import('./app/services/appointments/reminders.server');
  const { scheduleEarlierTimeJob } = await import('./app/services/appointments/earlier-time-matching.server');
  const { getDb, closeDatabase } = await import('./app/services/db/db.server');
  const jobs = await startJobRunner(env);
  const channels = channelsFor(env);
  await scheduleReconcileJob(jobs, env, getDb);
  await registerDelivery(jobs, getDb, { channels, settings: deliverySettings(env), senders: env });
  await scheduleReminderJob(jobs, getDb);
  const { scheduleRetentionJob } = await import('./app/services/jobs/retention.server');
  await scheduleRetentionJob(jobs, env, getDb);
  await scheduleEarlierTimeJob(jobs, getDb);
  // The practice system's calendar into the read model, with PRACTICE_SYSTEM=fhir (ADR 0051).
  const { schedulePracticeSystemSync } = await import('./app/services/practice-system/sync-job.server');
  await schedulePracticeSystemSync(jobs, getDb);
  setCurrentJobRunner(jobs);
  shutdown.onStop('job workers', () => jobs.stop());
  shutdown.onStop('e-mail', () => channels.email.close());
  shutdown.onStop('database', () => closeDatabase());
  setLifecycleState('serving');
}

/**
 * React Router's route-pattern matcher (a trie) instead of its default, which tries the ~230
 * flattened routes (59 pages in three languages) one by one, twice per request: measured at
 * +12 % throughput on pages and +75 % on /healthz (ADR 0010). The framework's config does not
 * pass this future flag through, so it is set on the build here; the browser's router gets the
 * same flag in the server handoff and preloads its own matcher (entry.client.tsx).
 */
function withTrieRouteMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  return { ...build, future: { ...build.future, unstable_routePatternMatching: true } as unknown as ServerBuild['future'] };
}
