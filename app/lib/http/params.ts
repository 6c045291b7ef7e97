/**
 * Route parameters that name a row: a database id is 1–15 digits. Anything else is answered as
 * a row that does not exist (404), before any query, so a malformed id and someone else's id
 * look the same.
 */
import { isDatabaseId } from '~/models/ids';
import { notFound } from './responses';

/** Whether `value` has the shape of a database id (1–15 digits). */
export function isIdParam(value: string | null | undefined): value is string {
  return isDatabaseId(value);
}

/** The id in `params[name]` as a number; throws notFound() when it is missing or not 1–15 digits. */
export function idParam(params: Readonly<Record<string, string | undefined>>, name = 'id'): number {
  const value = params[name];
  if (!isIdParam(value)) throw notFound();
  return Number(value);
}

/** The id in `value` as a number, or null when it is not 1–15 digits (the caller answers 404). */
export function numericId(value: string | null | undefined): number | null {
  return isIdParam(value) ? Number(value) : null;
}
