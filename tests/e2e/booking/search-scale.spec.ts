/**
 * The appointment search with a whole chain's practitioners (1 000, as the scale benchmark):
 * the unfiltered page's HTML stays within the 12 KB gzipped budget because the practitioner
 * list is no longer inlined, and a practitioner is still chosen without JavaScript through the
 * name search the server answers (with JS, the page script sends the name when the field changes:
 * Enter or leaving it). Runs its own server on its
 * own PGlite database (the shared e2e servers hold the demo data).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '../../../db/client';
import { createClinic, createPerson, createSpecialty } from '../../../db/factories';
import { runMigrations } from '../../../db/migrate';
import { practitionerClinics, practitioners, practitionerSpecialties } from '../../../db/schema';
import { prng } from '../../../db/seed';
import { CLINICS, FIRST_NAMES, LAST_NAMES, SPECIALTIES, TITLES } from '../../../db/seed-data';
import { generateSlots, helsinkiDateOf, insertSlots, type SlotPractitioner } from '../../../db/slots';
import { clock, firstDayAhead } from '../../fixtures/clock';
import { expect, test } from '../fixtures';
import { REPO_ROOT, freePort } from '../../fixtures/portal-process';

const PRACTITIONERS = 1000;
/** The budget of the first HTML response (gzip level 9, as `npm run bench` measures it). */
const HTML_GZIP_BUDGET_BYTES = 12 * 1024;

/** A migrated PGlite database with the seed's clinics and specialties and 1 000 practitioners with a week of free times. */
async function prepareDatabase(dataDir: string) {
  const database = await openDatabase({ pgliteDataDir: dataDir });
  try {
    await runMigrations(database);
    const db = database.db;
    for (const clinic of CLINICS) await createClinic(db, { isRemote: false, ...clinic });
    for (const specialty of SPECIALTIES) await createSpecialty(db, specialty);
    const physical = CLINICS.filter((c) => !('isRemote' in c)).map((c) => c.id);
    const random = prng(1000);
    const shape: SlotPractitioner[] = [];
    const rows = [];
    for (let n = 0; n < PRACTITIONERS; n++) {
      const id = `S${String(n + 1).padStart(4, '0')}`;
      const specialtyId = SPECIALTIES[n % SPECIALTIES.length]!.id;
      const clinicIds = [...new Set([physical[n % physical.length]!, physical[(n * 7 + 3) % physical.length]!])];
      shape.push({ id, specialtyId, clinicIds });
      rows.push({
        id,
        firstName: FIRST_NAMES[n % FIRST_NAMES.length]!,
        lastName: LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]!,
        title: TITLES[specialtyId as keyof typeof TITLES],
      });
    }
    await db.insert(practitioners).values(rows);
    await db.insert(practitionerSpecialties).values(shape.map((p) => ({ practitionerId: p.id, specialtyId: p.specialtyId })));
    await db.insert(practitionerClinics).values(shape.flatMap((p) => p.clinicIds.map((clinicId) => ({ practitionerId: p.id, clinicId }))));
    const now = clock.now();
    await insertSlots(db, generateSlots(shape, { fromDate: helsinkiDateOf(now), days: 7, notBefore: now, random }));
    // Someone is in the register, so the start-up leaves the database as it is (no demo seed).
    await createPerson(db, { identityCode: '150385-9024', firstName: 'Aino', lastName: 'Virtanen' });
  } finally {
    await database.close();
  }
}

async function waitUntilReady(origin: string, server: ChildProcess, output: () => string) {
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${output()}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`the server did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test.describe('appointment search with 1 000 practitioners', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let dir = '';
  let origin = '';
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-scale-'));
    const dataDir = path.join(dir, 'pglite');
    await prepareDatabase(dataDir);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const lines: string[] = [];
    server = spawn('npx', ['tsx', 'scripts/start.ts'], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        DEPLOYMENT_ENV: 'test',
        // Explicit: unset, a test deployment turns every feature flag on (ADR 0005).
        FEATURES: 'none',
        HOST: '127.0.0.1',
        PORT: String(port),
        PGLITE_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...clock.env(),
        ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      },
    });
    const collect = (chunk: Buffer) => lines.push(chunk.toString('utf8'));
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    await waitUntilReady(origin, server, () => lines.join(''));
  });

  test.afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the unfiltered search page is at most 12 KB gzipped', async ({ request }) => {
    // A weekday ahead: a whole page of results whatever the hour (today may have none left).
    const day = firstDayAhead(2, [1, 2, 3, 4, 5]);
    const response = await request.get(`${origin}/en/booking/private?startDate=${day}`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status()).toBe(200);
    const html = await response.body();
    const gzipped = gzipSync(html, { level: 9 }).length;
    test.info().annotations.push({ type: 'html', description: `${html.length} B, ${gzipped} B gzipped` });
    expect(gzipped).toBeLessThanOrEqual(HTML_GZIP_BUDGET_BYTES);
    expect(html.toString('utf8').match(/data-result-index=/g)).toHaveLength(20);
    // The page does not carry the register: it asks for a name instead.
    expect(html.toString('utf8')).toContain(`Type a name to choose from ${PRACTITIONERS} practitioners.`);
  });

  test('a practitioner is chosen without JavaScript through the name search', async ({ browser }) => {
    // A browser without JavaScript of its own: the spec's server is started once, in the js project.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/en/booking/private`);
    const select = page.getByLabel('Practitioner', { exact: true });
    await expect(select.locator('option')).toHaveCount(1);

    await page.getByLabel('Search practitioners by name').fill('aalto');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page).toHaveURL(/practitionerName=aalto/);
    const options = select.locator('option:not([value=""])');
    await expect(options).toHaveCount(30);
    for (const text of await options.allInnerTexts()) expect(text).toMatch(/Aaltonen/);
    await expect(page.getByText('30 matching practitioners in the list below.')).toBeVisible();

    const chosen = await options.first().getAttribute('value');
    await select.selectOption(chosen!);
    await page.getByRole('button', { name: 'Show appointments' }).click();
    await expect(page).toHaveURL(new RegExp(`practitionerIds=${chosen}&`));
    await expect(select).toHaveValue(chosen!);
    const results = page.locator('[data-result-index]');
    for (const text of await results.allInnerTexts()) expect(text).toContain('Aaltonen');

    await page.getByLabel('Search practitioners by name').fill('zzz');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText('No practitioner matches “zzz”.')).toBeVisible();
    // The chosen practitioner stays chosen.
    await expect(select).toHaveValue(chosen!);
    await context.close();
  });

  test('with JavaScript a name asks the server for the matches when the field changes', async ({ page }) => {
    await page.goto(`${origin}/en/booking/private`);
    const select = page.getByLabel('Practitioner', { exact: true });
    await expect(select.locator('option')).toHaveCount(1);

    // Leaving the field sends it (the page script's auto-submit); the page comes back to it.
    await page.getByLabel('Search practitioners by name').fill('aalto');
    await page.getByLabel('Search practitioners by name').blur();
    await expect(page).toHaveURL(/practitionerName=aalto#practitioner-search$/);
    const options = select.locator('option:not([value=""])');
    await expect(options).toHaveCount(30);
    for (const text of await options.allInnerTexts()) expect(text).toMatch(/Aaltonen/);

    const chosen = await options.first().getAttribute('value');
    await select.selectOption(chosen!);
    await expect(page).toHaveURL(new RegExp(`practitionerIds=${chosen}&.*#search-practitioner$`));
    await expect(select).toHaveValue(chosen!);
    await expect(select).toBeFocused();
  });
});
