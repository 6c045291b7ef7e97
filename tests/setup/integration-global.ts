/**
 * Global setup of the `integration` project (runs once per `vitest run`, before any worker).
 *
 * - Makes sure `.data/test-template-pglite` is a migrated, unseeded PGlite data directory for
 *   the current migrations. It is reused across runs while its marker (migration count and a
 *   hash of db/migrations) matches; otherwise it is rebuilt in a side directory and swapped in
 *   with rename, so a concurrent run never copies a half-built template.
 * - Removes temporary PGlite copies that crashed workers left under os.tmpdir() (older than
 *   a few hours).
 * - With TEST_DATABASE_URL: checks the server answers and drops `portal_test_*` databases left
 *   behind by crashed runs (older than a few hours, so concurrent runs are not disturbed).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PGLITE_COPY_PREFIX,
  PGLITE_TEMPLATE_DIR,
  POSTGRES_TEST_DB_PREFIX,
  buildPgliteTemplate,
  dropPostgresDatabase,
  expectedTemplateMarker,
  postgresTestDatabaseCreatedAt,
  readTemplateMarker,
  testDatabaseUrl,
  withAdminClient,
  type TemplateMarker,
} from '../fixtures/db';

const STALE_BUILD_MS = 30 * 60_000;
const STALE_POSTGRES_DB_MS = 6 * 3_600_000;
const STALE_COPY_MS = 6 * 3_600_000;

function matches(marker: TemplateMarker | null, expected: TemplateMarker): boolean {
  return marker?.migrations === expected.migrations && marker.fingerprint === expected.fingerprint;
}

function removeStaleSideDirectories(): void {
  const parent = path.dirname(PGLITE_TEMPLATE_DIR);
  const base = path.basename(PGLITE_TEMPLATE_DIR);
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(`${base}.`)) continue;
    const full = path.join(parent, name);
    try {
      // Real ages of files on disk: the wall clock, not the app's.
      // eslint-disable-next-line no-restricted-syntax
      if (Date.now() - statSync(full).mtimeMs > STALE_BUILD_MS) rmSync(full, { recursive: true, force: true });
    } catch {
      // Removed by a concurrent run meanwhile.
    }
  }
}

async function ensurePgliteTemplate(): Promise<void> {
  const expected = expectedTemplateMarker();
  if (matches(readTemplateMarker(), expected)) return;

  mkdirSync(path.dirname(PGLITE_TEMPLATE_DIR), { recursive: true });
  removeStaleSideDirectories();
  const started = performance.now();
  const building = `${PGLITE_TEMPLATE_DIR}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const built = await buildPgliteTemplate(building);
    if (!matches(built, expected)) {
      throw new Error(`PGlite test template has ${built.migrations} migrations applied, ` + `db/migrations/meta/_journal.json lists ${expected.migrations}`);
    }
    // Another run may have finished a good template meanwhile: keep theirs.
    if (matches(readTemplateMarker(), expected)) return;
    const stale = `${PGLITE_TEMPLATE_DIR}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(PGLITE_TEMPLATE_DIR, stale);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    try {
      renameSync(building, PGLITE_TEMPLATE_DIR);
    } catch (error) {
      // Lost a race against a concurrent run that swapped in its own template.
      if (!matches(readTemplateMarker(), expected)) throw error;
    }
    rmSync(stale, { recursive: true, force: true });
    console.log(`[integration] built PGlite test template in ${Math.round(performance.now() - started)} ms`);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Copies under os.tmpdir() left behind by a crashed worker (close() deletes the others). */
function removeStalePgliteCopies(): void {
  const tmp = os.tmpdir();
  for (const name of readdirSync(tmp)) {
    if (!name.startsWith(PGLITE_COPY_PREFIX)) continue;
    const full = path.join(tmp, name);
    try {
      // Real ages of files on disk: the wall clock, not the app's.
      // eslint-disable-next-line no-restricted-syntax
      if (Date.now() - statSync(full).mtimeMs > STALE_COPY_MS) rmSync(full, { recursive: true, force: true });
    } catch {
      // Removed meanwhile.
    }
  }
}

async function checkPostgres(): Promise<void> {
  const url = testDatabaseUrl();
  if (!url) return;
  const stale = await withAdminClient(async (client) => {
    const version = await client.query<{ v: string }>('show server_version_num');
    if (Number(version.rows[0]?.v) < 130000) {
      throw new Error('TEST_DATABASE_URL must point to PostgreSQL 13 or newer (DROP DATABASE … WITH (FORCE))');
    }
    const result = await client.query<{ datname: string }>("select datname from pg_database where datname like $1 || '%'", [POSTGRES_TEST_DB_PREFIX]);
    return result.rows
      .map((r) => r.datname)
      .filter((name) => {
        const createdAt = postgresTestDatabaseCreatedAt(name);
        // Real ages of databases: the wall clock, not the app's.
        // eslint-disable-next-line no-restricted-syntax
        return createdAt !== null && Date.now() - createdAt.getTime() > STALE_POSTGRES_DB_MS;
      });
  });
  for (const name of stale) await dropPostgresDatabase(name);
}

export default async function setup(): Promise<void> {
  removeStalePgliteCopies();
  await Promise.all([
    ensurePgliteTemplate(),
    checkPostgres().catch((error: unknown) => {
      const where = new URL(testDatabaseUrl()!);
      where.password = '';
      throw new Error(`TEST_DATABASE_URL (${where.toString()}) is not usable: ${String(error)}`, { cause: error });
    }),
  ]);
}
