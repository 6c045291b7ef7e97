/**
 * Server i18n. The language comes from the path, then the `ui_locales` parameter, the cookie and
 * the Accept-Language header (`detectLanguage`). Each language has one i18next instance,
 * initialised once at start-up and shared by all requests: nothing changes an instance after
 * that (no changeLanguage, resources are bundled), so a request only picks one instead of
 * creating and initialising its own (ADR 0010). remix-i18next 8 offers only a middleware that
 * does the latter, so the detection it used to lend us is here (ADR 0001).
 */
import { createInstance, type i18n } from 'i18next';
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { languageOfPath } from '~/route-table';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './config';
import bookingMore from './resources/booking/occupational';
import en from './resources/en';
import myInformation from './resources/account';
import fi from './resources/fi';
import messaging from './resources/messaging';
import invoices from './resources/billing';
import type { Resource } from './resources';
import type { TextKey } from './keys';
import { hasText, type TFunction } from './translate';
import pagesEn from './resources/shell/en';
import pagesFi from './resources/shell/fi';
import pagesSv from './resources/shell/sv';
import records from './resources/records/records';
import recordsFeed from './resources/records/feed';
import sicknessFund from './resources/records/sickness-fund';
import insurance from './resources/booking/insurance';
import reservation from './resources/booking/reservation';
import search from './resources/booking/search';
import sv from './resources/sv';

/** Remembers the last language used, for the `/` redirect. */
export const languageCookie = createCookie('portal_lang', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const pages = { fi: pagesFi, sv: pagesSv, en: pagesEn };

const all = (core: typeof en, lang: 'fi' | 'sv' | 'en'): Resource => ({
  ...core,
  ...pages[lang],
  search: search[lang],
  reservation: reservation[lang],
  invoices: invoices[lang],
  myInformation: myInformation[lang],
  messaging: messaging[lang],
  records: records[lang],
  recordsFeed: recordsFeed[lang],
  occupational: bookingMore[lang],
  insurance: insurance[lang],
  sicknessFund: sicknessFund[lang],
});

export const resources = {
  fi: { translation: all(fi, 'fi') },
  sv: { translation: all(sv, 'sv') },
  en: { translation: all(en, 'en') },
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

async function createLanguageInstance(lng: Language): Promise<i18n> {
  const instance = createInstance({ resources, lng, interpolation: { escapeValue: false }, returnNull: false });
  await instance.init();
  return instance;
}

const instances: Promise<Record<Language, i18n>> = Promise.all(LANGUAGES.map(createLanguageInstance)).then(
  (list) => Object.fromEntries(LANGUAGES.map((lng, i) => [lng, list[i]!])) as Record<Language, i18n>,
);

const localeContext = createContext<Language>();
const i18nextContext = createContext<i18n>();

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const lng = await detectLanguage(request);
  context.set(localeContext, lng);
  context.set(i18nextContext, (await instances)[lng]);
  return next();
};

/** The request's language (set by i18nextMiddleware). */
export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return context.get(localeContext);
}

/** The i18next instance of the request's language (shared: use getFixedT, never changeLanguage). */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return context.get(i18nextContext);
}

/**
 * i18next's translate function for `lang`, typed as the components' one (app/i18n/translate.ts):
 * only keys with an English text. The one place that casts i18next's function, whose own types
 * accept any string; it takes the same keys and options and gives the same texts (translate.test.ts).
 */
function typedT(instance: i18n, lang: Language): TFunction {
  return instance.getFixedT(lang) as unknown as TFunction;
}

/**
 * The texts of one language in a request (a loader, an action, a resource route): from the
 * request's shared instance, which holds every language.
 */
export function fixedT(context: Readonly<RouterContextProvider>, lang: Language): TFunction {
  return typedT(getInstance(context), lang);
}

/**
 * The texts of one language outside a request (SMS and e-mail to a person in their own language):
 * the same shared instances the pages use.
 */
export async function textsIn(lang: Language): Promise<TFunction> {
  return typedT((await instances)[lang], lang);
}

/** Whether a value that arrives as data (a cookie's message key) is a key with an English text. */
export function isTextKey(key: unknown): key is TextKey {
  return typeof key === 'string' && hasText(resources.en.translation, key);
}
