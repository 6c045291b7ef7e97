/**
 * Issue 21, with JavaScript on and off: a GET never ends or changes a session. Opening the
 * timed-out page while logged in (a link or an image on another site, the back button after
 * logging in again) ends nothing; it asks, and only its form (a POST with the session's CSRF
 * token) logs out. A cross-site or token-less POST ends nothing either.
 */
import { expect, login, test } from '../fixtures';

test('opening the timed-out page while logged in does not end the session (logout CSRF)', async ({ page }) => {
  await login(page, 'aino');
  // As an <img> or a link on another site would: cookies go along with a top-level or same-site GET.
  expect((await page.request.get('/en/expired-session?next=%2Fen')).status()).toBe(200);
  await page.goto('/fi/katkennut-istunto?next=%2Fen%2Feula');
  await page.goto('/en');
  await expect(page.getByRole('heading', { name: 'Hello, Aino!' })).toBeVisible();

  // The page asks instead (the log-out confirmation), in the page's language.
  await page.goto('/fi/katkennut-istunto?next=%2Fen%2Feula');
  await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu ulos' })).toBeVisible();
  await expect(page.getByText('Haluatko kirjautua ulos?')).toBeVisible();

  // Cancel goes back to where the user was, still logged in.
  await page.goto('/en/expired-session?next=%2Fen%2Feula');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/en\/eula$/);
  await expect(page.getByRole('banner').getByText('Aino Virtanen')).toBeVisible();
});

test('a POST to the timed-out page without our token, or from another site, ends nothing', async ({ page, baseURL }) => {
  await login(page, 'aino');
  expect((await page.request.post('/en/expired-session', { headers: { Origin: baseURL! }, maxRedirects: 0 })).status()).toBe(403);
  expect((await page.request.post('/en/expired-session', { headers: { Origin: 'https://evil.example' }, form: { csrf: 'x' }, maxRedirects: 0 })).status()).toBe(
    403,
  );
  await page.goto('/en');
  await expect(page.getByRole('heading', { name: 'Hello, Aino!' })).toBeVisible();
});

test('the timed-out page’s own button logs out', async ({ page }) => {
  await login(page, 'aino');
  await page.goto('/en/expired-session?next=%2Fen%2Feula');
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('status').getByText('You have logged out.')).toBeVisible();
  await page.goto('/fi/ohjeita');
  await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=%2Ffi%2Fohjeita/);
});
