import { DEMO_PERSONS, expect, identifyAtTestBank, jsEnabled, login, test } from '../fixtures';

test.describe('strong identification', () => {
  test('Aino logs in through the test identification and sees her name', async ({ page }) => {
    await page.goto('/en/eula');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/login\?nextPath=%2Fen%2Feula/);
    await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
    for (const bank of [
      'Mobile certificate',
      'Aktia',
      'Ålandsbanken',
      'Danske Bank',
      'Handelsbanken',
      'Nordea',
      'OmaSäästöpankki',
      'OP',
      'POP Pankki',
      'Säästöpankki',
      'S-Pankki',
    ]) {
      await expect(page.getByRole('link', { name: bank, exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: 'OP', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Test identification service' })).toBeVisible();
    await page.getByLabel('Personal identity code').fill(DEMO_PERSONS.aino.identityCode);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/en\/eula$/);
    await expect(page.getByRole('banner').getByText('Aino Virtanen')).toBeVisible();
    await page.getByRole('link', { name: /front page/i }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Aino!' })).toBeVisible();
  });

  test('an invalid identity code on the test bank page shows an error and keeps the input', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByRole('link', { name: 'Nordea', exact: true }).click();
    await page.getByLabel('Personal identity code').fill('150385-9025');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Check the personal identity code. It must be a valid Finnish personal identity code.')).toBeVisible();
    await expect(page.getByLabel('Personal identity code')).toHaveValue('150385-9025');
    await expect(page.getByLabel('Personal identity code')).toHaveAttribute('aria-invalid', 'true');
  });

  test('cancelling at the bank returns to the login page with a message', async ({ page }) => {
    await page.goto('/fi/kirjaudu');
    await page.getByRole('link', { name: 'Aktia', exact: true }).click();
    await page.getByRole('button', { name: 'Peruuta' }).click();
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?error=cancelled/);
    await expect(page.getByRole('alert')).toHaveText('Tunnistautuminen keskeytettiin.');
  });

  test('an identification made by another method than the one chosen is explained in each language', async ({ page }) => {
    // The callback sends a refused ID token's acr (tests/integration/auth/identification.test.ts) here.
    for (const [path, text] of [
      ['/fi/kirjaudu?error=wrongMethod', 'Tunnistautumista ei tehty valitsemallasi tunnistustavalla. Valitse tunnistustapa ja yritä uudelleen.'],
      ['/sv/logga-in?error=wrongMethod', 'Identifieringen gjordes inte med den metod du valde. Välj identifieringsmetod och försök igen.'],
      ['/en/login?error=wrongMethod', 'The identification was not made with the method you chose. Choose your identification method and try again.'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toHaveText(text);
      await expect(page.getByRole('link', { name: 'OP', exact: true })).toBeVisible();
    }
  });

  test('a foreign next address lands on the front page', async ({ page }) => {
    await page.goto('/oauth/authenticate?lang=en&next=https%3A%2F%2Fevil.example%2Fsteal&acr_values=fi-op');
    await page.getByLabel('Personal identity code').fill(DEMO_PERSONS.aino.identityCode);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { name: 'Hello, Aino!' })).toBeVisible();
  });

  test('a protocol-relative nextPath on the login page is ignored', async ({ page }) => {
    await page.goto('/en/login?nextPath=%2F%2Fevil.example');
    const href = await page.getByRole('link', { name: 'OP', exact: true }).getAttribute('href');
    expect(new URL(href!, 'http://x').searchParams.get('next')).toBe('/en');
  });

  test('Pekka, not yet a patient, is told so after identifying', async ({ page }) => {
    await login(page, 'pekka');
    await page.goto('/en');
    await expect(page.getByRole('heading', { name: 'You are not yet our patient' })).toBeVisible();
  });

  test('Laura sees that she can act for Eino and Sanni', async ({ page }) => {
    await login(page, 'laura', { lang: 'sv' });
    await page.goto('/sv');
    await expect(page.getByRole('heading', { name: 'Hej, Laura!' })).toBeVisible();
    await expect(page.getByText('Som vårdnadshavare kan du också sköta ärenden för: Eino, Sanni.')).toBeVisible();
  });
});

test.describe('identification bound to the browser that started it (login CSRF)', () => {
  test('a captured callback link opened in another browser logs nobody in', async ({ page, browser, javaScriptEnabled, baseURL }) => {
    // The attacker identifies as himself in his own browser but keeps the callback link.
    const link = await identifyAtTestBank(page, 'mikko');

    const victimContext = await browser.newContext({ javaScriptEnabled, baseURL });
    try {
      const victim = await victimContext.newPage();
      await victim.goto(link);
      await expect(victim).toHaveURL(/\/en\/login\?error=failed/);
      await expect(victim.getByRole('alert')).toHaveText('Identification failed. Please try again.');
      await expect(victim.getByText('Mikko Korhonen')).toHaveCount(0);
      await victim.goto('/en');
      await expect(victim.getByRole('heading', { name: /Hello, Mikko/ })).toHaveCount(0);
      await expect(victim.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    } finally {
      await victimContext.close();
    }

    // The flow was used up: not even the browser that started it can use the link now (a used
    // flow's language is no longer looked up, so the login page is the default Finnish one).
    await page.goto(link);
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?error=failed/);
    await page.goto('/en');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('logging in through the pages inside the app still works', async ({ page }) => {
    await page.goto('/fi/in-app?next=%2Ffi%2Fajanvaraukset');
    await expect(page).toHaveURL(/\/fi\/kirjaudu/);
    await page.getByRole('link', { name: 'OP', exact: true }).click();
    await page.getByLabel('Henkilötunnus').fill(DEMO_PERSONS.aino.identityCode);
    await page.getByRole('button', { name: 'Vahvista' }).click();
    await expect(page).toHaveURL(/\/fi\/ajanvaraukset$/);
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
});

test.describe('log out', () => {
  test('logs out through the confirmation and ends the session on the server', { tag: '@no-js' }, async ({ page }, testInfo) => {
    await login(page, 'aino');
    await page.goto('/en');
    const banner = page.getByRole('banner');
    await banner.getByText('Aino Virtanen').click();
    await banner.getByRole('link', { name: 'Log out' }).click();
    if (jsEnabled(testInfo.project.name)) {
      const dialog = page.getByRole('dialog', { name: 'Do you want to log out?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Log out' }).click();
    } else {
      await expect(page).toHaveURL(/\/en\/logout$/);
      await expect(page.getByRole('main').getByText('Do you want to log out?')).toBeVisible();
      await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    }
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('status').getByText('You have logged out.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    // The old session no longer opens logged-in pages.
    await page.goto('/fi/ohjeita');
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=%2Ffi%2Fohjeita/);
  });

  test('cancelling the confirmation keeps the user logged in', { tag: '@no-js' }, async ({ page }, testInfo) => {
    await login(page, 'aino');
    await page.goto('/en');
    await page.getByRole('banner').getByText('Aino Virtanen').click();
    await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
    if (jsEnabled(testInfo.project.name)) {
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    } else {
      await page.getByRole('link', { name: 'Cancel' }).click();
    }
    await page.goto('/en');
    await expect(page.getByRole('heading', { name: 'Hello, Aino!' })).toBeVisible();
  });
});
