import { expect, login, test } from '../fixtures';

test('with JS, warnings come 90 and 30 s before expiry and then the timed-out page, on a plain page', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'js', 'the browser timer is a JavaScript enhancement');
  await page.clock.install();
  await login(page, 'aino');
  await page.goto('/en');
  await expect(page.getByRole('heading', { name: 'Hello, Aino!' })).toBeVisible();
  // A plain page (no React): the page script keeps the time (ADR 0009).
  await expect(page.locator('html[data-static]')).toHaveCount(1);

  // The default idle timeout is 30 minutes.
  await page.clock.fastForward('28:31');
  await expect(page.getByText('Save pending changes. Your session will expire in 90 seconds.')).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page.getByText('Save pending changes. Your session will expire in 30 seconds.')).toBeVisible();
  await page.clock.fastForward('00:31');
  await expect(page).toHaveURL(/\/en\/expired-session\?next=%2Fen$/);
  await expect(page.getByRole('heading', { name: 'Session timed out' })).toBeVisible();
  await expect(page.getByText('For your security you were logged out after 30 minutes without activity.')).toBeVisible();
  // The server ended the session too.
  await page.goto('/fi/ohjeita');
  await expect(page).toHaveURL(/\/fi\/kirjaudu/);
});

test('with JS, a page that polls does not keep an unattended session alive: the warning comes when the idle time ends', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'js', 'pages poll only with JavaScript (without it they have a Refresh link)');
  await page.clock.install();
  const customer = (await (await page.request.get('/dev/test-fixtures/messaging')).json()) as { identityCode: string };
  await login(page, { identityCode: customer.identityCode });
  await page.goto('/en/conversations');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  // A plain page (no React): the page script polls the list and keeps the time (ADR 0009).
  await expect(page.locator('html[data-static]')).toHaveCount(1);

  // Ten minutes without activity by the server's clock: 20 of the 30 minutes are left.
  expect((await page.request.get('/dev/test-fixtures/session?idleMinutes=10')).ok()).toBeTruthy();
  // The list polls every 2 minutes: a GET of the page itself, which says it is a poll, so the
  // server does not count it as activity.
  const polled = page.waitForResponse((r) => new URL(r.url()).pathname === '/en/conversations' && r.request().headers()['x-portal-poll'] === '1');
  // When the page has the poll's answer (its script reads the time left from the answer's
  // headers at once, in the same task).
  await page.evaluate(() => {
    const w = window as unknown as { fetch: typeof fetch; answered: boolean };
    const original = w.fetch;
    w.answered = false;
    w.fetch = (...args) =>
      original(...args).then((r) => {
        w.answered = true;
        return r;
      });
  });
  await page.clock.fastForward('02:00');
  const poll = await polled;
  expect(poll.request().method()).toBe('GET');
  expect(poll.status()).toBe(200);
  // What the server said in the poll's answer (the session's time left, X-Portal-Session-Ms): at
  // most the 20 minutes (a poll counted as activity would have restarted the 30).
  const left = Number((await poll.allHeaders())['x-portal-session-ms']);
  expect(left).toBeLessThanOrEqual(20 * 60_000);
  expect(left).toBeGreaterThan(19 * 60_000);
  // The page's timer follows the server's answer: the 90-second warning comes 18½ minutes after
  // the poll, not 28½ after the load.
  await expect.poll(() => page.evaluate(() => (window as unknown as { answered: boolean }).answered)).toBe(true);
  await page.clock.fastForward('18:31');
  await expect(page.getByText('Save pending changes. Your session will expire in 90 seconds.')).toBeVisible();
});
