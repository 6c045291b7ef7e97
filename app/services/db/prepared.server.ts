/**
 * Prepared queries for the statements every page view runs (the session lookup, an appointment
 * by id, the access log): drizzle builds a query's SQL text anew on every call, which cost more
 * of a logged-in page's server time than the database's answer did (ADR 0010). A prepared query
 * is built once per database handle, with `sql.placeholder` for the values; on PostgreSQL it is
 * also a named statement, parsed once per pooled connection instead of on every call.
 *
 * A statement's name is its text's: one name must always stand for the same query.
 */
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
