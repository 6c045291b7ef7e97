/**
 * Browser error reporting, loaded lazily by entry.client only when a DSN is configured.
 * No session replay, no tracing, nothing personal or secret (scrub-rules.ts): URLs lose their
 * query and fragment, the anonymous link's code and signed file tokens are masked in URLs,
 * headers, the transaction, tags, messages, stack frames and breadcrumbs, identity codes are
 * masked, form values are never attached.
 */
import * as Sentry from '@sentry/react-router';
import { scrubBrowserBreadcrumb, scrubBrowserEvent } from './scrub-rules';

export function initBrowserErrorReporting(dsn: string): void {
  Sentry.init({
    dsn,
    sendDefaultPii: false,
    maxValueLength: 8192,
    tracesSampleRate: 0,
    integrations: (defaults) => defaults.filter((i) => i.name !== 'Replay' && i.name !== 'BrowserTracing'),
    beforeSend: (event) => scrubBrowserEvent(event),
    beforeBreadcrumb: (crumb) => scrubBrowserBreadcrumb(crumb),
  });
}
