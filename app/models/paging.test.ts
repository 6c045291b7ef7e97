import { describe, expect, it } from 'vitest';
import { pageNumber, pageOf } from './paging';

describe('pageNumber', () => {
  it('reads a positive whole page, from the address or a caller, else 1', () => {
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber(3)).toBe(3);
    expect(pageNumber(null)).toBe(1);
    expect(pageNumber('')).toBe(1);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber(-2)).toBe(1);
    expect(pageNumber('1.5')).toBe(1);
    expect(pageNumber('abc')).toBe(1);
    expect(pageNumber('10000')).toBe(10_000);
    expect(pageNumber('10001')).toBe(1);
    expect(pageNumber(Number.MAX_SAFE_INTEGER + 2)).toBe(1);
  });
});

describe('pageOf', () => {
  it('keeps the page’s items and tells a next page by the one row more', () => {
    expect(pageOf([1, 2, 3], 2, 2)).toEqual({ items: [1, 2], page: 2, hasNext: true });
    expect(pageOf([1, 2], 2, 2)).toEqual({ items: [1, 2], page: 2, hasNext: false });
    expect(pageOf([], 1, 2)).toEqual({ items: [], page: 1, hasNext: false });
    expect(pageOf([1, 2, 3], 1, 2, (n) => `#${n}`)).toEqual({ items: ['#1', '#2'], page: 1, hasNext: true });
  });
});
