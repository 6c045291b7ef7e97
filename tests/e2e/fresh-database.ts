/**
 * `node tests/e2e/fresh-database.ts <url>`: drops the PostgreSQL database at `url` if it exists
 * and creates it empty, connecting to the server's `postgres` database to do so. The e2e servers'
 * command runs it before each start when TEST_DATABASE_URL is set (playwright.config.ts), so
 * every run begins on an empty database that the server migrates and seeds. Plain Node (its type
 * stripping): no compiler to start before a server.
 */
import pg from 'pg';

const target = new URL(process.argv[2] ?? '');
const name = decodeURIComponent(target.pathname.slice(1));
const admin = new URL(target);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
try {
  const quoted = `"${name.replaceAll('"', '""')}"`;
  await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${quoted}`);
} finally {
  await client.end();
}
