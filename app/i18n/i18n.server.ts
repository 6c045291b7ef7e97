/**
 * Server i18n. The language comes from the path, then the `ui_locales` parameter, the cookie and
 * the Accept-Language header (`detectLanguage`). The texts of a language are translated by one
 * function per language, made once at start-up and shared by all requests (ADR 0010): the
 * components' translate function (app/i18n/translate.ts), which gives what i18next gives for
 * every text (translate.test.ts compares them). remix-i18next 8 offers only a middleware that
 * creates an i18next instance per request, so the detection it used to lend us is here (ADR 0001).
 */
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { languageOfPath } from '~/route-table';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './config';
import { RESOURCES } from './resources';
import type { TextKey } from './keys';
import { createTranslator, hasText, type TFunction } from './translate';

/** Remembers the last language used, for the `/` redirect. */
export const languageCookie = createCookie('portal_lang', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const resources = {
  fi: { translation: RESOURCES.fi },
  sv: { translation: RESOURCES.sv },
  en: { translation: RESOURCES.en },
};

/**
 * The languages an Accept-Language header asks for, best first: by quality (ties keep the
 * header's order), each tag also matching by its primary subtag (`sv-FI` is `sv`). `*` and
 * q=0 ask for nothing.
 */
export function languageOfAcceptHeader(header: string | null): Language | undefined {
  if (!header) return undefined;
  const wanted = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim().toLowerCase(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0 && Number.isFinite(entry.quality))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of wanted) {
    const primary = tag.split('-')[0];
    if (isLanguage(tag)) return tag;
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/**
 * The request's language: the path's (`/sv/...`), then `ui_locales` (the test identification
 * page follows the language the portal asked for), the cookie of the last language used, the
 * browser's Accept-Language, and Finnish.
 */
export async function detectLanguage(request: Request): Promise<Language> {
  const url = new URL(request.url);
  const fromPath = languageOfPath(url.pathname);
  if (isLanguage(fromPath)) return fromPath;
  const fromParam = url.searchParams.get('ui_locales')?.trim().toLowerCase();
  if (isLanguage(fromParam)) return fromParam;
  const fromCookie: unknown = await languageCookie.parse(request.headers.get('Cookie'));
  if (isLanguage(fromCookie)) return fromCookie;
  return languageOfAcceptHeader(request.headers.get('Accept-Language')) ?? DEFAULT_LANGUAGE;
}

const localeContext = createContext<Language>();

/**
 * Sets the request's language. The name is the one remix-i18next's middleware had: it no longer
 * needs an i18next instance, as the texts are translated by the functions below.
 */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, await detectLanguage(request));
  return next();
};

/** The request's language (set by i18nextMiddleware). */
export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return context.get(localeContext);
}

/**
 * The translate function of each language, made once: the components' own (app/i18n/translate.ts),
 * which gives the same text as i18next for every key, with and without values and counts
 * (translate.test.ts), at a fraction of the cost of i18next's `getFixedT` and `t` (a page's
 * loaders translate its title and texts on every request; ADR 0010).
 */
const translators = Object.fromEntries(LANGUAGES.map((lang) => [lang, createTranslator(resources[lang].translation, lang)])) as Record<Language, TFunction>;

/**
 * The texts of one language in a request (a loader, an action, a resource route). Any language
 * may be asked for, not only the request's.
 */
export function fixedT(_context: Readonly<RouterContextProvider>, lang: Language): TFunction {
  return translators[lang];
}

/**
 * The texts of one language outside a request (SMS and e-mail to a person in their own language):
 * the same functions the pages use.
 */
export async function textsIn(lang: Language): Promise<TFunction> {
  return translators[lang];
}

/** Whether a value that arrives as data (a cookie's message key) is a key with an English text. */
export function isTextKey(key: unknown): key is TextKey {
  return typeof key === 'string' && hasText(resources.en.translation, key);
}
