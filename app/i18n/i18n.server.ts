/** Server i18n: remix-i18next middleware; the language comes from the path, then cookie, then header. */
import { createCookie } from 'react-router';
import { createI18nextMiddleware } from 'remix-i18next/middleware';
import { languageOfPath } from '~/route-table';
import { DEFAULT_LANGUAGE, LANGUAGES } from './config';
import en from './resources/en';
import fi from './resources/fi';
import type { Resource } from './resources';
import reservation from './resources/reservation';
import search from './resources/search';
import sv from './resources/sv';

/** Remembers the last language used, for the `/` redirect. */
export const languageCookie = createCookie('portal_lang', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const all = (core: typeof en, lang: 'fi' | 'sv' | 'en'): Resource => ({ ...core, search: search[lang], reservation: reservation[lang] });

export const resources = {
  fi: { translation: all(fi, 'fi') },
  sv: { translation: all(sv, 'sv') },
  en: { translation: all(en, 'en') },
};

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    // ui_locales: the test identification page follows the language the portal asked for.
    searchParamKey: 'ui_locales',
    order: ['custom', 'searchParams', 'cookie', 'header'],
    findLocale: async (request) => languageOfPath(new URL(request.url).pathname),
  },
  i18next: { resources, interpolation: { escapeValue: false }, returnNull: false },
});
