/**
 * A language's texts: the core texts (one module per language) and the separately loaded ones,
 * one file or folder per area (booking/, records/, messaging.ts, billing.ts, account.ts: each
 * module with its three languages side by side) and the shell's rarely visited pages (shell/,
 * one module per language). The browser loads a separate module only
 * for pages that use one of its namespaces (see app/i18n/react.tsx). Client-safe.
 */
import type { Language } from '../config';
import type { CoreResource } from './en';
import type { InvoiceTexts } from './billing';
import type { BookingMoreTexts } from './booking/occupational';
import type { InsuranceTexts } from './booking/insurance';
import type { PageTexts } from './shell/en';
import type { MessagingTexts } from './messaging';
import type { RecordsTexts } from './records/records';
import type { RecordsFeedTexts } from './records/feed';
import type { SicknessFundTexts } from './records/sickness-fund';
import type { ReservationTexts } from './booking/reservation';
import type { MyInformationTexts } from './account';
import type { SearchTexts } from './booking/search';
import type { ReminderTexts } from './appointments/reminders';
import type { DevicesTexts } from './devices';
import type { AccessibilityTexts } from './shell/accessibility';
import type { AccessLogTexts } from './access-log';
import type { ConfidentialTexts } from './appointments/confidential';
import type { DataExportTexts } from './records/export';
import type { EarlierTimeTexts } from './appointments/earlier-time';
import type { MoveTexts } from './appointments/move';
import type { CarePagesTexts } from './shell/care-pages';
import type { ActingForTexts } from './acting-for';

export interface BookingTexts {
  search: SearchTexts;
  reservation: ReservationTexts;
  occupational: BookingMoreTexts;
  insurance: InsuranceTexts;
}

/** Every text that is not in a language's core module. */
export type SeparateTexts = BookingTexts &
  PageTexts &
  CarePagesTexts & {
    myInformation: MyInformationTexts;
    messaging: MessagingTexts;
    records: RecordsTexts;
    recordsFeed: RecordsFeedTexts;
    sicknessFund: SicknessFundTexts;
    invoices: InvoiceTexts;
    reminders: ReminderTexts;
    devices: DevicesTexts;
    accessibility: AccessibilityTexts;
    accessLog: AccessLogTexts;
    confidential: ConfidentialTexts;
    dataExport: DataExportTexts;
    earlierTime: EarlierTimeTexts;
    move: MoveTexts;
    actingFor: ActingForTexts;
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
  | 'insurance'
  | 'reminders'
  | 'devices'
  | 'accessibility'
  | 'accessLog'
  | 'confidential'
  | 'dataExport'
  | 'earlierTime'
  | 'move'
  | 'actingFor'
  | 'carePages';

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
  reminders: 'reminders',
  devices: 'devices',
  accessibility: 'accessibility',
  accessLog: 'accessLog',
  confidential: 'confidential',
  dataExport: 'dataExport',
  earlierTime: 'earlierTime',
  move: 'move',
  actingFor: 'actingFor',
  healthPortal: 'carePages',
  mentalSupport: 'carePages',
  occupationalLanding: 'carePages',
  practitioner: 'carePages',
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
      return (await import('./shell/fi')).default;
    case 'sv':
      return (await import('./shell/sv')).default;
    case 'en':
      return (await import('./shell/en')).default;
  }
}

async function loadModule(module: TextModule, lang: Language): Promise<Partial<SeparateTexts>> {
  switch (module) {
    case 'search':
      return { search: (await import('./booking/search')).default[lang] };
    case 'reservation':
      return { reservation: (await import('./booking/reservation')).default[lang] };
    case 'pages':
      return loadPageModule(lang);
    case 'invoices':
      return { invoices: (await import('./billing')).default[lang] };
    case 'myInformation':
      return { myInformation: (await import('./account')).default[lang] };
    case 'messaging':
      return { messaging: (await import('./messaging')).default[lang] };
    case 'records':
      return { records: (await import('./records/records')).default[lang] };
    case 'recordsFeed':
      return { recordsFeed: (await import('./records/feed')).default[lang] };
    case 'bookingMore':
      return { occupational: (await import('./booking/occupational')).default[lang] };
    case 'insurance':
      return { insurance: (await import('./booking/insurance')).default[lang] };
    case 'sicknessFund':
      return { sicknessFund: (await import('./records/sickness-fund')).default[lang] };
    case 'reminders':
      return { reminders: (await import('./appointments/reminders')).default[lang] };
    case 'devices':
      return { devices: (await import('./devices')).default[lang] };
    case 'accessibility':
      return { accessibility: (await import('./shell/accessibility')).default[lang] };
    case 'accessLog':
      return { accessLog: (await import('./access-log')).default[lang] };
    case 'confidential':
      return { confidential: (await import('./appointments/confidential')).default[lang] };
    case 'dataExport':
      return { dataExport: (await import('./records/export')).default[lang] };
    case 'earlierTime':
      return { earlierTime: (await import('./appointments/earlier-time')).default[lang] };
    case 'move':
      return { move: (await import('./appointments/move')).default[lang] };
    case 'actingFor':
      return { actingFor: (await import('./acting-for')).default[lang] };
    case 'carePages':
      return (await import('./shell/care-pages')).default[lang];
  }
}

/** Loads, in one language, the separately loaded texts of the given namespaces (and their modules' others). */
export async function loadSeparateTexts(lang: Language, namespaces: readonly string[]): Promise<Partial<SeparateTexts>> {
  const modules = new Set(namespaces.flatMap((n) => (n in MODULE_OF ? [MODULE_OF[n as keyof SeparateTexts]] : [])));
  const parts = await Promise.all([...modules].map((module) => loadModule(module, lang)));
  return Object.assign({}, ...parts) as Partial<SeparateTexts>;
}
