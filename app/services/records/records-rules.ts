/**
 * Pure rules of the record pages (spec 3 §9, spec 1 §3): lab result display (prefixes,
 * reference ranges), lab-day state, referral validity and its hint, relative dates (whose records
 * a guardian may see is an age rule: app/models/person.ts, docs/decisions/0016). Client-safe; unit-tested without a database.
 */
import type { TFunction } from '~/i18n/translate';
import { daysBetween, helsinkiDate, helsinkiInstant, isoWeekday, type IsoWeekday } from '~/lib/dates';

export type LabPrefix = 'greaterThan' | 'greaterThanOrEqual' | 'lessThan' | 'lessThanOrEqual';

export const PREFIX_SYMBOL: Record<LabPrefix, string> = {
  greaterThan: '>',
  greaterThanOrEqual: '≥',
  lessThan: '<',
  lessThanOrEqual: '≤',
};

/** Exact decimal text ('5.40') as people read it: trailing zeros kept, decimal comma in fi and sv. */
export function formatDecimal(value: string, lang: string): string {
  return lang === 'en' ? value : value.replace('.', ',');
}

/** "≥ 5,4" — a numeric result with its prefix. */
export function resultNumberText(value: string, prefix: LabPrefix | null, lang: string): string {
  return `${prefix ? `${PREFIX_SYMBOL[prefix]} ` : ''}${formatDecimal(value, lang)}`;
}

/**
 * The reference range as spec 3 §9 shows it: "min–max", ">min" or "<max", followed by the unit;
 * null when there is no range.
 */
export function referenceRangeText(min: string | null, max: string | null, unit: string | null, lang: string): string | null {
  const withUnit = (text: string) => (unit ? `${text} ${unit}` : text);
  if (min !== null && max !== null) return withUnit(`${formatDecimal(min, lang)}–${formatDecimal(max, lang)}`);
  if (min !== null) return withUnit(`>${formatDecimal(min, lang)}`);
  if (max !== null) return withUnit(`<${formatDecimal(max, lang)}`);
  return null;
}

/** A result day is Ready when every item is ready, otherwise Pending (spec 3 §3). */
export function labDayState(items: ReadonlyArray<{ isReady: boolean }>): 'ready' | 'pending' {
  return items.length > 0 && items.every((i) => i.isReady) ? 'ready' : 'pending';
}

/** A referral is valid through its valid-until date (Helsinki), then "Not valid". */
export function referralStatus(validUntil: string, today: string): 'valid' | 'expired' {
  return daysBetween(today, validUntil) >= 0 ? 'valid' : 'expired';
}

export type ValidityHint =
  { kind: 'today' } | { kind: 'tomorrow' } | { kind: 'weekday'; weekday: IsoWeekday } | { kind: 'weeks'; weeks: number } | { kind: 'date'; date: string };

/**
 * How soon a validity ends (spec 3 §9): today, tomorrow, the weekday within a week, whole weeks
 * when 8–26 days away, the date when 27–30 days away; nothing beyond 30 days or once past.
 */
export function validityHint(validUntil: string, today: string): ValidityHint | null {
  const days = daysBetween(today, validUntil);
  if (days < 0 || days > 30) return null;
  if (days === 0) return { kind: 'today' };
  if (days === 1) return { kind: 'tomorrow' };
  if (days <= 7) return { kind: 'weekday', weekday: isoWeekday(validUntil) };
  if (days <= 26) return { kind: 'weeks', weeks: Math.round(days / 7) };
  return { kind: 'date', date: validUntil };
}

export type RelativeDate =
  { kind: 'justNow' } | { kind: 'minutes'; minutes: number } | { kind: 'hours'; hours: number } | { kind: 'yesterday' } | { kind: 'date'; date: string };

/**
 * When a record item appeared (spec 3 §9): within 24 hours relative (minutes, hours), 24–48
 * hours "Yesterday", otherwise a short date. A time in the future (clock skew) counts as now.
 */
export function relativeDate(at: Date, now: Date): RelativeDate {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return { kind: 'justNow' };
  if (minutes < 60) return { kind: 'minutes', minutes };
  if (minutes < 24 * 60) return { kind: 'hours', hours: Math.floor(minutes / 60) };
  if (minutes < 48 * 60) return { kind: 'yesterday' };
  return { kind: 'date', date: helsinkiDate(at) };
}

/** Certificates are available from 1.1.2022 (spec 2 §9). */
export const CERTIFICATES_SINCE = '2022-01-01';
/** The start of CERTIFICATES_SINCE in Helsinki: certificates written before it are not shown nor exported. */
export const CERTIFICATES_SINCE_INSTANT = helsinkiInstant(CERTIFICATES_SINCE);

/** Vaccinations per page (spec 2 §9); the other lists' page sizes are the provider's choice. */
export const PAGE_SIZES = {
  vaccinations: 25,
  prescriptions: 25,
  labDays: 20,
  referrals: 20,
  imaging: 20,
  visits: 20,
  certificates: 20,
  questionnaires: 20,
} as const;

/** A lab or imaging referral as the pages show it (dates formatted on the server). */
export interface ReferralView {
  id: number;
  type: 'laboratory' | 'imaging';
  title: string;
  creationText: string;
  validUntil: string;
  validUntilText: string;
  status: 'valid' | 'expired';
  hint: ValidityHint | null;
  /** Shown only in Finnish (spec 3 §3). */
  description: string | null;
  practitionerName: string | null;
  /** The practitioner's id and the profile picture a page may show (ADR 0049); null without a practitioner. */
  practitioner: { id: string; profilePictureSrc: string | null } | null;
  patientInstructionsUrl: string | null;
}

/** A date-only record item (issued, created, imaged): "Yesterday" the day after, else its date. */
export function relativeDay(date: string, today: string): { kind: 'yesterday' } | { kind: 'date'; date: string } {
  return daysBetween(date, today) === 1 ? { kind: 'yesterday' } : { kind: 'date', date };
}

export const FEED_ITEM_TYPES = [
  'laboratoryReferral',
  'laboratoryResult',
  'imagingReferral',
  'imagingResult',
  'medicalReport',
  'prescription',
  'sickLeaveCertificate',
] as const;

export type FeedItemType = (typeof FEED_ITEM_TYPES)[number];

export interface FeedItem {
  type: FeedItemType;
  /** Page key and parameters of the item's page (the pages' own route table rows). */
  target: {
    page: 'laboratoryReferral' | 'laboratoryResult' | 'imagingReferral' | 'imagingResult' | 'visit' | 'prescriptions' | 'certificates';
    params: Record<string, string>;
    person: string | null;
  };
  title: string;
  /** Whose record, when it is a ward's. */
  personName: string | null;
  when: RelativeDate & { dateText?: string };
  validity: (ValidityHint & { dateText?: string }) | null;
  /** Sort key (newest first). */
  at: string;
}

/** The newest items of several kinds, newest first, at most `limit`. */
export function newestFirst(items: readonly FeedItem[], limit: number): FeedItem[] {
  return [...items].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit);
}

/** The text of a validity hint (`recordsFeed.validity.*`), for the pages and the server alike. */
export function validityText(hint: (ValidityHint & { dateText?: string }) | null, t: TFunction): string | null {
  if (!hint) return null;
  switch (hint.kind) {
    case 'today':
      return t('recordsFeed.validity.today');
    case 'tomorrow':
      return t('recordsFeed.validity.tomorrow');
    case 'weekday':
      return t('recordsFeed.validity.weekday', { weekday: t(`recordsFeed.weekdays.${hint.weekday}`) });
    case 'weeks':
      return t('recordsFeed.validity.weeks', { count: hint.weeks });
    case 'date':
      return t('recordsFeed.validity.date', { date: hint.dateText ?? hint.date });
  }
}

/** The text of a relative date (`recordsFeed.relative.*`); a plain date is shown as given. */
export function relativeText(value: RelativeDate & { dateText?: string }, t: TFunction): string {
  switch (value.kind) {
    case 'justNow':
      return t('recordsFeed.relative.justNow');
    case 'minutes':
      return t('recordsFeed.relative.minutes', { count: value.minutes });
    case 'hours':
      return t('recordsFeed.relative.hours', { count: value.hours });
    case 'yesterday':
      return t('recordsFeed.relative.yesterday');
    case 'date':
      return value.dateText ?? value.date;
  }
}
