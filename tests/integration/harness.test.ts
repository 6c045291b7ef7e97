/** The test database harness itself: fresh, migrated, isolated databases that vanish on close. */
import { existsSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { persons } from '~db/schema';
import {
  countAppliedMigrations,
  createTestDatabase,
  databaseKinds,
  expectedTemplateMarker,
  readTemplateMarker,
  testDatabaseUrl,
  withAdminClient,
  type TestDatabase,
} from '../fixtures/db';

async function databaseExists(name: string): Promise<boolean> {
  const result = await withAdminClient((client) => client.query('select 1 from pg_database where datname = $1', [name]));
  return result.rowCount === 1;
}

async function exists(database: TestDatabase): Promise<boolean> {
  return database.kind === 'pglite' ? existsSync(database.location) : databaseExists(database.location);
}

describe('test database harness', () => {
  it('lists postgres only when TEST_DATABASE_URL is set', () => {
    expect(databaseKinds()).toEqual(testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite']);
  });

  it('keeps a PGlite template that matches the migration journal', () => {
    expect(readTemplateMarker()).toEqual(expectedTemplateMarker());
  });

  it.each(databaseKinds())('gives isolated, migrated, empty %s databases and removes them on close', async (kind) => {
    const [a, b] = await Promise.all([createTestDatabase(kind), createTestDatabase(kind)]);
    try {
      expect(a.location).not.toBe(b.location);
      expect(await exists(a)).toBe(true);
      expect(await countAppliedMigrations(a.db)).toBe(expectedTemplateMarker().migrations);
      await a.db.insert(persons).values({
        identityCode: '150385-9024',
        firstName: 'Aino',
        lastName: 'Virtanen',
        birthDate: '1985-03-15',
      });
      expect((await a.db.select({ n: count() }).from(persons))[0]?.n).toBe(1);
      expect((await b.db.select({ n: count() }).from(persons))[0]?.n).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
    expect(await exists(a)).toBe(false);
    expect(await exists(b)).toBe(false);
    // Closing twice is harmless.
    await a.close();
  });
});
