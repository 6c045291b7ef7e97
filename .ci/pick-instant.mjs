#!/usr/bin/env node
/**
 * Picks the instant a CI run tests the portal at (PORTAL_NOW): any time in the next two years,
 * weighted toward the awkward ones in Europe/Helsinki — just before and after midnight, weekend
 * evenings, the nights the clocks change, 31 December and 29 February. Prints it as ISO 8601
 * with the Helsinki offset of that instant, e.g. 2027-03-28T02:30:00+02:00.
 *
 * Plain Node (no dependencies): .ci/run calls it before `npm ci`. `--seed N` makes the choice
 * repeatable (the unit test uses it); `--count N` prints N picks, one a line.
 */
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const ZONE = 'Europe/Helsinki';
const MINUTE = 60_000;
const DAY = 86_400_000;
const HORIZON_DAYS = 730;

/** mulberry32: a small seeded PRNG. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
});

/** The Helsinki wall clock of an instant. */
export function helsinki(ms) {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return { ...p, offsetMinutes: Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE) };
}

/** ISO 8601 with the Helsinki offset of that instant (seconds kept, milliseconds dropped). */
export function formatInstant(ms) {
  const h = helsinki(ms);
  const sign = h.offsetMinutes < 0 ? '-' : '+';
  const off = Math.abs(h.offsetMinutes);
  const hh = String(Math.floor(off / 60)).padStart(2, '0');
  const mm = String(off % 60).padStart(2, '0');
  return `${h.year}-${h.month}-${h.day}T${h.hour}:${h.minute}:${h.second}${sign}${hh}:${mm}`;
}

/**
 * The instant of a Helsinki wall-clock time. A time the spring change skips (03:00–03:59 on the
 * last Sunday of March) comes out an hour later, as a clock would show it; of the autumn's
 * repeated hour, the first occurrence, or the second with `later`.
 */
export function fromHelsinki(year, month, day, hour, minute, later = false) {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const matches = [180, 120]
    .map((offset) => wall - offset * MINUTE)
    .filter((ms) => {
      const h = helsinki(ms);
      return +h.day === day && +h.hour === hour && +h.minute === minute;
    });
  if (matches.length === 0) return wall - 120 * MINUTE;
  return later ? matches[matches.length - 1] : matches[0];
}

/** Last Sunday of a month (the EU's clock-change day). */
function lastSunday(year, month) {
  const last = new Date(Date.UTC(year, month, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/** The candidate kinds and their weights: most runs land on an awkward instant. */
export const KINDS = [
  ['any', 3],
  ['beforeMidnight', 3],
  ['afterMidnight', 1],
  ['weekendEvening', 2],
  ['dstStart', 2],
  ['dstEnd', 2],
  ['newYearsEve', 2],
  ['leapDay', 1],
];

export function pickInstant(fromMs, random = Math.random) {
  const toMs = fromMs + HORIZON_DAYS * DAY;
  const within = (ms) => ms > fromMs + MINUTE && ms < toMs;
  const randomDay = () => {
    const h = helsinki(fromMs + Math.floor(random() * HORIZON_DAYS) * DAY);
    return [+h.year, +h.month, +h.day];
  };
  const minuteIn = (from, to) => from + Math.floor(random() * (to - from));
  const years = [...new Set([0, 1, 2].map((n) => +helsinki(fromMs).year + n))];
  const pickOf = (candidates) => {
    const inside = candidates.filter(within);
    return inside.length ? inside[Math.floor(random() * inside.length)] : null;
  };

  const total = KINDS.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  let kind = KINDS[0][0];
  for (const [name, weight] of KINDS) {
    if ((roll -= weight) < 0) {
      kind = name;
      break;
    }
  }

  let ms = null;
  switch (kind) {
    case 'beforeMidnight': {
      const [y, m, d] = randomDay();
      ms = fromHelsinki(y, m, d, 23, minuteIn(30, 60));
      break;
    }
    case 'afterMidnight': {
      const [y, m, d] = randomDay();
      ms = fromHelsinki(y, m, d, 0, minuteIn(0, 30));
      break;
    }
    case 'weekendEvening': {
      // A Friday, Saturday or Sunday, 18:00–23:59.
      for (let tries = 0; tries < 50 && ms === null; tries++) {
        const [y, m, d] = randomDay();
        const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
        if ([5, 6, 0].includes(weekday)) ms = fromHelsinki(y, m, d, 18 + Math.floor(random() * 6), minuteIn(0, 60));
      }
      break;
    }
    case 'dstStart':
      // The night of the last Sunday of March, 01:00–04:59 (03:00–03:59 does not exist).
      ms = pickOf(years.map((y) => fromHelsinki(y, 3, lastSunday(y, 3), 1 + Math.floor(random() * 4), minuteIn(0, 60))));
      break;
    case 'dstEnd':
      // The night of the last Sunday of October, 01:00–04:59 (03:00–03:59 happens twice).
      ms = pickOf(years.map((y) => fromHelsinki(y, 10, lastSunday(y, 10), 1 + Math.floor(random() * 4), minuteIn(0, 60), random() < 0.5)));
      break;
    case 'newYearsEve':
      ms = pickOf(years.map((y) => fromHelsinki(y, 12, 31, random() < 0.7 ? 23 : Math.floor(random() * 23), minuteIn(0, 60))));
      break;
    case 'leapDay':
      ms = pickOf(
        years.filter((y) => new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1).map((y) => fromHelsinki(y, 2, 29, Math.floor(random() * 24), minuteIn(0, 60))),
      );
      break;
  }
  if (ms === null || !within(ms)) ms = fromMs + MINUTE + Math.floor(random() * (HORIZON_DAYS * DAY - 2 * MINUTE));
  return { kind, instant: formatInstant(ms) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : Number(args[i + 1]);
  };
  const seed = option('--seed');
  const random = seed === undefined ? Math.random : prng(seed);
  // The real time on purpose: CI picks an instant from today on.
  const from = Date.now();
  for (let n = 0; n < (option('--count') ?? 1); n++) process.stdout.write(`${pickInstant(from, random).instant}\n`);
}
