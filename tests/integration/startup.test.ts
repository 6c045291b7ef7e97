import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, appointmentSlots, clinics, persons, practitioners } from '~db/schema';
import { parseEnv } from '~/env.server';
import type { Db } from '~/services/db/db.server';
import { prepareDatabase } from '../../scripts/prepare-database';
import { countAppliedMigrations, databaseKinds, withTestDatabase } from '../fixtures/db';

/** A complete, valid production configuration (what a production start is given). */
const PRODUCTION_SETTINGS = {
  DEPLOYMENT_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
  PUBLIC_ORIGIN: 'https://oma.example.fi',
  IDENTIFICATION: 'oidc',
  OIDC_ISSUER: 'https://broker.example.fi',
  OIDC_CLIENT_ID: 'portal',
  OIDC_CLIENT_SECRET: 'client-secret',
  PAYMENTS: 'paytrail',
  PAYTRAIL_MERCHANT_ID: '375917',
  PAYTRAIL_SECRET: 'merchant-secret',
  POPULATION_REGISTER: 'vtj',
  VTJ_XROAD_URL: 'https://xroad-ss.example.fi/',
  VTJ_XROAD_CLIENT: 'FI/COM/1234567-8/portal',
  VTJ_USERNAME: 'portal',
  VTJ_PASSWORD: 'vtj-secret',
  INSURERS: 'http',
  INSURER_GATEWAY_URL: 'https://insurers.example.fi/',
  INSURER_GATEWAY_CLIENT_ID: 'portal',
  INSURER_GATEWAY_API_KEY: 'insurer-gateway-api-key',
};
const productionEnv = parseEnv({ NODE_ENV: 'production', ...PRODUCTION_SETTINGS });

async function rowCounts(db: Db) {
  const tables = { persons, clinics, practitioners, appointmentSlots, appointments };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

const empty = { persons: 0, clinics: 0, practitioners: 0, appointmentSlots: 0, appointments: 0 };

describe.each(databaseKinds())('start-up database step on %s', (kind) => {
  describe('in production', () => {
    const t = withTestDatabase(kind);

    it('migrates and leaves an empty database empty', async () => {
      expect(productionEnv.DEPLOYMENT_ENV).toBe('production');
      expect(await rowCounts(t.db)).toEqual(empty);
      expect(await prepareDatabase(t.database, productionEnv)).toBeNull();
      expect(await rowCounts(t.db)).toEqual(empty);
      expect(await countAppliedMigrations(t.db)).toBeGreaterThan(0);
      // A second start is the same.
      expect(await prepareDatabase(t.database, productionEnv)).toBeNull();
      expect(await rowCounts(t.db)).toEqual(empty);
    });
  });

  describe('in development', () => {
    const t = withTestDatabase(kind);

    it('seeds an empty database with the demo data', async () => {
      const links = await prepareDatabase(t.database, parseEnv({ DEPLOYMENT_ENV: 'development' }));
      expect(links?.length).toBeGreaterThan(0);
      const counts = await rowCounts(t.db);
      expect(counts.persons).toBeGreaterThan(0);
      expect(counts.appointmentSlots).toBeGreaterThan(0);
    });
  });
});

describe('npm run db:seed', () => {
  it('refuses in production and creates no database', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-seed-cli-'));
    const dataDir = path.join(dir, 'pglite');
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'db/seed-cli.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ...PRODUCTION_SETTINGS,
          PGLITE_DATA_DIR: dataDir,
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.stderr).toContain('Refusing to seed demo data');
      expect(result.status).toBe(1);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the runtime (ADR 0001)', () => {
  const root = path.resolve(import.meta.dirname, '../..');

  it('is the Node.js 24 the project installs, not the system one', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(realpathSync(process.execPath)).toBe(realpathSync(path.join(root, 'node_modules/.bin/node')));
  });

  // The machines this runs on (CI, a developer's) have an older system Node; where they do not,
  // there is nothing older to start on.
  const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => existsSync(file) && realpathSync(file) !== realpathSync(process.execPath));
  const systemMajor = systemNode ? Number(spawnSync(systemNode, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim()) : NaN;
  it.runIf(systemMajor < 24)('the start script refuses an older Node and says how to start the portal', () => {
    const result = spawnSync(systemNode!, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toContain(`The portal runs on Node.js 24; this is v${systemMajor}.`);
    expect(result.stderr).toContain('npm start');
    expect(result.status).toBe(1);
  });
});
