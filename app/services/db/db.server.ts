/**
 * The process-wide database handle. PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * PGlite data directory. Migrations and the seed are applied before the server starts
 * (scripts/start.ts), never from a request.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '~db/client';
import { env } from '~/env.server';

const globalForDb = globalThis as unknown as { __portalDb?: Promise<Database> };

export function databaseConfig() {
  const e = env();
  return e.DATABASE_URL
    ? { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
    : { pgliteDataDir: e.PGLITE_DATA_DIR };
}

/** Readiness: the database answers a trivial query (throws when it does not). */
export async function pingDatabase(): Promise<void> {
  await (await getDatabase()).db.execute(sql`select 1`);
}

export function getDatabase(): Promise<Database> {
  globalForDb.__portalDb ??= openDatabase(databaseConfig());
  return globalForDb.__portalDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/**
 * Runs `fn` in one transaction on `db` and answers what it answers; a throw rolls the whole
 * transaction back. `fn` gets a handle of the same `Db` type, so services and helpers such as
 * `logAccess` take it as they take the process-wide handle (no casts). Inside a transaction a
 * nested call opens a savepoint.
 */
export function withTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx));
}

export type { Db };
