/**
 * The one place where dates and money become text. Every time is shown in Europe/Helsinki
 * (the wall clock comes from app/lib/dates.ts; no date library, so this is cheap in the browser),
 * whatever the server's or the browser's zone. Finnish and Swedish use D.M.YYYY H:mm; English
 * uses a month name. Money is held in cents and shown in EUR (en-GB for English, fi-FI
 * otherwise, as the spec says).
 */
import type { Language } from '~/i18n/config';
import { helsinkiDate, wallClock, type WallClock } from './dates';

export { helsinkiDate };

/** Short weekday names, Sunday first (as the spec's Finnish and Swedish calendars abbreviate them). */
const WEEKDAYS: Record<Language, readonly string[]> = {
  fi: ['su', 'ma', 'ti', 'ke', 'to', 'pe', 'la'],
  sv: ['sö', 'må', 'ti', 'on', 'to', 'fr', 'lö'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

function lang(value: string): Language {
  return value === 'sv' || value === 'en' ? value : 'fi';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** D.M.YYYY (fi, sv) or D Month YYYY (en). */
function date(c: WallClock, l: Language): string {
  return l === 'en' ? `${c.day} ${MONTHS_EN[c.month - 1]} ${c.year}` : `${c.day}.${c.month}.${c.year}`;
}

/** H:mm (fi, sv) or HH:mm (en). */
function time(c: WallClock, l: Language): string {
  return `${l === 'en' ? pad(c.hour) : c.hour}:${pad(c.minute)}`;
}

export const formatDate = (value: Date | string, language: string) => date(wallClock(value), lang(language));
export const formatTime = (value: Date | string, language: string) => time(wallClock(value), lang(language));

export function formatDateTime(value: Date | string, language: string): string {
  const c = wallClock(value);
  const l = lang(language);
  return l === 'en' ? `${date(c, l)}, ${time(c, l)}` : `${date(c, l)} ${time(c, l)}`;
}

/** "ti 2.6.2026" (fi, sv) or "Tue 2 June 2026" (en). */
export function formatWeekdayDate(value: Date | string, language: string): string {
  const c = wallClock(value);
  const l = lang(language);
  return `${WEEKDAYS[l][c.weekday % 7]} ${date(c, l)}`;
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
