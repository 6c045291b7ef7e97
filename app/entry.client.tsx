import i18next from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { PortalEnvContext } from '~/components/portal-env';
import { DEFAULT_LANGUAGE, isLanguage } from '~/i18n/config';
import { loadResource } from '~/i18n/resources';

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const lang = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
  // Only the current language's texts are downloaded; a language switch is a full navigation.
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: await loadResource(lang) } },
    interpolation: { escapeValue: false },
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <PortalEnvContext.Provider value={{ brand: document.documentElement.dataset.brand === 'children' ? 'children' : 'general' }}>
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </I18nextProvider>
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
