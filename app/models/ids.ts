/**
 * Database ids as they arrive in paths, payloads and GraphQL arguments: 1–15 digits (a bigint
 * serial fits, and Number() keeps it exact). One pattern for the route helpers
 * (`~/lib/http/params`) and the services that parse ids themselves. Pure and client-safe.
 */
export const DATABASE_ID_PATTERN = /^\d{1,15}$/;

/** Whether `value` has the shape of a database id. */
export function isDatabaseId(value: string | null | undefined): value is string {
  return typeof value === 'string' && DATABASE_ID_PATTERN.test(value);
}
