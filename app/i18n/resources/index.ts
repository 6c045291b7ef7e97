/**
 * A language's texts: the core texts (one module per language) and the separately loaded ones:
 * the booking areas' (search.ts and reservation.ts, each with its three languages side by side)
 * and the rarely visited pages' (pages/, one module per language). The browser loads a separate module only
 * for pages that use one of its namespaces (see app/i18n/react.tsx). Client-safe.
 */
import type { Language } from '../config';
import type { CoreResource } from './en';
import type { InvoiceTexts } from './invoices';
import type { BookingMoreTexts } from './booking-more';
import type { InsuranceTexts } from './insurance';
import type { PageTexts } from './pages/en';
import type { MessagingTexts } from './messaging';
import type { RecordsTexts } from './records';
import type { RecordsFeedTexts } from './records-feed';
import type { SicknessFundTexts } from './sickness-fund';
import type { ReservationTexts } from './reservation';
import type { MyInformationTexts } from './my-information';
import type { SearchTexts } from './search';

export interface BookingTexts {
  search: SearchTexts;
  reservation: ReservationTexts;
  occupational: BookingMoreTexts;
  insurance: InsuranceTexts;
}

/** Every text that is not in a language's core module. */
export type SeparateTexts = BookingTexts &
  PageTexts & {
    myInformation: MyInformationTexts;
    messaging: MessagingTexts;
    records: RecordsTexts;
    recordsFeed: RecordsFeedTexts;
    sicknessFund: SicknessFundTexts;
    invoices: InvoiceTexts;
  };

export type Resource = CoreResource & SeparateTexts;
export type { CoreResource };

type TextModule =
  | 'search'
  | 'reservation'
  | 'pages'
  | 'myInformation'
  | 'messaging'
  | 'records'
  | 'recordsFeed'
  | 'sicknessFund'
  | 'invoices'
  | 'bookingMore'
  | 'insurance';

const MODULE_OF = {
  search: 'search',
  reservation: 'reservation',
  login: 'pages',
  testIdp: 'pages',
  eula: 'pages',
  help: 'pages',
  childrensChat: 'pages',
  outbox: 'pages',
  invoices: 'invoices',
  myInformation: 'myInformation',
  messaging: 'messaging',
  records: 'records',
  recordsFeed: 'recordsFeed',
  occupational: 'bookingMore',
  insurance: 'insurance',
  sicknessFund: 'sicknessFund',
} as const satisfies Record<keyof SeparateTexts, TextModule>;

/** The top-level keys whose texts are loaded separately. */
export const SEPARATE_NAMESPACES: readonly string[] = Object.keys(MODULE_OF);

/** Loads one language's core texts (a separate chunk per language in the browser). */
export async function loadCoreTexts(lang: Language): Promise<CoreResource> {
  switch (lang) {
    case 'fi':
      return (await import('./fi')).default;
    case 'sv':
      return (await import('./sv')).default;
    case 'en':
      return (await import('./en')).default;
  }
}

async function loadPageModule(lang: Language): Promise<PageTexts> {
  switch (lang) {
    case 'fi':
      return (await import('./pages/fi')).default;
    case 'sv':
      return (await import('./pages/sv')).default;
    case 'en':
      return (await import('./pages/en')).default;
  }
}

async function loadModule(module: TextModule, lang: Language): Promise<Partial<SeparateTexts>> {
  switch (module) {
    case 'search':
      return { search: (await import('./search')).default[lang] };
    case 'reservation':
      return { reservation: (await import('./reservation')).default[lang] };
    case 'pages':
      return loadPageModule(lang);
    case 'invoices':
      return { invoices: (await import('./invoices')).default[lang] };
    case 'myInformation':
      return { myInformation: (await import('./my-information')).default[lang] };
    case 'messaging':
      return { messaging: (await import('./messaging')).default[lang] };
    case 'records':
      return { records: (await import('./records')).default[lang] };
    case 'recordsFeed':
      return { recordsFeed: (await import('./records-feed')).default[lang] };
    case 'bookingMore':
      return { occupational: (await import('./booking-more')).default[lang] };
    case 'insurance':
      return { insurance: (await import('./insurance')).default[lang] };
    case 'sicknessFund':
      return { sicknessFund: (await import('./sickness-fund')).default[lang] };
  }
}

/** Loads, in one language, the separately loaded texts of the given namespaces (and their modules' others). */
export async function loadSeparateTexts(lang: Language, namespaces: readonly string[]): Promise<Partial<SeparateTexts>> {
  const modules = new Set(namespaces.flatMap((n) => (n in MODULE_OF ? [MODULE_OF[n as keyof SeparateTexts]] : [])));
  const parts = await Promise.all([...modules].map((module) => loadModule(module, lang)));
  return Object.assign({}, ...parts) as Partial<SeparateTexts>;
}
