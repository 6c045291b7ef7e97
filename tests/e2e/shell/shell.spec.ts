import { bookFixture, expect, login, test } from '../fixtures';
import { BASE_URL, CHILDREN_URL } from '../urls';

test.describe('languages', () => {
  test('/ redirects to the preferred language', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'sv-FI' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/sv$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    // A visited language is remembered over the header.
    await page.goto('/en/eula');
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
    await context.close();
  });

  test('the language picker leads to the same page with the same query', async ({ page }) => {
    await page.goto('/en/login?nextPath=%2Fen%2Feula');
    await page.getByRole('link', { name: 'Change language to Svenska' }).click();
    await expect(page).toHaveURL(/\/sv\/logga-in\?nextPath=%2Fen%2Feula$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Byt språk till Suomi' }).click();
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=%2Fen%2Feula$/);
  });

  test('switching language on a logged-in page keeps the user on that page', async ({ page }) => {
    await login(page, 'aino', { lang: 'fi' });
    await page.goto('/fi');
    await page.getByRole('link', { name: 'Vaihda kieleksi English' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { name: 'Hello, Aino!' })).toBeVisible();
  });

  test('unknown paths give a translated 404 page', async ({ page }) => {
    for (const [path, title] of [
      ['/fi/ei-ole', 'Sivua ei löytynyt'],
      ['/sv/finns-inte', 'Sidan hittades inte'],
      ['/en/nope', 'Page not found'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
  });

  test('terms of use in each language', async ({ page }) => {
    await page.goto('/sv/eula');
    await expect(page.getByRole('heading', { name: 'Användarvillkor', level: 1 })).toBeVisible();
    await page.goto('/en/eula');
    await expect(page.getByRole('heading', { name: 'Terms of use', level: 1 })).toBeVisible();
  });
});

test.describe('security', () => {
  test('a POST without the CSRF token is refused with 403', async ({ page }) => {
    await login(page, 'aino');
    const response = await page.request.post('/en/logout', { form: { foo: 'bar' }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain('The request could not be verified');
    // Still logged in: the refused request changed nothing.
    await page.goto('/en');
    await expect(page.getByRole('heading', { name: 'Hello, Aino!' })).toBeVisible();
  });

  test('a POST from another origin is refused with 403 even with a token', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByRole('link', { name: 'OP', exact: true }).click();
    const url = page.url();
    const csrf = await page.locator('input[name="csrf"]').inputValue();
    const response = await page.request.post(url, {
      form: { csrf, identityCode: '150385-9024' },
      headers: { Origin: 'https://evil.example' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test('personal pages are not cached and carry the security headers', async ({ page }) => {
    await login(page, 'aino');
    const response = await page.goto('/en');
    const headers = response!.headers();
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('health checks answer', async ({ request }) => {
    expect((await request.get('/healthz')).status()).toBe(200);
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  test('logged-in pages send anonymous visitors to the login page', async ({ page }) => {
    await page.goto('/fi/ohjeita');
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=%2Ffi%2Fohjeita$/);
  });
});

test.describe('help page', () => {
  test('is Finnish only, with the SMS question when mfa is on', async ({ page }) => {
    await login(page, 'aino', { lang: 'fi' });
    await page.goto('/fi/ohjeita');
    await expect(page.getByRole('heading', { name: 'Ohjeita', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ohjeita potilaalle' })).toBeVisible();
    await expect(page.getByText('Mikä on tekstiviestikirjautuminen?')).toBeVisible();
    await expect(page.getByRole('link', { name: '09 4242 0000' }).first()).toBeVisible();
    expect((await page.goto('/en/ohjeita'))?.status()).toBe(404);
  });
});

test.describe('in-app scope', () => {
  test('hides header and footer and keeps them hidden after login', async ({ page }) => {
    await page.goto('/fi/in-app?next=%2Ffi%2Feula');
    await expect(page).toHaveURL(/\/fi\/eula$/);
    await expect(page.getByRole('heading', { name: 'Käyttöehdot', level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await login(page, 'aino', { lang: 'fi' });
    await page.goto('/fi');
    await expect(page.getByRole('heading', { name: 'Hei, Aino!' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('a link from another site does not switch a session into the in-app layout', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the other site navigates by script');
    await login(page, 'aino', { lang: 'fi' });
    // The children's server is another site (127.0.0.1, not localhost): its page sends the browser here.
    await page.goto(`${CHILDREN_URL}/fi/eula`);
    await page.evaluate((url) => (window.location.href = url), `${BASE_URL}/fi/in-app?next=%2Ffi`);
    await expect(page).toHaveURL(/\/fi$/);
    await expect(page.getByRole('heading', { name: 'Hei, Aino!' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('in the app, an external https link goes to the app on a plain page; our own links stay', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the link bridge is the page script');
    // What the mobile app's web view provides.
    await page.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { sentToApp: sent, ReactNativeWebView: { postMessage: (message: string) => sent.push(message) } });
    });
    await page.goto('/fi/in-app?next=%2Ffi%2Feula');
    await expect(page.locator('html[data-static]')).toHaveCount(1);
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: 'https://www.kela.fi/', textContent: 'Kela' });
      document.querySelector('main')!.append(link);
    });
    await page.getByRole('link', { name: 'Kela' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sentToApp: string[] }).sentToApp))
      .toEqual([JSON.stringify({ type: 'openExternalUrl', url: 'https://www.kela.fi/' })]);
    await expect(page).toHaveURL(/\/fi\/eula$/);
  });

  test('a foreign next from the app falls back to the front page', async ({ page }) => {
    await page.goto('/en/in-app?next=https%3A%2F%2Fevil.example');
    await expect(page).toHaveURL(/\/en$/);
  });
});

test.describe('session expiry', () => {
  test('the expired-session page explains the logout and offers bank login', async ({ page }) => {
    await page.goto('/en/expired-session?next=%2Fen%2Feula');
    await expect(page.getByRole('heading', { name: 'Session timed out' })).toBeVisible();
    await expect(page.getByText('You were logged out because it has been over 12 hours since you were authenticated.')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.getByRole('link', { name: 'Log in with bank credentials' }).click();
    await expect(page).toHaveURL(/\/en\/login\?nextPath=%2Fen%2Feula$/);
  });
});

test.describe('notices after an action (flash messages)', () => {
  test('with JS, the reason for the visit’s notice goes after 5 s and other notices after 10 s', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'without JS a notice is simply part of the one page it was rendered on');
    await login(page, 'aino');
    const fixture = await bookFixture(page, 'aino', 2 * 24 * 60);
    // The page's clock stands still from before the page loads: only the fast-forwards count.
    const start = Date.parse('2027-01-04T09:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);

    // Spec 2 §8/§9: the reason for the visit's notices show 5 s.
    await page.goto(`/en/appointments/${fixture.id}`);
    await page.getByLabel('Tell us briefly why you are coming').fill('Sore throat.');
    await page.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('status').getByText('Preliminary information saved successfully');
    await expect(saved).toBeVisible();
    await page.clock.fastForward(4_900);
    await expect(saved).toBeVisible();
    await page.clock.fastForward(200);
    await expect(saved).toBeHidden();

    // Spec 1 §8: every other notice 10 s (here: logging out).
    const banner = page.getByRole('banner');
    await banner.getByText('Aino Virtanen').click();
    await banner.getByRole('link', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Do you want to log out?' }).getByRole('button', { name: 'Log out' }).click();
    const loggedOut = page.getByRole('status').getByText('You have logged out.');
    await expect(loggedOut).toBeVisible();
    await page.clock.fastForward(9_900);
    await expect(loggedOut).toBeVisible();
    await page.clock.fastForward(200);
    await expect(loggedOut).toBeHidden();
  });
});

test.describe('full-width appointment lists', () => {
  test('show neither the menu nor the footer (spec 1 §2, spec 3 §2); the booking landing keeps its footer', async ({ page }) => {
    await login(page, 'aino');
    for (const path of ['/en/booking/private', '/en/booking/insurance']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo'), path).toHaveCount(0);
    }
    await page.goto('/en/booking');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.goto('/en');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});
