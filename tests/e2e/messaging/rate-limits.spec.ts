/**
 * Limits of the customer messaging API and the conversation page (issue 21, item 3), with
 * JavaScript on and off. A fresh customer (the messaging fixture) sends messages through the
 * GraphQL API until the per-person hourly limit answers 429 with Retry-After; a message typed on
 * the conversation page is then refused with the translated text, the typed text stays in the
 * form and nothing is sent. Aliased mutations and the review's 800 aliases are refused with 400
 * over HTTP.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import texts from '../../../app/i18n/resources/messaging';
import { csrfToken, expect, login, test } from '../fixtures';

const fi = texts.fi;

const graphql = (request: APIRequestContext, token: string, query: string) =>
  request.post('/api/customer-messaging', { data: { query }, headers: { 'X-CSRF-Token': token } });

test.describe('messaging limits', () => {
  test('over the hourly message limit the API answers 429 and the page refuses with the text kept', async ({ page }) => {
    const fixture = (await (await page.request.get('/dev/test-fixtures/messaging')).json()) as { identityCode: string; unreadThreadId: number };
    await login(page, { identityCode: fixture.identityCode }, { lang: 'fi' });
    const token = await csrfToken(page);
    const send = (n: number) =>
      graphql(page.request, token, `mutation { sendMessage(threadId: "${fixture.unreadThreadId}", message: {content: "Rajaviesti ${n}"}) { id } }`);

    // Whatever the deployment's limit, it is reached within a hundred messages.
    let refused = null;
    for (let n = 0; n < 100 && !refused; n++) {
      const answer = await send(n);
      if (answer.status() === 429) refused = answer;
      else expect(answer.status()).toBe(200);
    }
    expect(refused, 'the hourly limit answered 429').not.toBeNull();
    expect(refused!.headers()['retry-after']).toMatch(/^\d+$/);
    expect(await refused!.json()).toMatchObject({ error: { type: 'TooManyRequests', retryAfterSeconds: expect.any(Number) } });

    await page.goto(`/fi/viestit/${fixture.unreadThreadId}`);
    const text = `Tämä ei mene perille ${randomUUID().slice(0, 8)}`;
    await page.getByLabel(fi.composer.label, { exact: true }).fill(text);
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes(`/fi/viestit/${fixture.unreadThreadId}`),
    );
    await page.getByRole('button', { name: fi.composer.send, exact: true }).click();
    const answer = await answered;
    expect(answer.status()).toBe(429);
    expect(answer.headers()['retry-after']).toMatch(/^\d+$/);
    const [before, after] = fi.errors.tooManyMessages.split(/\{\{minutes\}\}/);
    await expect(page.getByRole('alert').filter({ hasText: before!.trim() })).toContainText(after!.trim());
    await expect(page.getByLabel(fi.composer.label, { exact: true })).toHaveValue(text);
    await page.goto(`/fi/viestit/${fixture.unreadThreadId}`);
    await expect(page.locator('li[id^="message-"]').filter({ hasText: text })).toHaveCount(0);
  });

  test('aliased mutations and 800 aliases are refused with 400 before anything runs', async ({ page }) => {
    const fixture = (await (await page.request.get('/dev/test-fixtures/messaging')).json()) as { identityCode: string; unreadThreadId: number };
    await login(page, { identityCode: fixture.identityCode }, { lang: 'fi' });
    const token = await csrfToken(page);
    const mark = (alias: string) => `${alias}: markAsRead(threadId: "${fixture.unreadThreadId}")`;
    const twice = await graphql(page.request, token, `mutation { ${mark('a')} ${mark('b')} }`);
    expect(twice.status()).toBe(400);
    expect(await twice.json()).toMatchObject({ error: { type: 'ValidationError', code: 'GRAPHQL_ONE_MUTATION_FIELD' } });
    const many = await graphql(page.request, token, `{${Array.from({ length: 800 }, (_, i) => `a${i}:thread(id:"${fixture.unreadThreadId}"){id}`).join(' ')}}`);
    expect(many.status()).toBe(400);
    expect(await many.json()).toMatchObject({ error: { type: 'ValidationError', code: 'GRAPHQL_TOO_MANY_TOKENS' } });
    // The thread is still unread: neither markAsRead ran.
    await page.goto('/fi/viestit');
    await expect(page.locator(`a[href="/fi/viestit/${fixture.unreadThreadId}"]`)).toHaveAttribute('data-unread', 'true');
  });
});
