import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '~/models/features';
import { pagePath } from '~/route-table';
import { PAYER_DEMO_PERSONS } from '~db/seed-booking-payers';
import { appointments, appointmentSlots, clinics, persons, practitioners } from '~db/schema';
import { parseEnv } from '~/env.server';
import type { Db } from '~/services/db/db.server';
import { prepareDatabase } from '../../scripts/prepare-database';
import { send } from '../../bench/http';
import { loginDemoPerson } from '../../bench/login';
import { ensureBuild } from '../fixtures/build';
import { countAppliedMigrations, databaseKinds, withTestDatabase } from '../fixtures/db';
import { PRODUCTION_SETTINGS } from '../fixtures/production-settings';
import { freePort } from '../fixtures/portal-process';

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

/**
 * Configuration fails closed (issue 21): the real start script, spawned as an operator would
 * start it. A refused start exits before it opens a database, so the data directory it was
 * given is never created.
 */
describe('a production start (scripts/start.ts)', () => {
  const root = path.resolve(import.meta.dirname, '../..');

  function start(variables: Record<string, string>, args: string[] = []) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    const dataDir = path.join(dir, 'pglite');
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, PGLITE_DATA_DIR: dataDir, PORT: '1', ...variables },
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { status: result.status, stderr: result.stderr, stdout: result.stdout, databaseOpened: existsSync(dataDir) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it.each([
    ['NODE_ENV=production and nothing else', { NODE_ENV: 'production' }],
    ['no variable at all (the script defaults to NODE_ENV=production)', {}],
  ])('with %s refuses, naming what is missing', (_name, variables) => {
    const result = start(variables);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DEPLOYMENT_ENV is not set: with NODE_ENV=production this is a production start');
    expect(result.stderr).toContain('npm start');
    for (const missing of [
      'SESSION_SECRET',
      'PUBLIC_ORIGIN',
      'DATABASE_URL',
      'IDENTIFICATION',
      'PAYMENTS',
      'INSURERS',
      'POPULATION_REGISTER',
      'EMAIL',
      'SMTP_URL',
      'MAIL_FROM_GENERAL',
      'MAIL_FROM_CHILDREN',
      'SMS',
    ]) {
      expect(result.stderr).toMatch(new RegExp(`^  ${missing}: `, 'm'));
    }
    expect(result.stdout).not.toContain('listening');
    expect(result.databaseOpened).toBe(false);
  });

  it.each([
    ['the test identification', { IDENTIFICATION: 'test' }, 'IDENTIFICATION'],
    ['the test payment provider', { PAYMENTS: 'test' }, 'PAYMENTS'],
    ['the test insurer', { INSURERS: 'test' }, 'INSURERS'],
    ['the built-in population register', { POPULATION_REGISTER: 'builtin' }, 'POPULATION_REGISTER'],
    ['the test SMS sender', { SMS: 'test' }, 'SMS'],
    ['the test e-mail channel', { EMAIL: 'test' }, 'EMAIL'],
    // PGlite is one process with its data on local disk (ADR 0002, ADR 0039): production runs PostgreSQL.
    ['the embedded PGlite (no DATABASE_URL)', { DATABASE_URL: '' }, 'DATABASE_URL'],
    ['turning STARTTLS off', { SMTP_REQUIRE_TLS: 'false' }, 'SMTP_REQUIRE_TLS'],
    ["Paytrail's public test merchant", { PAYTRAIL_MERCHANT_ID: '375917', PAYTRAIL_SECRET: 'SAIPPUAKAUPPIAS' }, 'PAYTRAIL_MERCHANT_ID'],
    ["Paytrail's public test secret with another id", { PAYTRAIL_SECRET: 'SAIPPUAKAUPPIAS' }, 'PAYTRAIL_SECRET'],
    ["Paytrail's shop-in-shop test merchant", { PAYTRAIL_MERCHANT_ID: '695861', PAYTRAIL_SECRET: 'MONISAIPPUAKAUPPIAS' }, 'PAYTRAIL_MERCHANT_ID'],
  ])('in production refuses %s', (_name, adapter, variable) => {
    const result = start({ NODE_ENV: 'production', ...PRODUCTION_SETTINGS, ...adapter });
    expect(result.stderr).toMatch(new RegExp(`^  ${variable}: .*production`, 'm'));
    expect(result.status).toBe(1);
    expect(result.databaseOpened).toBe(false);
  });
});

describe('a start that fails', () => {
  const root = path.resolve(import.meta.dirname, '../..');

  it('writes the error without its message (which may quote anything), and stops', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    // A data directory under a file: opening the database fails, the error's message names the path.
    const blocker = path.join(dir, 'Masennus itsetuhoisia SENTINEL5b2d');
    writeFileSync(blocker, '');
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--demo'], {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, PGLITE_DATA_DIR: path.join(blocker, 'pglite'), PORT: '1' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr + result.stdout).not.toMatch(/SENTINEL5b2d|Masennus|itsetuhoisia/);
      const line = JSON.parse(result.stderr.trim().split('\n').at(-1)!) as { msg: string; err: { code: string; syscall: string; stack: string } };
      expect(line).toMatchObject({ msg: 'uncaught exception', err: { code: 'ENOTDIR', syscall: 'mkdir' } });
      expect(line.err.stack).toMatch(/^at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * `npm install && npm start` runs the demo on a fresh clone (README): the npm script states the
 * demo (`--demo`), which the start script turns into DEPLOYMENT_ENV=development. Started with
 * no other variable, it migrates, seeds, serves, and offers the test bank and the outbox; every
 * feature flag is on, so demo persons logged in through the test bank reach messaging and SMS
 * login (ADR 0041).
 */
describe('the demo start (npm start)', () => {
  const root = path.resolve(import.meta.dirname, '../..');

  it('builds and runs the start script with --demo', () => {
    const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe('npm run build && tsx scripts/start.ts --demo');
    expect(scripts.serve).toBe('tsx scripts/start.ts');
  });

  it('with no variable serves the demo: seeded, test identification, outbox, messaging and SMS login for demo persons', { timeout: 300_000 }, async () => {
    ensureBuild(root);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-demo-'));
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--demo'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        PGLITE_DATA_DIR: path.join(dir, 'pglite'),
        LOG_LEVEL: 'warn',
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    try {
      const origin = `http://127.0.0.1:${port}`;
      await waitFor(async () => (server.exitCode === null ? (await fetch(`${origin}/readyz`).catch(() => null))?.ok === true : 'stopped'), output);
      expect(server.exitCode, output).toBeNull();
      expect(output).toContain('Database ready (pglite, demo data seeded)');
      expect(output).toContain('Demo (DEPLOYMENT_ENV=development)');
      // Every feature flag is on in the demo (issue 26, ADR 0005): messaging, SMS login,
      // occupational booking… The booking landing offers occupational booking, whose landing
      // page for anonymous visitors exists only with its flag.
      expect(output).toContain(`Feature flags on: ${FEATURE_FLAGS.join(', ')} (FEATURES unset: all).`);
      const landing = await (await fetch(`${origin}/fi/ajanvaraus`)).text();
      expect(landing).toContain('href="/fi/ajanvaraus/tyoterveys"');
      expect(landing).not.toContain('ei ole vielä käytössä');
      expect((await fetch(`${origin}/fi/ajanvaraus/tyoterveys/tunnistaudu`)).status).toBe(200);
      expect((await fetch(`${origin}/dev/outbox`)).status).toBe(200);
      const bank = await fetch(`${origin}/oauth/authenticate?${new URLSearchParams({ lang: 'en', next: '/en', acr_values: 'fi-op' })}`);
      expect(bank.status).toBe(200);
      expect(await bank.text()).toContain('name="identityCode"');

      // Messaging and SMS login reachable by demo persons logged in through the test
      // identification (not only the flags line above). Olli is an occupational customer with
      // no per-person flag overrides (Mikko and Aino have messaging overrides): only the demo's
      // flags give him messages in the side navigation and the conversation pages.
      const olli = await loginDemoPerson(origin, PAYER_DEMO_PERSONS.olli.identityCode);
      const front = await send(`${origin}/fi`, olli);
      expect(front.status).toBe(200);
      const navigation = /<nav [^>]*aria-label="Päävalikko"[^>]*>[\s\S]*?<\/nav>/.exec(await front.text())?.[0];
      expect(navigation ?? 'no main navigation').toContain(`href="${pagePath('conversations', 'fi')}"`);
      for (const page of ['conversations', 'conversationNew'] as const) {
        const response = await send(`${origin}${pagePath(page, 'fi')}`, olli);
        expect(response.status, page).toBe(200);
        await response.body?.cancel();
      }
      // SMS login (flag mfa, which no demo person has an override for): Aino's my information
      // offers to turn it on, and the SMS-code page of a lapsed session is there.
      const aino = await loginDemoPerson(origin);
      const myInformation = await send(`${origin}${pagePath('myInformation', 'fi')}`, aino);
      expect(myInformation.status).toBe(200);
      const smsLogin = /<section[^>]*id="sms-login"[\s\S]*?<\/section>/.exec(await myInformation.text())?.[0];
      expect(smsLogin ?? 'no SMS login section').toContain('value="mfa-start"');
      const smsCodePage = await send(`${origin}${pagePath('smsAuthentication', 'fi')}`, null);
      expect(smsCodePage.status).toBe(200);
      await smsCodePage.body?.cancel();
    } finally {
      if (server.exitCode === null && server.pid) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        process.kill(-server.pid, 'SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Polls until `ready` answers true (or 'stopped'); two minutes at most. */
async function waitFor(ready: () => Promise<boolean | 'stopped'>, output: string) {
  const deadline = performance.now() + 120_000;
  for (;;) {
    const answer = await ready();
    if (answer === true || answer === 'stopped') return;
    if (performance.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
