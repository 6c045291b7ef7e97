/**
 * A NUL in the reason for the visit (issue 21): it used to reach the database, which refused it
 * with a 500, and the log line held the whole reason. Now the form refuses it with a translated
 * message (400, the text kept; with JavaScript before anything is sent), the JSON call answers
 * 400, nothing is saved, and no line the server writes holds the text. Runs its own server to
 * read everything it writes (the shared e2e servers' output is not kept).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { clock } from '../../fixtures/clock';
import { bookFixture, csrfToken, expect, login, test } from '../fixtures';
import { REPO_ROOT, freePort } from '../../fixtures/portal-process';

/** What a patient might type; the NUL is what the database cannot store. */
const REASON = 'Masennus, itsetuhoisia ajatuksia SENTINEL3e9a';
const FOUND = /SENTINEL3e9a|Masennus|itsetuhoisia/;

test.describe('a control character in the reason for the visit', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  let dir = '';
  let origin = '';
  let server: ChildProcess | undefined;
  const output: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-nul-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
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
        PGLITE_DATA_DIR: path.join(dir, 'pglite'),
        // Everything the server would log.
        LOG_LEVEL: 'trace',
        ...clock.env(),
        ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      },
    });
    server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    const deadline = performance.now() + 150_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server stopped:\n${output.join('')}`);
      if ((await fetch(`${origin}/readyz`).catch(() => null))?.ok) break;
      if (performance.now() > deadline) throw new Error(`the server did not start:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('is refused with a translated message, nothing is saved and no log line holds the text', async ({ page }) => {
    await login(page, 'aino', { baseURL: origin });
    const fixture = await bookFixture(page, 'aino', 2 * 24 * 60, {}, origin);
    const here = `${origin}/en/appointments/${fixture.id}`;
    await page.goto(here);
    const box = page.getByLabel('Tell us briefly why you are coming');
    await box.fill(`${REASON}\u0000`);
    await expect(box).toHaveValue(`${REASON}\u0000`);

    // Refused by the server, with JS or without (the page is plain HTML): a 400 with the message.
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByText('Remove the invisible control characters from the text')).toBeVisible();
    await expect(page.getByLabel('Tell us briefly why you are coming')).toHaveAttribute('aria-invalid', 'true');
    // The typed text comes back (the HTML parser shows the NUL as U+FFFD).
    await expect(page.getByLabel('Tell us briefly why you are coming')).toHaveValue(new RegExp(`^${REASON}`));

    // The same reason through the JSON call (spec 2 §7): 400, nothing saved.
    const api = await page.request.post(`${origin}/api/appointments/${fixture.id}/arrival-reason?csrfToken=${await csrfToken(page, origin)}`, {
      data: { arrivalReason: `${REASON}\u0000` },
      headers: { Origin: origin },
    });
    expect(api.status()).toBe(400);
    expect(await api.json()).toEqual({ type: 'invalid' });

    await page.goto(here);
    await expect(page.getByLabel('Tell us briefly why you are coming')).toHaveValue('');

    // An error outside React Router's handling (a Host header that makes no URL) reaches the
    // server's own error handler: a bare 500, logged without the request's query.
    const port = new URL(origin).port;
    const bare = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: `/fi?reason=${encodeURIComponent(REASON)}`, headers: { Host: 'a b' } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    expect(bare).toEqual({ status: 500, body: 'Internal Server Error' });
    await expect.poll(() => output.join('')).toContain('"code":"ERR_INVALID_URL"');

    // Everything the server wrote (its start-up line shows that the output is read).
    const written = output.join('');
    expect(written).toContain('listening on');
    expect(written).not.toMatch(FOUND);
  });
});
