/**
 * The period filter of "who has handled my data" (a plain GET form, ADR 0033) and its keyset
 * cursor. Client-safe; the loader parses the query string with it and shows its errors.
 */
import { z } from 'zod';
import type { TextKey } from '~/i18n/keys';
import { isDate } from '~/lib/dates';

const day = z
  .string()
  .trim()
  .refine((value) => value === '' || isDate(value), { message: 'accessLog.errors.date' satisfies TextKey })
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** `from` and `to` are Helsinki calendar days, both included; either may be left out. */
export const accessLogFilterSchema = z
  .object({ from: day, to: day })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: 'accessLog.errors.order' satisfies TextKey, path: ['to'] });

export type AccessLogFilter = z.infer<typeof accessLogFilterSchema>;

/** Where the next page starts: just after this row in (at, id) descending order. */
export interface AccessLogCursor {
  /** The row's `at` to the microsecond, ISO 8601 in UTC. */
  at: string;
  id: number;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,18})$/;

export function formatCursor(cursor: AccessLogCursor): string {
  return `${cursor.at}_${cursor.id}`;
}

/** `?before=` as a cursor; anything malformed is the first page. */
export function parseCursor(value: string | null): AccessLogCursor | null {
  const match = value ? CURSOR.exec(value) : null;
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || Number.isNaN(Date.parse(match[1]!))) return null;
  return { at: match[1]!, id };
}
