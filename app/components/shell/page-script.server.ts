/**
 * The one script every page gets (ADR 0009): the browser library (app/browser/), compiled and
 * minified by the build (browser-build.config.ts), called with this page's `PageConfig`; inlined
 * by entry.server.tsx as React's `bootstrapScriptContent`, nonce'd, as the CSS is. With a DSN it
 * is followed by the error reporter (ADR 0038), compiled the same way.
 */
import { page as PAGE_SOURCE, report as REPORT_SOURCE } from 'virtual:portal-browser-script';
import type { PageConfig } from '~/browser/index';
import type { ReportConfig } from '~/browser/reporter';
import { pagePath } from '~/route-table';
import type { Language } from '~/i18n/config';
import type { TFunction } from '~/i18n/translate';
import { POLL_HEADER } from '~/lib/polling';

const SESSION_WARNINGS_SECONDS = [90, 30] as const;

/**
 * Sentry's envelope endpoint of a DSN (`https://key@host[/prefix]/project`), with the key in the
 * query as the browser SDK sends it; null for a DSN it cannot read.
 */
export function envelopeUrl(dsn: string): string | null {
  try {
    const url = new URL(dsn);
    const parts = url.pathname.split('/');
    const project = parts.pop();
    if (!url.username || !project) return null;
    return `${url.protocol}//${url.host}${parts.join('/')}/api/${project}/envelope/?sentry_key=${url.username}&sentry_version=7`;
  } catch {
    return null;
  }
}

/** The script for one response. */
export function pageScript(options: {
  lang: Language;
  t: TFunction;
  sessionExpiresInMs: number | null;
  csrfToken: string;
  inApp: boolean;
  report?: ReportConfig | null;
}): string {
  const config: PageConfig = {
    session:
      options.sessionExpiresInMs === null
        ? null
        : {
            ms: options.sessionExpiresInMs,
            warnings: SESSION_WARNINGS_SECONDS.map((seconds) => ({ seconds, text: options.t('session.warning', { seconds }) })),
            endPath: pagePath('expiredSession', options.lang),
            csrfToken: options.csrfToken,
          },
    inApp: options.inApp,
    pollHeader: POLL_HEADER,
  };
  // `<` escaped so no text in the JSON can close the script element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const reporter = options.report ? `(function(PORTAL_REPORT){${REPORT_SOURCE}})(${json(options.report)});` : '';
  return `${reporter}(function(PORTAL_PAGE){${PAGE_SOURCE}})(${json(config)});`;
}
