/**
 * What drizzle's migrations table says (db/migrate.ts applies, /readyz compares; ADR 0039). Kept
 * apart from the migrator so that the server bundle does not take the migrator in.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The newest applied migration's `created_at` (its journal entry's `when`), or null before the first migration. */
async function newestAppliedMigration(db: Db): Promise<number | null> {
  const present = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(present as unknown as { rows: { present: boolean }[] }).rows[0]?.present) return null;
  const result = await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`);
  const newest = (result as unknown as { rows: { newest: string | null }[] }).rows[0]?.newest;
  return newest === null || newest === undefined ? null : Number(newest);
}

/**
 * The journal entries drizzle would still apply: those newer than the newest applied one
 * (drizzle's own rule). None when the database is current or ahead (a newer version migrated it).
 */
export async function pendingMigrations<T extends { when: number }>(db: Db, journal: readonly T[]): Promise<T[]> {
  const newest = await newestAppliedMigration(db);
  return journal.filter((entry) => newest === null || entry.when > newest);
}
