/**
 * Server-side paging of the lists (records, invoices, messages, the staff's and HR's lists,
 * employee memos, questionnaires, accessibility feedback): 1-based page numbers, and one row
 * more read than a page holds to tell whether a next page exists. The one Pager
 * (components/Pager.tsx) shows the links.
 */

export interface Page<T> {
  items: T[];
  page: number;
  hasNext: boolean;
}

/** The highest page number taken: no list is that long, so a larger number is the first page. */
const MAX_PAGE = 10_000;

/** A 1-based page number, from `?page=` or a caller; anything else (missing, 0, 1.5, text) is the first page. */
export function pageNumber(value: string | number | null): number {
  const n = value === null || value === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}

/**
 * The page of `size` items out of the rows read for it (at most `size + 1`, from
 * `(page - 1) * size`), each shown by `view` when given.
 */
export function pageOf<T>(rows: T[], page: number, size: number): Page<T>;
export function pageOf<T, V>(rows: T[], page: number, size: number, view: (row: T) => V): Page<V>;
export function pageOf<T, V>(rows: T[], page: number, size: number, view?: (row: T) => V): Page<T | V> {
  const items = rows.slice(0, size);
  return { items: view ? items.map(view) : items, page, hasNext: rows.length > size };
}
