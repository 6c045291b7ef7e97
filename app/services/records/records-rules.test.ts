import { describe, expect, it } from 'vitest';
import { ageOn, guardianSeesRecords } from '~/models/person';
import {
  CERTIFICATES_SINCE_INSTANT,
  labDayState,
  referenceRangeText,
  referralStatus,
  relativeDate,
  relativeDay,
  resultNumberText,
  validityHint,
} from './records-rules';

describe('reference range text (spec 3 §9)', () => {
  it('shows min–max, >min or <max followed by the unit', () => {
    expect(referenceRangeText('3.4', '8.2', 'E9/l', 'fi')).toBe('3,4–8,2 E9/l');
    expect(referenceRangeText('3.4', '8.2', 'E9/l', 'en')).toBe('3.4–8.2 E9/l');
    expect(referenceRangeText('150', null, 'pmol/l', 'sv')).toBe('>150 pmol/l');
    expect(referenceRangeText(null, '3.0', 'mmol/l', 'fi')).toBe('<3,0 mmol/l');
    expect(referenceRangeText(null, '10', null, 'en')).toBe('<10');
    expect(referenceRangeText(null, null, 'g/l', 'fi')).toBeNull();
  });

  it('writes numeric results with their prefix', () => {
    expect(resultNumberText('3', 'lessThan', 'fi')).toBe('< 3');
    expect(resultNumberText('5.40', 'greaterThanOrEqual', 'fi')).toBe('≥ 5,40');
    expect(resultNumberText('90', 'greaterThan', 'en')).toBe('> 90');
    expect(resultNumberText('0.5', 'lessThanOrEqual', 'en')).toBe('≤ 0.5');
    expect(resultNumberText('128', null, 'sv')).toBe('128');
  });
});

describe('lab day state', () => {
  it('is Ready only when every item is ready', () => {
    expect(labDayState([{ isReady: true }, { isReady: true }])).toBe('ready');
    expect(labDayState([{ isReady: true }, { isReady: false }])).toBe('pending');
    expect(labDayState([])).toBe('pending');
  });
});

describe('referral validity', () => {
  it('is valid through its last day', () => {
    expect(referralStatus('2026-03-10', '2026-03-10')).toBe('valid');
    expect(referralStatus('2026-03-10', '2026-03-11')).toBe('expired');
  });
});

describe('validity hint (spec 3 §9)', () => {
  const today = '2026-03-02'; // a Monday
  it('says today, tomorrow, the weekday within a week', () => {
    expect(validityHint('2026-03-02', today)).toEqual({ kind: 'today' });
    expect(validityHint('2026-03-03', today)).toEqual({ kind: 'tomorrow' });
    expect(validityHint('2026-03-06', today)).toEqual({ kind: 'weekday', weekday: 5 });
    expect(validityHint('2026-03-09', today)).toEqual({ kind: 'weekday', weekday: 1 });
  });
  it('counts weeks 8–26 days away, the date up to 30 days, nothing beyond or once past', () => {
    expect(validityHint('2026-03-10', today)).toEqual({ kind: 'weeks', weeks: 1 });
    expect(validityHint('2026-03-16', today)).toEqual({ kind: 'weeks', weeks: 2 });
    expect(validityHint('2026-03-28', today)).toEqual({ kind: 'weeks', weeks: 4 });
    expect(validityHint('2026-03-29', today)).toEqual({ kind: 'date', date: '2026-03-29' });
    expect(validityHint('2026-04-01', today)).toEqual({ kind: 'date', date: '2026-04-01' });
    expect(validityHint('2026-04-02', today)).toBeNull();
    expect(validityHint('2026-03-01', today)).toBeNull();
  });
});

describe('relative dates (spec 3 §9)', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  it('is relative within 24 hours', () => {
    expect(relativeDate(ago(0), now)).toEqual({ kind: 'justNow' });
    expect(relativeDate(new Date(now.getTime() + 60_000), now)).toEqual({ kind: 'justNow' });
    expect(relativeDate(ago(5), now)).toEqual({ kind: 'minutes', minutes: 5 });
    expect(relativeDate(ago(59), now)).toEqual({ kind: 'minutes', minutes: 59 });
    expect(relativeDate(ago(60), now)).toEqual({ kind: 'hours', hours: 1 });
    expect(relativeDate(ago(24 * 60 - 1), now)).toEqual({ kind: 'hours', hours: 23 });
  });
  it('says Yesterday for 24–48 hours, then a date (Helsinki)', () => {
    expect(relativeDate(ago(24 * 60), now)).toEqual({ kind: 'yesterday' });
    expect(relativeDate(ago(48 * 60 - 1), now)).toEqual({ kind: 'yesterday' });
    expect(relativeDate(new Date('2026-02-27T22:30:00Z'), now)).toEqual({ kind: 'date', date: '2026-02-28' });
  });
});

describe('guardian record policy (ADR 0016)', () => {
  it('lets a guardian see records until the ward turns 12', () => {
    expect(ageOn('2014-03-03', '2026-03-02')).toBe(11);
    expect(guardianSeesRecords('2014-03-03', '2026-03-02')).toBe(true);
    expect(ageOn('2014-03-02', '2026-03-02')).toBe(12);
    expect(guardianSeesRecords('2014-03-02', '2026-03-02')).toBe(false);
    expect(guardianSeesRecords('2018-05-12', '2026-11-24')).toBe(true);
  });
});

describe('relative day of date-only items', () => {
  it('says Yesterday the day after, else the date', () => {
    expect(relativeDay('2026-03-01', '2026-03-02')).toEqual({ kind: 'yesterday' });
    expect(relativeDay('2026-03-02', '2026-03-02')).toEqual({ kind: 'date', date: '2026-03-02' });
    expect(relativeDay('2026-02-27', '2026-03-02')).toEqual({ kind: 'date', date: '2026-02-27' });
  });
});

describe('certificates shown since (spec 2 §9)', () => {
  it('is the first of January 2022 at midnight in Helsinki (UTC+2 in winter)', () => {
    expect(CERTIFICATES_SINCE_INSTANT.toISOString()).toBe('2021-12-31T22:00:00.000Z');
  });
});
