/**
 * Opens the database: a PostgreSQL server when a URL is given, otherwise embedded PGlite in an
 * on-disk data directory (so a new developer needs no server). Both speak the same SQL and run
 * the same migrations; code above this module sees one drizzle type.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL's connection pool (its counts are metrics, issue 27); PGlite has none. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export type DatabaseConfig =
  | {
      url: string;
      poolSize?: number;
      /** Told when the server ends an idle pooled connection (the process goes on without it). */
      onIdleClientError?: (error: Error) => void;
    }
  | { pgliteDataDir: string };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ('url' in config) {
    // Sessions always run in UTC; display conversion to Helsinki time happens in app/lib/format.
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10, options: '-c TimeZone=UTC' });
    // A connection the server ends while it sits idle in the pool (a restart, a failover, an
    // administrator's pg_terminate_backend) emits its error on the pool, and an unhandled 'error'
    // would end the process. The pool has already dropped that connection; the next query opens
    // a new one, so the error is only told.
    pool.on('error', (error) => config.onIdleClientError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  mkdirSync(config.pgliteDataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: config.pgliteDataDir });
  await client.exec("set time zone 'UTC'");
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}
