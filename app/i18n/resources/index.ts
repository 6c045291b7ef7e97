/**
 * A language's texts, all of them, read once on the server (no page loads texts in the browser,
 * ADR 0009): the core texts (one module per language), one file or folder per area (booking/,
 * records/, messaging.ts, billing.ts, account.ts: each module with its three languages side by
 * side) and the shell's pages (shell/, one module per language). A new text module is imported
 * here, typed in `AreaTexts` and added to `all`.
 */
import type { Language } from '../config';
import bookingMore from './booking/occupational';
import en from './en';
import myInformation from './account';
import fi from './fi';
import messaging from './messaging';
import invoices from './billing';
import pagesEn from './shell/en';
import pagesFi from './shell/fi';
import pagesSv from './shell/sv';
import records from './records/records';
import recordsFeed from './records/feed';
import sicknessFund from './records/sickness-fund';
import accessLog from './access-log';
import insurance from './booking/insurance';
import reservation from './booking/reservation';
import search from './booking/search';
import reminders from './appointments/reminders';
import confidential from './appointments/confidential';
import dataExport from './records/export';
import earlierTime from './appointments/earlier-time';
import move from './appointments/move';
import sv from './sv';
import devices from './devices';
import accessibility from './shell/accessibility';
import carePages from './shell/care-pages';
import actingFor from './acting-for';
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
export type AreaTexts = BookingTexts &
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

export type Resource = CoreResource & AreaTexts;
export type { CoreResource };

const pages = { fi: pagesFi, sv: pagesSv, en: pagesEn };

const all = (core: CoreResource, lang: Language): Resource => ({
  ...core,
  ...pages[lang],
  search: search[lang],
  actingFor: actingFor[lang],
  reservation: reservation[lang],
  invoices: invoices[lang],
  myInformation: myInformation[lang],
  messaging: messaging[lang],
  records: records[lang],
  recordsFeed: recordsFeed[lang],
  occupational: bookingMore[lang],
  insurance: insurance[lang],
  sicknessFund: sicknessFund[lang],
  reminders: reminders[lang],
  devices: devices[lang],
  accessibility: accessibility[lang],
  accessLog: accessLog[lang],
  confidential: confidential[lang],
  dataExport: dataExport[lang],
  earlierTime: earlierTime[lang],
  move: move[lang],
  ...carePages[lang],
});

/** Every language's texts. */
export const RESOURCES: Record<Language, Resource> = { fi: all(fi, 'fi'), sv: all(sv, 'sv'), en: all(en, 'en') };
