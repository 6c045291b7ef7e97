import { startTransition, StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { PortalEnvContext } from '~/components/portal-env';
import { DEFAULT_LANGUAGE, isLanguage } from '~/i18n/config';
import { TranslationContext } from '~/i18n/react';
import { loadPageTexts, useClientTranslation } from '~/i18n/texts.client';

function Texts({ children }: { children: ReactNode }) {
  return <TranslationContext.Provider value={useClientTranslation()}>{children}</TranslationContext.Provider>;
}

// The server matches routes with React Router's route-pattern matcher and says so in the
// handoff's future flags; the browser's router needs its own copy (server.ts).
unstable_preloadRoutePattern();

async function hydrate() {
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
    );
  });

  // Error reporting is loaded only when configured, and only once the page is idle.
  const dsn = document.documentElement.dataset.sentryDsn;
  if (dsn) {
    const start = () => void import('~/services/observability/sentry.client').then((m) => m.initBrowserErrorReporting(dsn));
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5_000 });
    else setTimeout(start, 2_000);
  }
}

void hydrate();
