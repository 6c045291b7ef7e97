import { expect, login, test } from '../fixtures';
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
