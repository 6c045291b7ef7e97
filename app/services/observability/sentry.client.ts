/**
 * Browser error reporting, loaded lazily by entry.client only when a DSN is configured.
 * No session replay, no tracing, nothing personal: URLs lose their query, identity codes are
 * masked, form values are never attached.
 */
import * as Sentry from '@sentry/react-router';

const IDENTITY_CODE = /\b\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]\b/gi;
const mask = (s: string) => s.replace(IDENTITY_CODE, '[identity-code]');

export function initBrowserErrorReporting(dsn: string): void {
  Sentry.init({
    dsn,
    sendDefaultPii: false,
    maxValueLength: 8192,
    tracesSampleRate: 0,
    integrations: (defaults) => defaults.filter((i) => i.name !== 'Replay' && i.name !== 'BrowserTracing'),
    beforeSend(event) {
      if (event.request?.url) event.request.url = mask(event.request.url.split('?')[0]!);
      delete event.request?.query_string;
      delete event.user;
      if (event.message) event.message = mask(event.message);
      for (const v of event.exception?.values ?? []) if (v.value) v.value = mask(v.value);
      return event;
    },
    beforeBreadcrumb(crumb) {
      if (crumb.category === 'ui.input') return null;
      if (crumb.data?.url) crumb.data.url = mask(String(crumb.data.url).split('?')[0]!);
      if (crumb.message) crumb.message = mask(crumb.message);
      return crumb;
    },
  });
}
