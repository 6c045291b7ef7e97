import actingForTexts from '../../../app/i18n/resources/acting-for';
import { bookFixture, expect, login, test } from '../fixtures';
import { CHILDREN_URL } from '../urls';

test.describe("children's brand", () => {
  test('has its own theme, phone number and Finnish terms in every language', async ({ page }) => {
    await page.goto(`${CHILDREN_URL}/en/eula`);
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'children');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Käyttöehdot', level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: '09 4242 0200' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /Pikku Kaari/ })).toBeVisible();
  });

  test('shows the chat-moved page and its navigation link with pikkutsatti on', async ({ page }) => {
    await login(page, 'laura', { baseURL: CHILDREN_URL, lang: 'fi' });
    await page.goto(`${CHILDREN_URL}/fi`);
    const nav = page.getByRole('navigation', { name: 'Päävalikko' });
    await nav.getByRole('link', { name: 'Pikkutsatti' }).click();
    await expect(page.getByRole('heading', { name: 'Pikkutsatti on muuttanut' })).toBeVisible();
  });

  test('offers no acting on a Suomi.fi mandate, for a person or a company (ADR 0050)', async ({ page }) => {
    // Laura has a mandate from Aino in the demo's e-Authorizations test service.
    await login(page, 'laura', { baseURL: CHILDREN_URL, lang: 'fi' });
    await page.goto(`${CHILDREN_URL}/fi`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const name of [actingForTexts.fi.start, actingForTexts.fi.company.start]) await expect(page.getByRole('button', { name })).toHaveCount(0);
    // The return addresses, which on the general brand redirect a logged-in person to the front page.
    for (const path of ['/acting-for/return', '/company-mandate/return']) {
      expect((await page.request.get(`${CHILDREN_URL}${path}`, { maxRedirects: 0 })).status(), path).toBe(404);
    }
  });

  test('lacks the general brand patient instructions on the help page', async ({ page }) => {
    await login(page, 'aino', { baseURL: CHILDREN_URL, lang: 'fi' });
    await page.goto(`${CHILDREN_URL}/fi/ohjeita`);
    await expect(page.getByRole('heading', { name: 'Ohjeita', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ohjeita potilaalle' })).toHaveCount(0);
    // mfa is off on this server: no SMS-login question.
    await expect(page.getByText('Mikä on tekstiviestikirjautuminen?')).toHaveCount(0);
  });
});

test.describe('general brand', () => {
  test("answers 404 for the children's brand page and does not link it", async ({ page }) => {
    await login(page, 'laura', { lang: 'fi' });
    await page.goto('/fi');
    await expect(page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Pikkutsatti' })).toHaveCount(0);
    const response = await page.goto('/fi/pikkutsatti');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Sivua ei löytynyt' })).toBeVisible();
  });
});

/**
 * Spec 2 §9: the children's brand pictures a practitioner with one of six avatars, chosen by the
 * first letter of the practitioner's id, on the colour of the clinic (by its code); the general
 * brand shows the practitioner's profile picture (spec 2 §3, spec 3 §3), where there is one.
 */
test.describe('practitioners’ pictures', () => {
  test('the children’s brand shows the avatar of the id’s first letter on the clinic’s colour', async ({ page }) => {
    await login(page, 'laura', { baseURL: CHILDREN_URL, lang: 'fi' });
    // P0001 at Kamppi (KA): "P" is group 3 of 6; Kamppi's colour is pink.
    const fixture = await bookFixture(page, 'laura', 3 * 24 * 60, { practitionerId: 'P0001', clinicId: 'KA' }, CHILDREN_URL);
    await page.goto(`${CHILDREN_URL}/fi/ajanvaraukset/${fixture.id}`);
    const avatar = page.getByRole('article').locator('img[src="/images/avatars/3.svg"]');
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveCSS('background-color', 'rgb(244, 199, 217)');
    const image = await page.request.get(`${CHILDREN_URL}/images/avatars/3.svg`);
    expect(image.headers()['content-type']).toContain('image/svg+xml');
    // The free times list each practitioner with their avatar.
    await page.goto(`${CHILDREN_URL}/fi/ajanvaraus/yksityisasiakas`);
    const first = page
      .getByRole('listitem')
      .filter({ has: page.locator('a[href*="/fi/vapaat-ajat/"]') })
      .first();
    await expect(first.locator('img[src^="/images/avatars/"]')).toBeVisible();
  });

  test('the general brand shows the practitioner’s profile picture', async ({ page }) => {
    await login(page, 'aino');
    const fixture = await bookFixture(page, 'aino', 3 * 24 * 60, { practitionerId: 'P0001', clinicId: 'KA' });
    await page.goto(`/en/appointments/${fixture.id}`);
    const picture = page.getByRole('article').locator('img[src^="/images/practitioners/"]');
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('article').locator('img[src^="/images/avatars/"]')).toHaveCount(0);
  });
});
