/**
 * `npm run db:seed`: seeds the demo data into an empty, migrated database. Refuses in
 * production (DEPLOYMENT_ENV=production): the demo persons and their links are public.
 */
import { env } from '../app/env.server';
import { databaseConfig } from '../app/services/db/db.server';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { seedIfEmpty } from './seed';

if (env().DEPLOYMENT_ENV === 'production') {
  process.stderr.write('Refusing to seed demo data: DEPLOYMENT_ENV is production.\n');
  process.exit(1);
}
const database = await openDatabase(databaseConfig());
await runMigrations(database);
const seeded = await seedIfEmpty(database.db);
await database.close();
if (!seeded) process.stdout.write('Database already has data; nothing seeded.\n');
else for (const link of seeded) process.stdout.write(`${link.person} (${link.description}): /fi/varaus/${link.code}\n`);
