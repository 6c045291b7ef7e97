/**
 * Browser error reporting, loaded by entry.client only on a hydrated page and only when a DSN is
 * configured (ADR 0009, ADR 0038): it starts as soon as its chunk arrives, and the errors React's
 * root hooks and the root error boundary reported meanwhile (report.client.ts) follow.
 * No session replay, no tracing, nothing personal or secret (scrub-rules.ts): URLs lose their
 * query and fragment, the anonymous link's code and signed file tokens are masked in URLs,
 * headers, the transaction, tags, messages, stack frames and breadcrumbs, identity codes, phones
 * and e-mail addresses are masked, form values are never attached.
 */
import * as Sentry from '@sentry/react-router';
import { setBrowserReporter } from './report.client';
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
  setBrowserReporter((error, mechanism, componentStack) => {
    Sentry.captureReactException(error, { componentStack: componentStack ?? '' }, { mechanism: { type: `react.${mechanism}`, handled: mechanism !== 'uncaught' } });
  });
}
