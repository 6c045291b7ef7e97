/**
 * Error reporting with @sentry/react-router when SENTRY_DSN is set: no session replay, no
 * tracing, values cut at 8192. Without a DSN, errors go to the structured log only.
 *
 * Nothing the user typed leaves the server (issue 21): request bodies are never read by the SDK
 * (`maxIncomingRequestBodySize: 'none'`) nor attached, query strings, cookies, the client address
 * and all but a few headers are dropped, URLs lose their query, and every exception's value (the
 * error's message, which for a database error holds the query's parameters) is replaced by its
 * class and codes (./safe-error.ts). Console breadcrumbs are dropped; other breadcrumbs lose their
 * URLs' queries. Identity codes, phones and e-mails are masked in what is left.
 */
import * as Sentry from '@sentry/react-router';
import { env } from '~/env.server';
import { scrub } from './logger.server';
import { scrubText } from './scrub-rules';
import { fatalLine, safeError, summaryOf, withoutQuery, type SafeError } from './safe-error';

export const MAX_VALUE_LENGTH = 8192;

type ServerOptions = NonNullable<Parameters<typeof Sentry.init>[0]>;
type SentryEvent = Parameters<NonNullable<ServerOptions['beforeSend']>>[0];
type SentryHint = Parameters<NonNullable<ServerOptions['beforeSend']>>[1];
type Breadcrumb = Parameters<NonNullable<ServerOptions['beforeBreadcrumb']>>[0];

/** Request headers an error report keeps (the rest may carry tokens, cookies or a Referer with a query). */
const KEPT_HEADERS = new Set(['accept', 'accept-language', 'content-length', 'content-type', 'host', 'user-agent']);
/** The SDK's own contexts (runtime, machine, trace); anything else is dropped. */
const KEPT_CONTEXTS = new Set(['app', 'cloud_resource', 'culture', 'device', 'os', 'runtime', 'trace']);
const WITHHELD = '(message withheld: it may hold user text)';

/**
 * The original error and its causes, each described safely and with the name the SDK reports it
 * by (`error.name`: drizzle's DrizzleQueryError says "Error"), to match the event's exception values.
 */
function chainOf(error: unknown): { name: unknown; safe: SafeError }[] {
  const chain: { name: unknown; safe: SafeError }[] = [];
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    chain.push({ name: typeof e === 'object' ? (e as { name?: unknown }).name : undefined, safe: safeError(e, 4) });
  }
  return chain;
}

/** Removes personal data and user text from an event before it leaves the server. Exported for tests. */
export function scrubEvent<T extends SentryEvent>(event: T, hint?: SentryHint): T {
  if (event.request) {
    delete event.request.data;
    delete event.request.cookies;
    delete event.request.query_string;
    delete event.request.env;
    if (event.request.headers) {
      event.request.headers = Object.fromEntries(
        Object.entries(event.request.headers)
          .filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()))
          .map(([name, value]) => [name, scrubText(String(value))]),
      );
    }
    if (event.request.url) event.request.url = scrubText(withoutQuery(event.request.url));
  }
  delete event.user;
  if (event.tags) event.tags = scrub(event.tags) as typeof event.tags;
  if (event.transaction) event.transaction = scrubText(withoutQuery(event.transaction));
  if (event.message) event.message = scrubText(event.message);
  if (event.logentry) {
    delete event.logentry.params;
    if (event.logentry.message) event.logentry.message = scrubText(event.logentry.message);
  }
  if (event.exception?.values) {
    const chain = chainOf(hint?.originalException);
    for (const value of event.exception.values) {
      // The value is the error's message: replaced by the matching error's class and codes.
      const match = chain.findIndex((e) => e.safe.type === value.type || e.name === value.type);
      value.value = match >= 0 ? summaryOf(chain.splice(match, 1)[0]!.safe) : WITHHELD;
      for (const frame of value.stacktrace?.frames ?? []) delete frame.vars;
    }
  }
  // The SDK has already flattened any error in `extra` or a custom context into plain objects
  // with its message, query and params: neither is kept (the portal sets none itself).
  delete event.extra;
  if (event.contexts) {
    event.contexts = Object.fromEntries(Object.entries(event.contexts).filter(([name]) => KEPT_CONTEXTS.has(name)));
  }
  if (event.breadcrumbs) {
    event.breadcrumbs = event.breadcrumbs.map((crumb) => scrubBreadcrumb(crumb)).filter((crumb): crumb is Breadcrumb => crumb !== null);
  }
  return event;
}

/** Console breadcrumbs are dropped (a console line may hold anything); URLs lose their query. */
export function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb | null {
  if (crumb.category === 'console') return null;
  if (crumb.message) crumb.message = scrubText(crumb.message);
  if (crumb.data) {
    const data = scrub(crumb.data) as Record<string, unknown>;
    for (const key of ['url', 'from', 'to']) if (typeof data[key] === 'string') data[key] = scrubText(withoutQuery(data[key]));
    delete data['http.query'];
    delete data['http.fragment'];
    crumb.data = data;
  }
  return crumb;
}

/** The SDK's options (exported so the tests run the very same ones with a transport of their own). */
export function serverReportingOptions(dsn: string, environment: string): ServerOptions {
  return {
    dsn,
    environment,
    sendDefaultPii: false,
    includeLocalVariables: false,
    maxValueLength: MAX_VALUE_LENGTH,
    tracesSampleRate: 0,
    integrations: (defaults) => [
      ...defaults.filter((i) => !REPLACED_INTEGRATIONS.includes(i.name)),
      // The request body is never read for a report, and the report carries no query, cookies or address.
      Sentry.httpIntegration({ maxIncomingRequestBodySize: 'none' }),
      Sentry.requestDataIntegration({ include: { cookies: false, data: false, query_string: false, ip: false } }),
      // The SDK's own handlers print the whole error (message, query, params) to the console:
      // reported only, and a fatal error is written safely (scripts/start.ts handles the rest).
      Sentry.onUnhandledRejectionIntegration({ mode: 'none' }),
      Sentry.onUncaughtExceptionIntegration({
        onFatalError: (error) => {
          process.stderr.write(fatalLine('uncaught exception', error));
          process.exit(1);
        },
      }),
    ],
    beforeSend: (event, hint) => scrubEvent(event, hint),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  };
}

const REPLACED_INTEGRATIONS = ['Http', 'RequestData', 'LocalVariables', 'LocalVariablesAsync', 'OnUnhandledRejection', 'OnUncaughtException'];

/**
 * Starts the SDK once per process. The server bundle's copy of this module is the one that
 * starts it in production (`initErrorReporting`, exported by entry.server.tsx and called by
 * server.ts, issue 27); whether reporting is on is the SDK's own state (its client), not this
 * module's, so every copy of this module — the bundle's, the one server.ts and the start script
 * load through tsx, Vite's in development — reports through the one client.
 */
export function initServerErrorReporting(): void {
  const { SENTRY_DSN, SENTRY_ENVIRONMENT, DEPLOYMENT_ENV } = env();
  if (!SENTRY_DSN || Sentry.getClient()) return;
  Sentry.init(serverReportingOptions(SENTRY_DSN, SENTRY_ENVIRONMENT ?? DEPLOYMENT_ENV));
}

/** Whether reports go anywhere (a DSN is configured and the SDK started). */
export function serverErrorReportingActive(): boolean {
  return Sentry.getClient() !== undefined;
}

export function captureServerError(error: unknown): void {
  if (Sentry.getClient()) Sentry.captureException(error);
}

/** Sends the reports still queued (before the process stops), for at most `timeoutMs`. */
export async function flushServerErrorReports(timeoutMs = 2000): Promise<void> {
  if (Sentry.getClient()) await Sentry.flush(timeoutMs);
}
