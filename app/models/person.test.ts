import { describe, expect, it } from 'vitest';
import { AGE_OF_MAJORITY, GUARDIAN_BOOKS_UNTIL_AGE, GUARDIAN_RECORDS_AGE_LIMIT, ageOn, guardianBooksFor, guardianSeesRecords, isMinorOn } from './person';

describe('ageOn (one rule for every area)', () => {
  it('counts the birthday itself, not the day before', () => {
    expect(ageOn('2008-05-12', '2026-05-11')).toBe(17);
    expect(ageOn('2008-05-12', '2026-05-12')).toBe(18);
    expect(ageOn('2008-05-12', '2026-05-13')).toBe(18);
  });

  it('reaches an age on 28 February in common years when born on 29 February (Act 150/1930 § 3)', () => {
    expect(ageOn('2008-02-29', '2026-02-27')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(18);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('uses 29 February itself in leap years', () => {
    expect(ageOn('2008-02-29', '2028-02-28')).toBe(19);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
    // 2100 is not a leap year (divisible by 100, not by 400); 2000 was.
    expect(ageOn('2000-02-29', '2100-02-28')).toBe(100);
    expect(ageOn('2000-02-29', '2100-02-27')).toBe(99);
  });

  it('is unaffected by a leap day in the year counted for other birthdays', () => {
    expect(ageOn('2007-03-01', '2026-02-28')).toBe(18);
    expect(ageOn('2008-03-01', '2026-02-28')).toBe(17);
    expect(ageOn('2008-03-01', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-28', '2028-02-28')).toBe(20);
  });

  it('counts across the turn of the year', () => {
    expect(ageOn('2007-12-31', '2025-12-30')).toBe(17);
    expect(ageOn('2007-12-31', '2025-12-31')).toBe(18);
    expect(ageOn('2008-01-01', '2025-12-31')).toBe(17);
    expect(ageOn('2008-01-01', '2026-01-01')).toBe(18);
  });

  it('throws for an impossible date', () => {
    expect(() => ageOn('2007-02-29', '2026-01-01')).toThrow(RangeError);
    expect(() => ageOn('2008-02-29', '2026-02-29')).toThrow(RangeError);
  });
});

describe('the age limits', () => {
  it('are the spec’s and the ADRs’ numbers', () => {
    expect(AGE_OF_MAJORITY).toBe(18);
    expect(GUARDIAN_BOOKS_UNTIL_AGE).toBe(11);
    expect(GUARDIAN_RECORDS_AGE_LIMIT).toBe(12);
  });

  it('a minor is under 18: not on the 18th birthday, nor on 28 February for a leap-day birthday', () => {
    expect(isMinorOn('2008-05-12', '2026-05-11')).toBe(true);
    expect(isMinorOn('2008-05-12', '2026-05-12')).toBe(false);
    expect(isMinorOn('2008-02-29', '2026-02-27')).toBe(true);
    expect(isMinorOn('2008-02-29', '2026-02-28')).toBe(false);
  });

  it('the guardian books for a ward of 11 or younger, up to the day before the 12th birthday', () => {
    expect(guardianBooksFor('2014-05-12', '2026-05-11')).toBe(true);
    expect(guardianBooksFor('2014-05-12', '2026-05-12')).toBe(false);
    expect(guardianBooksFor('2012-02-29', '2024-02-28')).toBe(true);
    expect(guardianBooksFor('2012-02-29', '2024-02-29')).toBe(false);
  });

  it('the guardian sees records of a ward under 12, and the limits of booking and records agree', () => {
    expect(guardianSeesRecords('2014-05-12', '2026-05-11')).toBe(true);
    expect(guardianSeesRecords('2014-05-12', '2026-05-12')).toBe(false);
    expect(guardianSeesRecords('2010-02-28', '2022-02-28')).toBe(false);
    for (const day of ['2026-05-11', '2026-05-12', '2026-05-13']) {
      expect(guardianSeesRecords('2014-05-12', day)).toBe(guardianBooksFor('2014-05-12', day));
    }
  });
});
