/**
 * `npm run hr-user` (db/hr-user-cli.ts, ADR 0042), run as the administrator runs it: the CLI as
 * its own process on a test database (`DATABASE_URL` for PostgreSQL; for PGlite, which is one
 * process, `PGLITE_DATA_DIR` of a copy of the test template that this test opens only while the
 * CLI is not running). `add` binds an identity to a company, `deactivate` removes the binding,
 * `list` shows them; bad input is refused with a message that names what is wrong, and writes
 * nothing (wrong arguments before the database is even opened). The identity code is never printed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~db/client';
import { createOccupationalContract } from '~db/factories';
import { hrUsers, persons } from '~db/schema';
import { makeIdentityCode } from '~/models/identity-code';
import type { Db } from '~/services/db/db.server';
import {
  createTestDatabase,
  databaseKinds,
  PGLITE_COPY_PREFIX,
  PGLITE_TEMPLATE_DIR,
  postgresUrlFor,
  testDatabaseUrl,
  type TestDatabaseKind,
} from '../../fixtures/db';
import { REPO_ROOT } from '../../fixtures/portal-process';

interface CliDatabase {
  /** The variables that point the CLI at the database. */
  env: Record<string, string>;
  /** Runs `fn` on the database (for PGlite: opened for `fn` only, so the CLI can open it). */
  use<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function cliDatabase(kind: TestDatabaseKind): Promise<CliDatabase> {
  if (kind === 'postgres') {
    const database = await createTestDatabase('postgres');
    return {
      env: { DATABASE_URL: postgresUrlFor(testDatabaseUrl()!, database.location) },
      use: (fn) => fn(database.db),
      close: () => database.close(),
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), PGLITE_COPY_PREFIX));
  cpSync(PGLITE_TEMPLATE_DIR, dir, { recursive: true });
  rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  return {
    env: { PGLITE_DATA_DIR: dir },
    async use(fn) {
      const database = await openDatabase({ pgliteDataDir: dir });
      try {
        return await fn(database.db);
      } finally {
        await database.close();
      }
    },
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The CLI as `npm run hr-user -- …` runs it, with nothing of this process's environment but PATH and HOME. */
function hrUser(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'db/hr-user-cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

type Refusal = [name: string, result: ReturnType<typeof hrUser>, message: string];

/** Each refusal: exit 1, the message alone on stderr (no stack trace, no query), nothing on stdout, no identity code. */
function expectRefused(refusals: Refusal[], identityCode: string) {
  for (const [name, result, message] of refusals) {
    expect(result.stderr, name).toBe(`${message}\n`);
    expect(result.status, name).toBe(1);
    expect(result.stdout, name).toBe('');
  }
  for (const [name, result] of refusals) expect(result.stderr, name).not.toContain(identityCode);
}

describe('npm run hr-user with wrong arguments', () => {
  // Each wrong argument and its message: db/hr-user-arguments.test.ts.
  it('prints what is wrong alone and exits 1, before it opens the database', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-hr-user-cli-'));
    // A data directory the CLI would create if it opened the database.
    const env = { PGLITE_DATA_DIR: path.join(dir, 'pglite') };
    const identityCode = makeIdentityCode('1975-05-05', 611);
    const badCode = `${identityCode.slice(0, -1)}${identityCode.endsWith('A') ? 'B' : 'A'}`;
    try {
      expectRefused(
        [
          [
            'a bad identity code',
            hrUser(env, 'add', badCode, 'Helmi', 'Henkilöstö', '00000000-0000-4000-8000-000000000000', 'HR-päällikkö', 'helmi@example.fi'),
            'Not a valid identity code.',
          ],
        ],
        badCode,
      );
      expect(existsSync(env.PGLITE_DATA_DIR)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(databaseKinds())('npm run hr-user on %s', (kind) => {
  let database: CliDatabase;
  let contractId: string;
  beforeAll(async () => {
    database = await cliDatabase(kind);
    contractId = await database.use(async (db) => (await createOccupationalContract(db, { employerName: 'Rakenne Oy' })).id);
  });
  afterAll(async () => {
    await database?.close();
  });

  const rowCounts = () =>
    database.use(async (db) => ({
      persons: (await db.select({ n: count() }).from(persons))[0]!.n,
      hrUsers: (await db.select({ n: count() }).from(hrUsers))[0]!.n,
    }));

  it('refuses an unknown contract, and deactivating someone who is no HR user; nothing is written', { timeout: 300_000 }, async () => {
    const identityCode = makeIdentityCode('1975-05-05', 611);
    expectRefused(
      [
        [
          'an unknown contract',
          hrUser(database.env, 'add', identityCode, 'Helmi', 'Henkilöstö', '00000000-0000-4000-8000-000000000000', 'HR-päällikkö', 'helmi@example.fi'),
          'No occupational contract with that id.',
        ],
        ['deactivating someone who is no HR user', hrUser(database.env, 'deactivate', identityCode), 'No active HR user with that identity code.'],
      ],
      identityCode,
    );
    expect(await rowCounts()).toEqual({ persons: 0, hrUsers: 0 });
  });

  it('add creates the HR user of the company, deactivate ends it, list shows it; never the identity code', { timeout: 300_000 }, async () => {
    const identityCode = makeIdentityCode('1976-06-06', 622);
    const added = hrUser(database.env, 'add', identityCode, 'Kalle', 'Kollega', contractId, 'HR-asiantuntija', 'kalle@example.fi');
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toBe('HR user Kalle Kollega (HR-asiantuntija) of Rakenne Oy.\n');
    const row = async () =>
      database.use(async (db) => {
        const [found] = await db
          .select({
            hr: hrUsers,
            person: { identityCode: persons.identityCode, firstName: persons.firstName, lastName: persons.lastName, isPatient: persons.isPatient },
          })
          .from(hrUsers)
          .innerJoin(persons, eq(persons.id, hrUsers.personId))
          .where(eq(persons.identityCode, identityCode));
        return found;
      });
    expect(await row()).toMatchObject({
      hr: { contractId, title: 'HR-asiantuntija', emailAddress: 'kalle@example.fi', active: true },
      // Not a patient: an HR user is someone the portal knows by identity code, no more.
      person: { identityCode, firstName: 'Kalle', lastName: 'Kollega', isPatient: false },
    });
    expect(await rowCounts()).toEqual({ persons: 1, hrUsers: 1 });

    const deactivated = hrUser(database.env, 'deactivate', identityCode);
    expect(deactivated.status).toBe(0);
    expect(deactivated.stdout).toBe('Deactivated.\n');
    expect((await row())?.hr.active).toBe(false);

    const listed = hrUser(database.env, 'list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toBe('Rakenne Oy\tKalle Kollega\tHR-asiantuntija\t(inactive)\n');
    for (const output of [added, deactivated, listed]) expect(output.stdout + output.stderr).not.toContain(identityCode);
  });
});
