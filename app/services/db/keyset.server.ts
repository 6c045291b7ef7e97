/**
 * Keyset paging newest first, for what is read in batches to its end (the "download my data"
 * exports of the records and the appointments, ADR 0035): each batch continues below the last
 * row of the one before on (key, id), so years of rows are never in memory at once and no batch
 * reads an earlier one again.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Rows per batch. */
export const KEYSET_BATCH = 200;

/** The batches `fetch` reads (`after`: the last row of the batch before, null for the first), until a short one. */
export async function* keyset<T>(fetch: (after: T | null) => Promise<T[]>): AsyncGenerator<T[]> {
  let last: T | null = null;
  for (;;) {
    const rows = await fetch(last);
    if (rows.length) yield rows;
    if (rows.length < KEYSET_BATCH) return;
    last = rows[rows.length - 1]!;
  }
}

/** `(key, id) < (value, id)`: the rows after the last one of a batch in newest-first order. */
export const below = (key: AnyColumn, id: AnyColumn, keyValue: string, idValue: number, type: 'date' | 'timestamptz'): SQL =>
  type === 'date' ? sql`(${key}, ${id}) < (${keyValue}::date, ${idValue}::bigint)` : sql`(${key}, ${id}) < (${keyValue}::timestamptz, ${idValue}::bigint)`;
