/**
 * The one place where dates and money become text. Every time is shown in Europe/Helsinki,
 * whatever the server's or the browser's zone. Finnish and Swedish use D.M.YYYY H:mm; English
 * uses a month name. Money is held in cents and shown in EUR (en-GB for English, fi-FI
 * otherwise, as the spec says).
 */
import { formatInTimeZone } from 'date-fns-tz';
import { enGB, fi, sv } from 'date-fns/locale';
import type { Language } from '~/i18n/config';

export const TIME_ZONE = 'Europe/Helsinki';

const DATE_LOCALES = { fi, sv, en: enGB } as const;

const PATTERNS: Record<Language, { date: string; time: string; dateTime: string; weekdayDate: string }> = {
  fi: { date: 'd.M.yyyy', time: 'H:mm', dateTime: 'd.M.yyyy H:mm', weekdayDate: 'EEEEEE d.M.yyyy' },
  sv: { date: 'd.M.yyyy', time: 'H:mm', dateTime: 'd.M.yyyy H:mm', weekdayDate: 'EEEEEE d.M.yyyy' },
  en: { date: 'd MMMM yyyy', time: 'HH:mm', dateTime: 'd MMMM yyyy, HH:mm', weekdayDate: 'EEE d MMMM yyyy' },
};

function lang(value: string): Language {
  return value === 'sv' || value === 'en' ? value : 'fi';
}

function format(value: Date | string, language: string, kind: keyof (typeof PATTERNS)['fi']): string {
  const l = lang(language);
  return formatInTimeZone(new Date(value), TIME_ZONE, PATTERNS[l][kind], { locale: DATE_LOCALES[l] });
}

export const formatDate = (value: Date | string, language: string) => format(value, language, 'date');
export const formatTime = (value: Date | string, language: string) => format(value, language, 'time');
export const formatDateTime = (value: Date | string, language: string) => format(value, language, 'dateTime');
export const formatWeekdayDate = (value: Date | string, language: string) => format(value, language, 'weekdayDate');

/** The calendar date (YYYY-MM-DD) of an instant in Helsinki. */
export function helsinkiDate(value: Date | string): string {
  return formatInTimeZone(new Date(value), TIME_ZONE, 'yyyy-MM-dd');
}

const money = {
  en: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }),
  fi: new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR' }),
};

/** 12345 → "123,45 €" (fi, sv) or "€123.45" (en). */
export function formatMoney(cents: number, language: string): string {
  if (!Number.isInteger(cents)) throw new Error('amounts are whole cents');
  return (lang(language) === 'en' ? money.en : money.fi).format(cents / 100);
}
