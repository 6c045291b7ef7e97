/**
 * The one date module: the portal's time zone, an instant's Helsinki wall clock, Helsinki
 * wall-clock times as instants, and calendar-day arithmetic on plain `YYYY-MM-DD` dates.
 * Client-safe and dependency-free (built on `Intl`, which every browser and Node ship with the
 * time zone rules), so nothing date-related needs a library in the browser.
 *
 * Turning dates into text for people is `app/lib/format.ts`'s job; this module gives it the parts.
 */

/** Every time the portal shows or stores as a local time is Helsinki time. */
export const TIME_ZONE = 'Europe/Helsinki';

const DAY_MS = 86_400_000;

/** A wall-clock reading: month 1–12, hour 0–23, ISO weekday 1 = Monday … 7 = Sunday. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall clock by Intl's formatToParts: exact for any instant, but ~10 µs a call. */
function wallClockOfParts(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday!]!,
  };
}

/**
 * A zone's UTC offset is the same for every instant of a quarter hour (offsets change at most a
 * few times a year, at whole or half hours), so it is read through Intl once per quarter hour
 * and kept: a page of dates costs one formatToParts per distinct quarter hour instead of one per
 * date. A quarter hour whose two ends have different offsets (a change inside it) is never kept.
 * Only instants of 1970–2099: outside it the exact path is taken every time.
 */
const QUARTER_HOUR_MS = 900_000;
const FAST_FROM_MS = Date.UTC(1970, 0, 1);
const FAST_UNTIL_MS = Date.UTC(2100, 0, 1);
const OFFSETS_KEPT = 100_000;
const offsets = new Map<string, Map<number, number>>();

function offsetOfParts(instantMs: number, timeZone: string): number {
  const c = wallClockOfParts(new Date(instantMs), timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instantMs / 1000) * 1000;
}

function offsetMs(instantMs: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const quarter = Math.floor(instantMs / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR_MS;
    const atStart = offsetOfParts(start, timeZone);
    if (atStart !== offsetOfParts(start + QUARTER_HOUR_MS - 1000, timeZone)) return offsetOfParts(instantMs, timeZone);
    if (zone.size >= OFFSETS_KEPT) zone.clear();
    zone.set(quarter, (offset = atStart));
  }
  return offset;
}

/** The wall clock in `timeZone` (Helsinki unless told) at an instant. */
export function wallClock(value: Date | string | number, timeZone: string = TIME_ZONE): WallClock {
  const instant = new Date(value);
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${String(value)}`);
  if (ms < FAST_FROM_MS || ms >= FAST_UNTIL_MS) return wallClockOfParts(instant, timeZone);
  const local = new Date(ms + offsetMs(ms, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay() || 7,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD` of a wall-clock reading. */
export function isoDateOf(clock: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** The calendar date (`YYYY-MM-DD`) of an instant in Helsinki. */
export function helsinkiDate(value: Date | string | number): string {
  return isoDateOf(wallClock(value));
}

/** The offset of Helsinki from UTC at an instant, in milliseconds (+2 h or +3 h). */
function helsinkiOffsetMs(instantMs: number): number {
  const c = wallClock(instantMs);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant of a Helsinki wall-clock time. A time skipped when the clocks go forward counts
 * in the offset before the change (03:30 on the last Sunday of March is 04:30 summer time); a
 * time repeated when they go back is its second occurrence (winter time).
 */
export function helsinkiInstant(date: string, hour = 0, minute = 0): Date {
  if (!isDate(date)) throw new RangeError(`not a date: ${date}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = asUtc - helsinkiOffsetMs(asUtc);
  return new Date(asUtc - helsinkiOffsetMs(first));
}

// ---------------------------------------------------------------------------------------------
// Machine-readable instants in HTML.

/** An instant as ISO 8601 with a second's fraction of any length (PostgreSQL keeps microseconds). */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The `datetime` of a `<time>` element (the one place it is formatted: `~/components/Time`):
 * a calendar date passes as it is; an instant becomes a valid global date and time string in
 * UTC, `YYYY-MM-DDTHH:MM:SS.sssZ`. HTML allows at most three digits of a second's fraction, so a
 * longer one (`…T04:07:34.905000Z` from PostgreSQL's microseconds) is cut to milliseconds.
 * Anything else is a programming error (RangeError).
 */
export function htmlDateTime(value: Date | string): string {
  if (typeof value !== 'string') return value.toISOString();
  if (isDate(value)) return value;
  const parts = ISO_INSTANT.exec(value);
  if (!parts) throw new RangeError(`Not an ISO 8601 instant: ${value}`);
  const [, dateTime, fraction = '', zone] = parts;
  const instant = new Date(`${dateTime}.${fraction.slice(0, 3).padEnd(3, '0')}${zone}`);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not an ISO 8601 instant: ${value}`);
  return instant.toISOString();
}

// ---------------------------------------------------------------------------------------------
// Calendar days: plain YYYY-MM-DD arithmetic, no time zone involved.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The same day of the next month, or its last day when that month is shorter (31.1. → 28.2.). */
export function addMonth(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** ISO weekday, 1 = Monday … 7 = Sunday (a type of its own: it picks a weekday's text). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The ISO weekdays by JavaScript's day number (0 = Sunday). */
const ISO_WEEKDAYS = [7, 1, 2, 3, 4, 5, 6] as const;

export function isoWeekday(date: string): IsoWeekday {
  return ISO_WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}
