/**
 * Migrations (ADR 0039). Every instance applies the pending ones at start (scripts/start.ts) or
 * `npm run db:migrate` does. On PostgreSQL the whole step runs on ONE dedicated connection that
 * holds a session-level advisory lock around drizzle's migrator: instances starting together
 * queue on the lock, the first applies what is pending, the others then find nothing to do. A
 * starter that dies while holding it releases it with its connection (and drizzle's transaction
 * rolls back). PGlite is one process, so there is nothing to lock.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import * as schema from './schema';
import type { Database, Db, Schema } from './client';
import { pendingMigrations } from './migration-state';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The advisory lock's name (its key is `hashtext` of it); also taken by the seed (prepareDatabase). */
const MIGRATION_LOCK_NAME = 'patient-portal:migrate';

export interface JournalEntry {
  tag: string;
  /** drizzle's `folderMillis`: what `created_at` of drizzle.__drizzle_migrations records. */
  when: number;
}

/** The migrations this code base has, oldest first (db/migrations/meta/_journal.json). */
export function journalEntries(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export interface MigrateOptions {
  /** Called once when another starter holds the lock and this one waits for it. */
  onWait?: () => void;
  /** Called for each migration this call applied (after drizzle committed them). */
  onApplied?: (tag: string) => void;
}

/**
 * Runs `fn` while holding the migration lock. On PostgreSQL `fn` gets a handle on the lock's own
 * connection (so a pool of any size works, and whatever `fn` does is ordered by the lock).
 */
export async function withMigrationLock<T>(database: Database, fn: (db: Db) => Promise<T>, onWait?: () => void): Promise<T> {
  if (database.kind !== 'postgres') return fn(database.db);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const tried = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [MIGRATION_LOCK_NAME]);
    if (!tried.rows[0]?.locked) {
      onWait?.();
      await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK_NAME]);
    }
    try {
      return await fn(drizzlePg(client, { schema }) as unknown as Db);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK_NAME]).catch((error: Error) => {
        // The connection is gone, and the lock with it; the client is not put back in the pool.
        broken = error;
      });
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Applies pending migrations on `db`; the caller holds the lock (withMigrationLock). Returns the applied tags. */
export async function applyMigrations(db: Db, kind: Database['kind'], options: MigrateOptions = {}): Promise<string[]> {
  // drizzle applies each journal entry newer than the newest applied one, all in one transaction.
  const pending = await pendingMigrations(db, journalEntries());
  if (pending.length === 0) return [];
  if (kind === 'postgres') {
    await migratePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  }
  for (const entry of pending) options.onApplied?.(entry.tag);
  return pending.map((entry) => entry.tag);
}

/** Applies pending migrations under the lock (idempotent; drizzle records what ran in __drizzle_migrations). */
export async function runMigrations(database: Database, options: MigrateOptions = {}): Promise<string[]> {
  return withMigrationLock(database, (db) => applyMigrations(db, database.kind, options), options.onWait);
}
