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

/** The wall clock in `timeZone` (Helsinki unless told) at an instant. */
export function wallClock(value: Date | string | number, timeZone: string = TIME_ZONE): WallClock {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`not a date: ${String(value)}`);
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
