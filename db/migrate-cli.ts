/** `npm run db:migrate`: applies pending migrations to the configured database. */
import { databaseConfig } from '../app/services/db/db.server';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

const database = await openDatabase(databaseConfig());
await runMigrations(database);
await database.close();
process.stdout.write(`Migrations applied (${database.kind}).\n`);
