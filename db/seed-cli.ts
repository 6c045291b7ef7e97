/** `npm run db:seed`: seeds the demo data into an empty, migrated database. */
import { databaseConfig } from '../app/services/db/db.server';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { seedIfEmpty } from './seed';

const database = await openDatabase(databaseConfig());
await runMigrations(database);
const seeded = await seedIfEmpty(database.db);
await database.close();
process.stdout.write(seeded ? 'Demo data seeded.\n' : 'Database already has data; nothing seeded.\n');
