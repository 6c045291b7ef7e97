/**
 * The start-up's database step (`npm start`, `npm run dev`): apply the migrations, then seed
 * the demo data into an empty database, but never in production. The demo persons' identity
 * codes and anonymous links are public (README), so a production database must not get them.
 *
 * Both under the migration lock (db/migrate.ts, ADR 0039): instances started together on an
 * empty database apply each migration once and seed once.
 */
import type { Database } from '../db/client';
import { applyMigrations, withMigrationLock, type MigrateOptions } from '../db/migrate';
import type { SeededLink } from '../db/seed';
import type { Env } from '../app/env.server';
import { clock } from '../app/lib/clock.server';

/** Demo data belongs to development and test deployments only. */
function seedsDemoData(env: Pick<Env, 'DEPLOYMENT_ENV'>): boolean {
  return env.DEPLOYMENT_ENV !== 'production';
}

/** Migrates; seeds an empty database outside production. Returns the seeded links, or null. */
export async function prepareDatabase(
  database: Database,
  env: Pick<Env, 'DEPLOYMENT_ENV'>,
  now = clock.now(),
  options: MigrateOptions = {},
): Promise<SeededLink[] | null> {
  return withMigrationLock(
    database,
    async (db) => {
      await applyMigrations(db, database.kind, options);
      if (!seedsDemoData(env)) return null;
      // Loaded only when seeding: production never loads the demo data.
      const { seedIfEmpty } = await import('../db/seed');
      return seedIfEmpty(db, now);
    },
    options.onWait,
  );
}
