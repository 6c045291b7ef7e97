import { startTransition, StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { PortalEnvContext } from '~/components/portal-env';
import { DEFAULT_LANGUAGE, isLanguage } from '~/i18n/config';
import { TranslationContext } from '~/i18n/react';
import { loadPageTexts, useClientTranslation } from '~/i18n/texts.client';
import { expectBrowserReporter, reportBrowserError, type BrowserErrorMechanism } from '~/services/observability/report.client';

function Texts({ children }: { children: ReactNode }) {
  return <TranslationContext.Provider value={useClientTranslation()}>{children}</TranslationContext.Provider>;
}

// The server matches routes with React Router's route-pattern matcher and says so in the
// handoff's future flags; the browser's router needs its own copy (server.ts).
unstable_preloadRoutePattern();
/** React's root error hooks report (and in development still print, as React's defaults do). */
const reportAs =
  (mechanism: BrowserErrorMechanism) =>
  (error: unknown, info: { componentStack?: string }): void => {
    reportBrowserError(error, mechanism, info.componentStack);
    // eslint-disable-next-line no-console
    if (import.meta.env.DEV) console.error(error);
  };

/**
 * Error reporting starts before hydration when configured (only hydrated pages carry the DSN,
 * ADR 0009): what React reports before the SDK's chunk has arrived is kept until it has.
 */
function startErrorReporting() {
  const dsn = document.documentElement.dataset.sentryDsn;
  if (!dsn) return;
  expectBrowserReporter();
  void import('~/services/observability/sentry.client').then((m) => m.initBrowserErrorReporting(dsn));
}

async function hydrate() {
  startErrorReporting();
  const htmlLang = document.documentElement.lang;
  const lang = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
  // Only the current language's texts are downloaded (a language switch is a full navigation),
  // and the booking areas' texts only when the page uses them.
  await loadPageTexts(lang);

  startTransition(() => {
    hydrateRoot(
      document,
      <PortalEnvContext.Provider value={{ brand: document.documentElement.dataset.brand === 'children' ? 'children' : 'general' }}>
        <Texts>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </Texts>
      </PortalEnvContext.Provider>,
      { onUncaughtError: reportAs('uncaught'), onCaughtError: reportAs('caught'), onRecoverableError: reportAs('recoverable') },
    );
  });
}

void hydrate();
