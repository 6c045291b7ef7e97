/**
 * Server i18n. The language comes from the path, then the `ui_locales` parameter, the cookie and
 * the Accept-Language header (remix-i18next's LanguageDetector). Each language has one i18next
 * instance, initialised once at start-up and shared by all requests: nothing changes an
 * instance after that (no changeLanguage, resources are bundled), so a request only picks one
 * instead of creating and initialising its own (ADR 0010).
 */
import { createInstance, type i18n, type TFunction } from 'i18next';
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { LanguageDetector } from 'remix-i18next/server';
import { languageOfPath } from '~/route-table';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './config';
import bookingMore from './resources/booking-more';
import en from './resources/en';
import myInformation from './resources/my-information';
import fi from './resources/fi';
import messaging from './resources/messaging';
import invoices from './resources/invoices';
import type { Resource } from './resources';
import pagesEn from './resources/pages/en';
import pagesFi from './resources/pages/fi';
import pagesSv from './resources/pages/sv';
import records from './resources/records';
import recordsFeed from './resources/records-feed';
import sicknessFund from './resources/sickness-fund';
import insurance from './resources/insurance';
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

const detector = new LanguageDetector({
  supportedLanguages: [...LANGUAGES],
  fallbackLanguage: DEFAULT_LANGUAGE,
  cookie: languageCookie,
  // ui_locales: the test identification page follows the language the portal asked for.
  searchParamKey: 'ui_locales',
  order: ['custom', 'searchParams', 'cookie', 'header'],
  findLocale: async (request) => languageOfPath(new URL(request.url).pathname),
});

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
  const detected = await detector.detect(request);
  const lng = isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
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
 * The texts of one language outside a request (SMS and e-mail to a person in their own language):
 * the same shared instances the pages use.
 */
export async function textsIn(lang: Language): Promise<TFunction> {
  return (await instances)[lang].getFixedT(lang);
}
