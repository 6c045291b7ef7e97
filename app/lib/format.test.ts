import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatTime, helsinkiDate } from './format';

describe('date formatting in Helsinki time', () => {
  // 2026-03-15 12:30 UTC = 14:30 in Helsinki (EET, UTC+2)
  const winter = '2026-03-15T12:30:00Z';
  // 2026-07-01 21:15 UTC = 2.7. 00:15 in Helsinki (EEST, UTC+3): the date changes too
  const summerMidnight = '2026-07-01T21:15:00Z';

  it('uses D.M.YYYY H:mm for Finnish and Swedish', () => {
    expect(formatDateTime(winter, 'fi')).toBe('15.3.2026 14:30');
    expect(formatDateTime(winter, 'sv')).toBe('15.3.2026 14:30');
    expect(formatDateTime(summerMidnight, 'fi')).toBe('2.7.2026 0:15');
  });

  it('uses a month name in English', () => {
    expect(formatDate(winter, 'en')).toBe('15 March 2026');
    expect(formatDateTime(summerMidnight, 'en')).toBe('2 July 2026, 00:15');
  });

  it('converts to Helsinki regardless of the process zone', () => {
    expect(formatTime(new Date(winter), 'fi')).toBe('14:30');
    expect(helsinkiDate(summerMidnight)).toBe('2026-07-02');
  });
});

describe('money from cents', () => {
  it('formats fi-FI for Finnish and Swedish, en-GB for English', () => {
    expect(formatMoney(12345, 'fi').replace(/\s/g, ' ')).toBe('123,45 €');
    expect(formatMoney(12345, 'sv').replace(/\s/g, ' ')).toBe('123,45 €');
    expect(formatMoney(12345, 'en')).toBe('€123.45');
    expect(formatMoney(500, 'en')).toBe('€5.00');
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatMoney(1.5, 'fi')).toThrow();
  });
});
