/**
 * A throw-away database for one benchmark run: a fresh PostgreSQL database, or a fresh PGlite
 * data directory. `dispose()` removes it again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type DatabaseKind = 'postgresql' | 'pglite';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  kind: DatabaseKind;
  /** For people: where the data lives (no password). */
  description: string;
  /** Environment variables that point the portal at it. */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withAdminClient<T>(adminUrl: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates database `<prefix>_<pid>` on the server of `adminUrl`; the prefix is
 * `BENCH_DATABASE_PREFIX` (e.g. to keep to the names one may use on a shared server), else `portal_bench`.
 */
export async function createPostgresDatabase(adminUrl: string): Promise<BenchDatabase> {
  const prefix = process.env.BENCH_DATABASE_PREFIX || 'portal_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error('BENCH_DATABASE_PREFIX: lower-case letters, digits and _ only');
  const name = `${prefix}_${process.pid}`;
  const drop = `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`;
  await withAdminClient(adminUrl, async (client) => {
    await client.query(drop);
    await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgresql',
    description: `PostgreSQL database ${name} on ${url.host}`,
    env: { DATABASE_URL: url.toString() },
    dispose: () => withAdminClient(adminUrl, (client) => client.query(drop)).then(() => undefined),
  };
}

/** Creates an empty PGlite data directory under the system's temporary directory. */
export async function createPgliteDatabase(): Promise<BenchDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-bench-pglite-'));
  return {
    kind: 'pglite',
    description: `PGlite in ${dir}`,
    env: { PGLITE_DATA_DIR: dir },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
