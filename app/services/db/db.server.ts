/**
 * The process-wide database handle. PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * PGlite data directory. Migrations and the seed are applied before the server starts
 * (scripts/start.ts), never from a request.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '~db/client';
import { pendingMigrations } from '~db/migration-state';
import migrationsJournal from '~db/migrations/meta/_journal.json';
import { env } from '~/env.server';
import { logger } from '~/services/observability/logger.server';

const globalForDb = globalThis as unknown as { __portalDb?: Promise<Database> };

export function databaseConfig() {
  const e = env();
  return e.DATABASE_URL
    ? {
        url: e.DATABASE_URL,
        poolSize: e.DATABASE_POOL_SIZE,
        onIdleClientError: (error: Error) => logger.warn({ err: error }, 'the database ended an idle connection; the pool opens a new one when needed'),
      }
    : { pgliteDataDir: e.PGLITE_DATA_DIR };
}

let migrationsSeenCurrent = false;

/**
 * Readiness (ADR 0039): the database answers, and every migration this build knows is applied
 * (drizzle's migrations table has the journal's newest entry or a newer one: a database that a
 * newer version already migrated during a rolling deploy is fine). Throws when the database does
 * not answer. Once current, only the ping is repeated (migrations are never taken back).
 */
export async function databaseReadiness(): Promise<'ready' | 'migrations pending'> {
  const { db } = await getDatabase();
  if (migrationsSeenCurrent) {
    await db.execute(sql`select 1`);
    return 'ready';
  }
  // The journal bundled with this build: the migrations this code expects.
  if ((await pendingMigrations(db, migrationsJournal.entries)).length > 0) return 'migrations pending';
  migrationsSeenCurrent = true;
  return 'ready';
}

/** Closes the process's database handle (its pool), if it was opened: the last step of a graceful stop. */
export async function closeDatabase(): Promise<void> {
  const opened = globalForDb.__portalDb;
  if (!opened) return;
  delete globalForDb.__portalDb;
  await (await opened).close();
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
