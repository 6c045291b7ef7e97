/**
 * Error reporting with @sentry/react-router when SENTRY_DSN is set: no session replay, no
 * tracing of request bodies, identity codes and form bodies scrubbed, values cut at 8192.
 * Without a DSN, errors go to the structured log only.
 */
import * as Sentry from '@sentry/react-router';
import { env } from '~/env.server';
import { scrub, scrubText } from './logger.server';

export const MAX_VALUE_LENGTH = 8192;

let initialised = false;

type SentryEvent = Parameters<NonNullable<Parameters<typeof Sentry.init>[0]['beforeSend']>>[0];

/** Removes personal data from an event before it leaves the server. Exported for tests. */
export function scrubEvent<T extends SentryEvent>(event: T): T {
  if (event.request) {
    delete event.request.data;
    delete event.request.cookies;
    if (event.request.headers) {
      delete event.request.headers.cookie;
      delete event.request.headers.Cookie;
    }
    if (event.request.query_string) event.request.query_string = '[redacted]';
    if (event.request.url) event.request.url = scrubText(event.request.url.split('?')[0]!);
  }
  delete event.user;
  if (event.message) event.message = scrubText(event.message);
  if (event.exception?.values) {
    for (const value of event.exception.values) if (value.value) value.value = scrubText(value.value);
  }
  if (event.extra) event.extra = scrub(event.extra) as typeof event.extra;
  if (event.breadcrumbs) event.breadcrumbs = scrub(event.breadcrumbs) as typeof event.breadcrumbs;
  return event;
}

export function initServerErrorReporting(): void {
  const { SENTRY_DSN, SENTRY_ENVIRONMENT, DEPLOYMENT_ENV } = env();
  if (!SENTRY_DSN || initialised) return;
  initialised = true;
  Sentry.init({
    dsn: SENTRY_DSN,
    environment: SENTRY_ENVIRONMENT ?? DEPLOYMENT_ENV,
    sendDefaultPii: false,
    maxValueLength: MAX_VALUE_LENGTH,
    tracesSampleRate: 0,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrub(crumb) as typeof crumb,
  });
}

export function captureServerError(error: unknown): void {
  if (initialised) Sentry.captureException(error);
}
