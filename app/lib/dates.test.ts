import { describe, expect, it } from 'vitest';
import { addDays, addMonth, daysBetween, helsinkiDate, helsinkiInstant, htmlDateTime, isDate, isoWeekday, TIME_ZONE, wallClock } from './dates';

describe('Helsinki wall clock', () => {
  it('is the portal time zone', () => {
    expect(TIME_ZONE).toBe('Europe/Helsinki');
  });

  it('reads an instant in winter (UTC+2) and summer (UTC+3) time', () => {
    expect(wallClock('2026-03-15T12:30:00Z')).toEqual({ year: 2026, month: 3, day: 15, hour: 14, minute: 30, second: 0, weekday: 7 });
    expect(wallClock('2026-07-01T21:15:09Z')).toEqual({ year: 2026, month: 7, day: 2, hour: 0, minute: 15, second: 9, weekday: 4 });
  });

  it('reads midnight as hour 0, not 24', () => {
    expect(wallClock('2026-01-01T22:00:00Z').hour).toBe(0);
  });

  it('reads another zone when told', () => {
    expect(wallClock('2026-03-15T12:30:00Z', 'UTC').hour).toBe(12);
  });

  it('gives the Helsinki calendar date, which may differ from the UTC date', () => {
    expect(helsinkiDate('2026-07-01T21:15:00Z')).toBe('2026-07-02');
    expect(helsinkiDate(new Date('2026-12-31T21:59:59Z'))).toBe('2026-12-31');
    expect(helsinkiDate(Date.parse('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
  });

  it('refuses an invalid date', () => {
    expect(() => wallClock('nonsense')).toThrow(RangeError);
  });
});

describe('wall clock for many instants (offsets kept per quarter hour)', () => {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  /**
   * The reference, read another way than the module reads it: Intl's Swedish date and time as
   * text (`2026-04-05 01:30:00`, ISO-like), parsed back; the weekday from the date alone.
   */
  function reference(instant: number, timeZone: string) {
    let formatter = formatters.get(timeZone);
    if (!formatter) formatters.set(timeZone, (formatter = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' })));
    const text = formatter.format(new Date(instant));
    const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
    if (!match) throw new Error(`unexpected reference text: ${text}`);
    const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;
    return { year, month, day, hour, minute, second, weekday };
  }

  /** The instants (ISO) where wallClock and Intl disagree. */
  function disagreements(zone: string, from: number, until: number, step: number): string[] {
    const found: string[] = [];
    for (let instant = from; instant < until; instant += step) {
      if (JSON.stringify(wallClock(instant, zone)) !== JSON.stringify(reference(instant, zone))) found.push(new Date(instant).toISOString());
    }
    return found;
  }

  // Helsinki, zones with half-hour offsets, one whose clocks move by half an hour, and UTC.
  for (const zone of ['Europe/Helsinki', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns', 'UTC']) {
    it(`agrees with Intl in ${zone} over two years`, () => {
      // A step that is no multiple of a minute visits many seconds-of-the-minute and milliseconds.
      expect(disagreements(zone, Date.parse('2026-01-01T00:00:00Z'), Date.parse('2028-01-01T00:00:00Z'), 47 * 60_000 + 13_457)).toEqual([]);
    });
  }

  it('agrees with Intl on every minute around clock changes, and before 1970', () => {
    const around = (zone: string, iso: string) => disagreements(zone, Date.parse(iso) - 3_600_000, Date.parse(iso) + 3_600_000, 59_999);
    expect(around('Europe/Helsinki', '2026-03-29T01:00:00Z')).toEqual([]);
    expect(around('Europe/Helsinki', '2026-10-25T01:00:00Z')).toEqual([]);
    // Lord Howe Island moves its clocks by half an hour, at 2:00 local time.
    expect(around('Australia/Lord_Howe', '2026-04-04T15:00:00Z')).toEqual([]);
    expect(around('Australia/Lord_Howe', '2026-10-03T15:30:00Z')).toEqual([]);
    expect(around('Europe/Helsinki', '1950-06-01T00:00:00Z')).toEqual([]);
    expect(around('Europe/Helsinki', '1921-04-30T22:20:11Z')).toEqual([]);
  });
});

describe('Helsinki wall-clock time as an instant', () => {
  it('uses the offset of the day (winter +2, summer +3)', () => {
    expect(helsinkiInstant('2026-03-15', 14, 30).toISOString()).toBe('2026-03-15T12:30:00.000Z');
    expect(helsinkiInstant('2026-07-02', 0, 15).toISOString()).toBe('2026-07-01T21:15:00.000Z');
    expect(helsinkiInstant('2026-07-02').toISOString()).toBe('2026-07-01T21:00:00.000Z');
  });

  it('handles the days the clocks change', () => {
    // 29.3.2026 03:00 EET → 04:00 EEST; 02:30 exists (EET), 03:30 does not (taken as EET), 04:30 is EEST.
    expect(helsinkiInstant('2026-03-29', 2, 30).toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(helsinkiInstant('2026-03-29', 3, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(helsinkiInstant('2026-03-29', 4, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25.10.2026 04:00 EEST → 03:00 EET; 03:30 happens twice, the second (EET) is taken.
    expect(helsinkiInstant('2026-10-25', 2, 30).toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(helsinkiInstant('2026-10-25', 3, 30).toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(helsinkiInstant('2026-10-25', 12, 0).toISOString()).toBe('2026-10-25T10:00:00.000Z');
  });

  it('round-trips with helsinkiDate and wallClock for every hour of a year', () => {
    for (let day = 0; day < 366; day += 1) {
      const date = addDays('2026-01-01', day);
      for (const hour of [0, 5, 12, 23]) {
        const instant = helsinkiInstant(date, hour, 15);
        expect(helsinkiDate(instant)).toBe(date);
        expect(wallClock(instant).hour).toBe(hour);
      }
    }
  });

  it('refuses a non-date', () => {
    expect(() => helsinkiInstant('2026-02-30')).toThrow(RangeError);
  });
});

describe('calendar-day arithmetic', () => {
  it('validates YYYY-MM-DD dates', () => {
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2026-1-01')).toBe(false);
    expect(isDate('2026-13-01')).toBe(false);
  });

  it('adds days across months, years and the clock changes', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds a month, keeping to the last day of a shorter month', () => {
    expect(addMonth('2026-01-31')).toBe('2026-02-28');
    expect(addMonth('2028-01-31')).toBe('2028-02-29');
    expect(addMonth('2026-12-15')).toBe('2027-01-15');
  });

  it('counts days between dates', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-26', '2026-10-24')).toBe(-2);
  });

  it('gives ISO weekdays', () => {
    expect(isoWeekday('2026-06-01')).toBe(1);
    expect(isoWeekday('2026-06-07')).toBe(7);
  });
});

describe('htmlDateTime (a <time datetime> value)', () => {
  /** HTML's valid global date and time string, as the Nu Html Checker reads it, and a valid date string. */
  const VALID = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

  it('cuts a second’s fraction to milliseconds (PostgreSQL keeps microseconds)', () => {
    expect(htmlDateTime('2026-12-04T04:07:34.905000Z')).toBe('2026-12-04T04:07:34.905Z');
    expect(htmlDateTime('2026-12-04T04:07:34.905999Z')).toBe('2026-12-04T04:07:34.905Z');
    expect(htmlDateTime('2026-12-04T04:07:34.9Z')).toBe('2026-12-04T04:07:34.900Z');
    expect(htmlDateTime('2026-12-04T04:07:34Z')).toBe('2026-12-04T04:07:34.000Z');
  });

  it('writes an instant in UTC whatever its offset, and a Date as it is', () => {
    expect(htmlDateTime('2027-03-28T03:30:00.123456+03:00')).toBe('2027-03-28T00:30:00.123Z');
    expect(htmlDateTime(new Date(Date.UTC(2026, 11, 31, 22, 0, 0, 7)))).toBe('2026-12-31T22:00:00.007Z');
  });

  it('passes a calendar date as it is', () => {
    expect(htmlDateTime('2028-02-29')).toBe('2028-02-29');
  });

  it('always gives what HTML accepts', () => {
    for (const value of ['2026-12-04T04:07:34.905000Z', '2026-12-04T04:07:34.1234567+02:00', '2026-12-04T04:07:34Z', '2026-12-04']) {
      expect(htmlDateTime(value)).toMatch(VALID);
    }
  });

  it('refuses what is not an instant or a date', () => {
    for (const value of ['', 'yesterday', '2026-12-04 04:07:34Z', '2026-12-04T04:07Z', '2026-13-45T04:07:34Z', '2026-02-30']) {
      expect(() => htmlDateTime(value), value).toThrow(RangeError);
    }
  });
});
