/**
 * Prepared queries for the statements every page view runs (the session lookup, an appointment
 * by id, the access log): drizzle builds a query's SQL text anew on every call, which cost more
 * of a logged-in page's server time than the database's answer did (ADR 0010). A prepared query
 * is built once per database handle, with `sql.placeholder` for the values; on PostgreSQL it is
 * also a named statement, parsed once per pooled connection instead of on every call.
 *
 * A statement's name is its text's: one name must always stand for the same query.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './db.server';

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/** The prepared query `name` of `db`, built by `build` the first time it is asked for. */
export function prepared<P>(db: Db, name: string, build: (db: Db) => { prepare(name: string): P }): P {
  let queries = preparedByDb.get(db);
  if (!queries) preparedByDb.set(db, (queries = new Map()));
  let query = queries.get(name) as P | undefined;
  if (query === undefined) {
    query = build(db).prepare(name);
    queries.set(name, query);
  }
  return query;
}

/**
 * `column` is one of `values` (a placeholder given `placeholderValue(values)`): `= $n` for a
 * single value, `= any($n)` for a list. With a list the planner makes a new plan on every call
 * (its generic plan looks dearer than a plan for the values at hand), and planning cost more than
 * running these queries; with a single value it keeps one plan per connection. The two forms are
 * two statements: name them with `listVariant(values)`.
 */
export function isOneOf(column: SQLWrapper, placeholder: string, values: readonly unknown[]): SQL {
  return values.length === 1 ? sql`${column} = ${sql.placeholder(placeholder)}` : sql`${column} = any(${sql.placeholder(placeholder)})`;
}

/** The value `isOneOf`'s placeholder takes for `values`. */
export const placeholderValue = <T>(values: readonly T[]): T | readonly T[] => (values.length === 1 ? values[0]! : values);

/** The part of a statement's name that tells `isOneOf`'s two forms apart. */
export const listVariant = (values: readonly unknown[]): string => (values.length === 1 ? 'one' : 'many');
