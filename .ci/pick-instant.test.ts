import { describe, expect, it } from 'vitest';
import { parsePortalNow } from '../app/lib/clock.server';
import { formatInstant, fromHelsinki, helsinki, pickInstant, prng } from './pick-instant.mjs';

const FROM = Date.parse('2026-11-24T09:30:00Z');
const DAY = 86_400_000;

describe("CI's instant", () => {
  const picks = Array.from({ length: 2000 }, (_, n) => pickInstant(FROM, prng(n)));

  it('is a valid PORTAL_NOW within the next two years, with the Helsinki offset of that instant', () => {
    for (const { instant } of picks) {
      const at = parsePortalNow(instant);
      expect(at, instant).not.toBeNull();
      expect(at!.getTime()).toBeGreaterThan(FROM);
      expect(at!.getTime()).toBeLessThan(FROM + 731 * DAY);
      expect(instant.slice(-6)).toBe(helsinki(at!.getTime()).offsetMinutes === 180 ? '+03:00' : '+02:00');
    }
  });

  it('lands mostly on awkward instants: before midnight, weekends, the clock changes, 31 December, 29 February', () => {
    const wall = picks.map(({ instant }) => instant);
    const share = (test: (s: string) => boolean) => wall.filter(test).length / wall.length;
    expect(share((s) => s.slice(11, 13) === '23')).toBeGreaterThan(0.2);
    expect(share((s) => /^\d{4}-(03-(2[5-9]|3[01])|10-(2[5-9]|3[01]))T0[1-4]/.test(s))).toBeGreaterThan(0.1);
    expect(share((s) => s.slice(5, 10) === '12-31')).toBeGreaterThan(0.05);
    expect(share((s) => s.slice(5, 10) === '02-29')).toBeGreaterThan(0.03);
    expect(share((s) => [0, 5, 6].includes(new Date(`${s.slice(0, 10)}T12:00:00Z`).getUTCDay()))).toBeGreaterThan(0.5);
  });

  it('reads Helsinki wall-clock times across the clock changes', () => {
    expect(formatInstant(fromHelsinki(2027, 3, 28, 2, 30))).toBe('2027-03-28T02:30:00+02:00');
    // 03:30 does not exist that night: the clock shows 04:30.
    expect(formatInstant(fromHelsinki(2027, 3, 28, 3, 30))).toBe('2027-03-28T04:30:00+03:00');
    // 03:30 happens twice in October.
    expect(formatInstant(fromHelsinki(2027, 10, 31, 3, 30))).toBe('2027-10-31T03:30:00+03:00');
    expect(formatInstant(fromHelsinki(2027, 10, 31, 3, 30, true))).toBe('2027-10-31T03:30:00+02:00');
    expect(formatInstant(fromHelsinki(2026, 12, 31, 23, 50))).toBe('2026-12-31T23:50:00+02:00');
  });
});
