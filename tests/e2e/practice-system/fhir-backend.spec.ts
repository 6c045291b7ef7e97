/**
 * The booking, move and cancel flows against the practice system over FHIR R4 (ADR 0051): one
 * portal of its own started as `npm run fhir:dev` starts it (scripts/fhir-dev.ts: the local FHIR
 * server with the demo calendar, a fresh PGlite database, PRACTICE_SYSTEM=fhir), and one test
 * with JavaScript on walking book → move → cancel through the pages. What each write does at the
 * practice system (and without JavaScript, which is the same server path) is proven by the
 * integration tests (tests/integration/practice-system/); this proves the pages on that backend.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { pagePath } from '../../../app/route-table';
import { clock, firstDayAhead } from '../../fixtures/clock';
import { freePort, REPO_ROOT } from '../../fixtures/portal-process';
import { expect, login, test } from '../fixtures';

/** Ready, and the first sync has brought the calendar in (the search lists free times). */
async function waitUntilSynced(origin: string, server: ChildProcess, output: () => string) {
  const deadline = performance.now() + 180_000;
  const search = `${origin}${pagePath('privateSearch', 'en')}?startDate=${firstDayAhead(2, [1, 2, 3, 4, 5])}`;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${output()}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok && (await (await fetch(search)).text()).includes('data-result-index')) return;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`the server did not start or sync:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The search on a weekday ahead: chooses its `nth` free time (the reserve or the move's confirm page follows). */
async function chooseTime(page: Page, nth: number) {
  const url = new URL(page.url());
  url.searchParams.set('startDate', firstDayAhead(3, [1, 2, 3, 4, 5]));
  await page.goto(url.pathname + url.search);
  const results = page.locator('a[data-result-index]');
  await expect(results.nth(nth)).toBeVisible();
  await results.nth(nth).click();
}

test.describe('the pages on the practice system over FHIR', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let dir = '';
  let origin = '';
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-fhir-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const lines: string[] = [];
    server = spawn('npx', ['tsx', 'scripts/fhir-dev.ts'], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        DEPLOYMENT_ENV: 'test',
        FEATURES: 'none',
        HOST: '127.0.0.1',
        PORT: String(port),
        PGLITE_DATA_DIR: path.join(dir, 'pglite'),
        LOG_LEVEL: 'warn',
        ...clock.env(),
        ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      },
    });
    const collect = (chunk: Buffer) => lines.push(chunk.toString('utf8'));
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    await waitUntilSynced(origin, server, () => lines.join(''));
  });

  test.afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('Aino books a time, moves it and cancels it', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await login(page, 'aino', { baseURL: origin });

    await page.goto(pagePath('privateSearch', 'en'));
    await chooseTime(page, 0);
    await page.waitForURL(/\/en\/(data-processing|available-appointments)/);
    if (/\/en\/data-processing/.test(page.url())) {
      await page.getByLabel('I have read the privacy statement').check();
      await page.getByRole('button', { name: 'Save' }).click();
    }
    const binding = page.getByLabel(/I understand that the reservation is binding/);
    if (await binding.count()) await binding.check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
    const cancelHref = await page.getByRole('link', { name: /cancel/i }).first().getAttribute('href');
    const id = /\/appointments\/(\d+)/.exec(cancelHref ?? '')?.[1];
    expect(id, cancelHref ?? '').toBeTruthy();

    await page.goto(pagePath('appointment', 'en', { ids: id! }));
    await page.getByRole('link', { name: 'Change time' }).click();
    await chooseTime(page, 1);
    await expect(page.getByRole('heading', { level: 1, name: 'Change the time' })).toBeVisible();
    const newBinding = page.getByLabel(/binding/);
    if (await newBinding.count()) await newBinding.check();
    await page.getByRole('button', { name: 'Change the time' }).click();
    await expect(page.getByRole('status').getByText('The time has been changed.')).toBeVisible();

    await page.getByRole('link', { name: 'Cancel appointment' }).click();
    await page.getByRole('dialog', { name: 'Are you sure you want to cancel appointment?' }).getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByRole('status').getByText('The appointment has been cancelled.')).toBeVisible();
    await context.close();
  });
});
