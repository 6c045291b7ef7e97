/**
 * `npm run db:migrate`: applies pending migrations to the configured database, under the same
 * advisory lock the instances take at start (ADR 0039), so it may run while instances start.
 */
import { databaseConfig } from '../app/services/db/db.server';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

const database = await openDatabase(databaseConfig());
const applied = await runMigrations(database, {
  onWait: () => process.stdout.write('Waiting for another instance to finish migrating…\n'),
  onApplied: (tag) => process.stdout.write(`Migration applied: ${tag}\n`),
});
await database.close();
process.stdout.write(`Migrations applied (${database.kind}): ${applied.length} new.\n`);
