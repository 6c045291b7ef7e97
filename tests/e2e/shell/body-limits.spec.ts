/**
 * Bounded request bodies (issue 21, item 1). The attack of the security review, reproduced over
 * plain HTTP against a server of this spec's own (the built server, started as `npm start` starts
 * it, so that its memory is measured without the rest of the suite's traffic): a 150 MB body with
 * its length, the same without a length (chunked) and a few of them at once are refused with the
 * translated 413 before they are read, and the server's resident memory grows by less than a third
 * of the body (reading it would cost all of it).
 * "Before they are read" is shown by what the client managed to send before the answer came:
 * a fraction of the body (what the sockets' buffers hold), never the whole of it.
 *
 * JSON routes answer a JSON 413; a message form over the upload limit gets the 413 page; a
 * multipart body within the upload limit but without a CSRF token is refused with 403 after the
 * CSRF check read at most the small limit of it (memory again). The HTTP tests run once (in the
 * JavaScript project); the browser test of the message form runs with JavaScript on and off.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { Page, TestInfo } from '@playwright/test';
import enCore from '../../../app/i18n/resources/en';
import fiCore from '../../../app/i18n/resources/fi';
import svCore from '../../../app/i18n/resources/sv';
import messagingTexts from '../../../app/i18n/resources/messaging';
import { expect, login, test } from '../fixtures';
import { filledBody, sendBody } from '../../fixtures/send-body';
import { GENERAL_PORT } from '../urls';

/** This spec's own server listens next to the suite's two. */
const PORT = GENERAL_PORT + 2;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MB = 1000 * 1000;
const MiB = 1024 * 1024;
/** The body of the review's attack. */
const ATTACK_BYTES = 150 * MB;
/**
 * The server's resident memory may grow at most this much while refusing one body: a third of
 * it, where reading the body would cost all of it and more (the old server grew by ~330 MB). What
 * it does grow by is garbage: the bytes the client had in flight when the answer came are read
 * and dropped while the connection closes, and freed at the next collection. On a quiet machine
 * that is under 2 MB; on CI's busy one, with the answer slower to come, 34 MB has been seen.
 */
const RSS_GROWTH_LIMIT = ATTACK_BYTES / 3;
/** The defaults of REQUEST_BODY_MAX_BYTES and UPLOAD_BODY_MAX_BYTES. */
const FORM_LIMIT = MiB;
const UPLOAD_LIMIT = 25 * MiB;

let server: ChildProcess | null = null;
const dataDir = `.data/e2e-body-limits-${PORT}`;

function residentBytes(): number {
  const status = readFileSync(`/proc/${server!.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

async function startServer(): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  // `node --import tsx`: the server is this child process itself, so /proc/<pid> is its memory.
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEPLOYMENT_ENV: 'test',
      PORT: String(PORT),
      BRAND: 'general',
      PGLITE_DATA_DIR: dataDir,
      FEATURES: 'customer-messaging-enabled,customer-messaging-allowed',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const up = await fetch(`${ORIGIN}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

/** The first bytes, the last bytes and the whole size of a body whose middle is filler. */
interface BodyShape {
  head: string;
  tail: string;
  total: number;
}

/** Sends a body to this spec's server and reads its answer, however early it comes (tests/fixtures/send-body.ts). */
function send(path: string, shape: BodyShape, o: { method?: string; headers: Record<string, string>; chunked?: boolean }) {
  return sendBody(`${ORIGIN}${path}`, { ...o, pieces: filledBody(shape.head, shape.tail, shape.total), total: shape.total }).then((answer) => ({
    ...answer,
    body: answer.body.toString('utf8'),
  }));
}

const multipart = (total: number, fields = ''): BodyShape => ({
  head: `${fields}--limit\r\nContent-Disposition: form-data; name="attachments"; filename="iso.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  tail: '\r\n--limit--\r\n',
  total,
});
const MULTIPART = { 'content-type': 'multipart/form-data; boundary=limit' };
const urlencoded = (total: number): BodyShape => ({ head: 'text=', tail: '', total });
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const json = (total: number): BodyShape => ({ head: '{"query":"', tail: '"}', total });
const JSON_TYPE = { 'content-type': 'application/json' };

/** Refused at once: the 413, a closed connection, and only what the sockets buffer was sent. */
function expectRefusedUnread(answer: { status: number; headers: http.IncomingHttpHeaders; sentBeforeAnswer: number }, total: number) {
  expect(answer.status).toBe(413);
  expect(answer.headers.connection).toBe('close');
  expect(answer.sentBeforeAnswer).toBeLessThan(total / 4);
}

test.describe('request bodies over the limit (plain HTTP, a server of its own)', () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP only, no page: once, in the JavaScript project');

  // eslint-disable-next-line no-empty-pattern -- Playwright passes fixtures first; only testInfo is used
  test.beforeAll(async ({}, testInfo) => {
    // The group's skip above is decided per test, after this hook: without this one the no-js
    // worker would start a second server on the same port and data directory, at the same time
    // as the js worker's when the two reach this spec together (its start then fails).
    test.skip(!testInfo.project.use.javaScriptEnabled, 'HTTP only, no page: once, in the JavaScript project');
    test.setTimeout(180_000);
    await startServer();
    // Warm up: the pages, the 413 and 403 answers and their modules are loaded before memory is measured.
    await fetch(`${ORIGIN}/fi`);
    await fetch(`${ORIGIN}/sv/logga-in`);
    await send('/sv/logga-in', urlencoded(2 * MiB), { headers: FORM, chunked: true });
    await send('/fi/ei-ole', urlencoded(2 * MiB), { headers: FORM });
    await send('/api/user', json(2 * MiB), { headers: JSON_TYPE });
    for (const path of ['/fi/viestit/uusi', '/en/conversations/1', '/fi/omat-tiedot']) await send(path, multipart(2 * MiB), { headers: MULTIPART });
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
    server = null;
  });

  test('a 150 MB multipart body with its length, to a path that does not exist, is refused with the translated 413 before it is read', async () => {
    const before = residentBytes();
    const answer = await send('/fi/ei-ole-olemassa', multipart(ATTACK_BYTES), { headers: MULTIPART });
    expectRefusedUnread(answer, ATTACK_BYTES);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain(fiCore.errors.tooLarge.title);
    expect(residentBytes() - before).toBeLessThan(RSS_GROWTH_LIMIT);
  });

  test('a 150 MB chunked body (no length) to a page is cut off once it passes the limit', async () => {
    const before = residentBytes();
    const answer = await send('/sv/logga-in', urlencoded(ATTACK_BYTES), { headers: FORM, chunked: true });
    expectRefusedUnread(answer, ATTACK_BYTES);
    expect(answer.body).toContain(svCore.errors.tooLarge.title);
    expect(residentBytes() - before).toBeLessThan(RSS_GROWTH_LIMIT);
  });

  test('four 150 MB bodies at once, with and without a length, are all refused and memory stays flat', async () => {
    const before = residentBytes();
    const answers = await Promise.all([
      send('/en/login', multipart(ATTACK_BYTES), { headers: MULTIPART }),
      send('/en/login', multipart(ATTACK_BYTES), { headers: MULTIPART, chunked: true }),
      send('/fi/viestit/uusi', multipart(ATTACK_BYTES), { headers: MULTIPART }),
      send('/files/upload/token', multipart(ATTACK_BYTES), { method: 'PUT', headers: MULTIPART, chunked: true }),
    ]);
    for (const answer of answers) expectRefusedUnread(answer, ATTACK_BYTES);
    expect(answers[0]!.body).toContain(enCore.errors.tooLarge.title);
    // 600 MB sent (the old server grew by ~780 MB and a few more ended it): at most a third of each body.
    expect(residentBytes() - before).toBeLessThan(answers.length * RSS_GROWTH_LIMIT);
  });

  test('JSON routes answer a JSON 413, with a length or chunked', async () => {
    for (const [path, chunked] of [
      ['/api/customer-messaging', false],
      ['/api/customer-messaging', true],
      ['/api/anon/reserve-appointment', false],
      ['/api/user', true],
    ] as const) {
      const before = residentBytes();
      const answer = await send(path, json(ATTACK_BYTES), { headers: JSON_TYPE, chunked });
      expectRefusedUnread(answer, ATTACK_BYTES);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(JSON.parse(answer.body)).toEqual({ type: 'tooLarge' });
      expect(residentBytes() - before).toBeLessThan(RSS_GROWTH_LIMIT);
    }
  });

  test('the small limit is the default: a form of just over 1 MiB is refused, one just under it is not', async () => {
    // (A body this small fits in the sockets' buffers: it is all sent before the answer comes.)
    const over = await send('/fi/kirjaudu', urlencoded(FORM_LIMIT + 1), { headers: FORM });
    expect(over.status).toBe(413);
    // Within the limit the request goes on, to the CSRF check (no token: 403).
    const under = await send('/fi/kirjaudu', urlencoded(FORM_LIMIT), { headers: FORM });
    expect(under.status).toBe(403);
    const chunkedUnder = await send('/fi/kirjaudu', urlencoded(FORM_LIMIT), { headers: FORM, chunked: true });
    expect(chunkedUnder.status).toBe(403);
  });

  test('an upload route takes a multipart body up to the upload limit, and only multipart', async () => {
    // Over the upload limit: 413 at once.
    const over = await send('/fi/viestit/uusi', multipart(UPLOAD_LIMIT + 1), { headers: MULTIPART });
    expectRefusedUnread(over, UPLOAD_LIMIT + 1);
    // A form that is not multipart gets the small limit there too.
    const form = await send('/fi/viestit/uusi', urlencoded(2 * MiB), { headers: FORM });
    expect(form.status).toBe(413);
  });

  test('a 20 MiB multipart body without a CSRF token is refused with 403 after at most the small limit was read', async () => {
    const before = residentBytes();
    const cases = [
      ['/fi/viestit/uusi', fiCore],
      ['/en/conversations/1', enCore],
      ['/fi/omat-tiedot', fiCore],
    ] as const;
    const answers = await Promise.all(cases.map(([path]) => send(path, multipart(20 * MiB), { headers: MULTIPART })));
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(403);
      expect(answer.body).toContain(cases[i]![1].errors.forbidden.title);
      expect(answer.sentBeforeAnswer).toBeLessThan(20 * MiB);
    });
    // (The old server read each body whole, twice over: ~40 MB a body.)
    expect(residentBytes() - before).toBeLessThan(answers.length * RSS_GROWTH_LIMIT);
  });
});

test.describe('message forms with large files, in the browser', () => {
  const fi = messagingTexts.fi;

  /** A file on disk (sparse: a PDF header and zeros), which the browser reads itself. */
  function pdfOf(testInfo: TestInfo, name: string, bytes: number): string {
    const path = testInfo.outputPath(name);
    writeFileSync(path, '%PDF-1.7\n');
    truncateSync(path, bytes);
    return path;
  }

  async function messagingFixture(page: Page) {
    const response = await page.request.get('/dev/test-fixtures/messaging');
    expect(response.ok()).toBeTruthy();
    return (await response.json()) as { identityCode: string; unreadThreadId: number };
  }

  test(
    'over the upload limit: the translated 413 page without JS, the form’s own error with JS',
    { tag: '@no-js' },
    async ({ page, javaScriptEnabled }, testInfo) => {
      const data = await messagingFixture(page);
      await login(page, { identityCode: data.identityCode }, { lang: 'fi' });
      await page.goto(`/fi/viestit/${data.unreadThreadId}`);
      const text = 'Liian suuri liite.';
      await page.getByLabel(fi.composer.label, { exact: true }).fill(text);
      await page.getByLabel(fi.composer.attachments, { exact: true }).setInputFiles(pdfOf(testInfo, 'valtava.pdf', UPLOAD_LIMIT + MiB));
      await page.getByRole('button', { name: fi.composer.send, exact: true }).click();
      if (javaScriptEnabled) {
        // The browser checks the selection first: the form's own error, the text kept.
        await expect(page.getByRole('alert').filter({ hasText: fi.errors.attachmentTooLarge })).toBeVisible();
        await expect(page.getByLabel(fi.composer.label, { exact: true })).toHaveValue(text);
      } else {
        await expect(page.getByRole('heading', { level: 1, name: fiCore.errors.tooLarge.title })).toBeVisible();
        await expect(page.getByText(fiCore.errors.tooLarge.text)).toBeVisible();
      }
      // Nothing was sent.
      await page.goto(`/fi/viestit/${data.unreadThreadId}`);
      await expect(page.locator('li[id^="message-"]').filter({ hasText: text })).toHaveCount(0);
    },
  );

  test(
    'refused by the CSRF check after its first bytes (a stale token), an upload still gets its 403 page',
    { tag: '@no-js' },
    async ({ page, javaScriptEnabled }, testInfo) => {
      test.skip(javaScriptEnabled, 'A plain form post: with JS the browser checks the size before sending');
      const data = await messagingFixture(page);
      await login(page, { identityCode: data.identityCode }, { lang: 'fi' });
      await page.goto(`/fi/viestit/${data.unreadThreadId}`);
      await page.getByLabel(fi.composer.label, { exact: true }).fill('Vanhentunut lomake.');
      await page.locator('form:has(textarea) input[name="csrf"]').evaluate((input: HTMLInputElement) => (input.value = 'stale-token'));
      // 20 MiB: within the upload limit, far more than the sockets' buffers hold. The server answers
      // 403 after reading the token's part and throws the rest away as it comes (else the browser,
      // which sends all of it before reading the answer, would wait for the server's timeout).
      await page.getByLabel(fi.composer.attachments, { exact: true }).setInputFiles(pdfOf(testInfo, 'iso.pdf', 20 * MiB));
      await page.getByRole('button', { name: fi.composer.send, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: fiCore.errors.forbidden.title })).toBeVisible();
    },
  );
});
