/**
 * Content first on a phone (issue 25): at 360 × 640 the side navigation is folded behind a menu
 * button (a native disclosure, so it opens without JavaScript), and the page's heading ends on
 * the first screen: the front page, a record list and the invoice list. Opened, the menu shows
 * every link, and each leads to its page, which starts with the menu folded again. On a
 * desktop the links are shown as before, without opening anything. axe checks the phone layout
 * with the menu closed and open in every language.
 */
import type { Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../../app/i18n/config';
import enCore from '../../../app/i18n/resources/en';
import fiCore from '../../../app/i18n/resources/fi';
import svCore from '../../../app/i18n/resources/sv';
import { PAGES, pageDefinition, pagePath, type PageKey } from '../../../app/route-table';
import { expect, expectNoAxeViolations, login, test } from '../fixtures';

const CORE = { fi: fiCore, sv: svCore, en: enCore } as const;
const PHONE = { width: 360, height: 640 };
const SIDEWAYS = { width: 740, height: 360 };
const headingPagesSideways: PageKey[] = ['front', 'invoices'];
const DESKTOP = { width: 1280, height: 800 };

const nav = (page: Page, lang: Language) => page.getByRole('navigation', { name: CORE[lang].chrome.mainNavigation });
/** The menu's button (the disclosure's summary). */
const menuButton = (page: Page, lang: Language) => nav(page, lang).locator('summary');
/** Every link of the navigation, shown or not (`getByRole` would skip hidden ones). */
const navLinks = (page: Page, lang: Language) => nav(page, lang).locator('a[href]');

/** Mikko has the longest navigation (the occupational group, messages, the sickness fund). */
const WHO = 'mikko';

test.describe('on a phone (360 × 640)', () => {
  test.use({ viewport: PHONE });

  const headingPages: PageKey[] = ['front', 'visits', 'laboratory', 'invoices'];
  test('the heading of the front page, the record lists and the invoice list ends on the first screen', async ({ page }) => {
    await login(page, WHO, { lang: 'fi' });
    for (const key of headingPages) {
      const response = await page.goto(pagePath(key, 'fi'));
      expect(response?.status()).toBe(200);
      await expect(menuButton(page, 'fi')).toBeVisible();
      const box = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(box, `${key}: the h1 is laid out`).not.toBeNull();
      expect(box!.y + box!.height, `${key}: the h1's bottom edge`).toBeLessThanOrEqual(PHONE.height);
    }
  });

  test('the navigation is folded behind the menu button until it is opened', async ({ page }) => {
    await login(page, WHO, { lang: 'fi' });
    await page.goto(pagePath('front', 'fi'));
    const button = menuButton(page, 'fi');
    await expect(button).toBeVisible();
    await expect(button).toBeInViewport({ ratio: 1 });
    await expect(button).toContainText(fiCore.chrome.menu);
    await expect(button).toHaveAccessibleName(new RegExp(`^${fiCore.chrome.menu}`));
    const links = navLinks(page, 'fi');
    expect(await links.count()).toBeGreaterThan(5);
    for (const link of await links.all()) await expect(link).toBeHidden();

    await button.click();
    for (const link of await links.all()) await expect(link).toBeVisible();
    // The unread messages' badge is in the navigation (a demo person's count varies between tests).
    await expect(nav(page, 'fi').getByRole('link', { name: new RegExp(fiCore.chrome.messages) })).toBeVisible();

    await button.click();
    for (const link of await links.all()) await expect(link).toBeHidden();
  });

  test('the menu button names the unread messages while the navigation is folded', async ({ page }) => {
    // A customer of this test's own with one unread reply (a demo person's count varies between tests).
    const customer = (await (await page.request.get('/dev/test-fixtures/messaging')).json()) as { identityCode: string; unreadThreadId: number };
    await login(page, { identityCode: customer.identityCode }, { lang: 'en' });
    await page.goto(pagePath('front', 'en'));
    const badge = nav(page, 'en').locator(`a[href="${pagePath('conversations', 'en')}"] span`);
    const button = menuButton(page, 'en');
    await expect(badge).toHaveText('1');
    await expect(button).toHaveAccessibleName('Menu 1 unread');
    await expect(button).toContainText('1');
    // Read, the count goes: the button is the menu alone.
    await page.goto(pagePath('conversation', 'en', { threadId: String(customer.unreadThreadId) }));
    await page.goto(pagePath('front', 'en'));
    await expect(badge).toHaveCount(0);
    await expect(button).toHaveAccessibleName(enCore.chrome.menu);
  });

  test('every link of the opened menu leads to its page, which starts with the menu folded', { tag: '@no-js' }, async ({ page, javaScriptEnabled }) => {
    test.slow(); // A page per link.
    await login(page, WHO, { lang: 'fi' });
    await page.goto(pagePath('front', 'fi'));
    const hrefs = await navLinks(page, 'fi').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs).toContain(pagePath('invoices', 'fi'));
    expect(hrefs.at(-1)).toBe(pagePath('logout', 'fi'));
    // Each link from the page the previous one led to: the menu works on every one of them. A
    // link to a full-width page (the booking calendar: no navigation menu, spec 3 §2) is followed
    // from the front page, and the next one from there.
    const fullWidth = new Set(
      (Object.keys(PAGES) as PageKey[])
        .filter((key) => (pageDefinition(key).chrome ?? 'full') !== 'full' && !pageDefinition(key).paths.fi?.includes(':'))
        .map((key) => pagePath(key, 'fi')),
    );
    for (const [index, href] of hrefs.entries()) {
      if ((await nav(page, 'fi').count()) === 0) await page.goto(pagePath('front', 'fi'));
      await menuButton(page, 'fi').click();
      const link = navLinks(page, 'fi').nth(index);
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
      await link.click();
      if (href === pagePath('logout', 'fi') && javaScriptEnabled) {
        // With JS log-out asks in a dialog (tests/e2e/auth); the address itself is checked below.
        const cancel = page.getByRole('dialog').getByRole('button', { name: fiCore.logout.cancel });
        await cancel.click();
        await expect(page.getByRole('dialog')).toBeHidden();
      } else {
        await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The next page starts with the menu folded (a full-width page has none).
        if (fullWidth.has(href)) await expect(nav(page, 'fi')).toHaveCount(0);
        else if (href !== pagePath('logout', 'fi')) await expect(navLinks(page, 'fi').first()).toBeHidden();
      }
      expect((await page.request.get(href)).status(), href).toBe(200);
    }
  });

  for (const lang of LANGUAGES) {
    // (axe runs in the page, so only with JavaScript on, as in tests/e2e/a11y.spec.ts: the HTML and the menu are the same.)
    test(`axe: the front page with the menu closed and open in ${lang}`, async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, 'axe needs JavaScript in the page');
      test.slow(); // axe twice.
      await login(page, WHO, { lang });
      await page.goto(pagePath('front', lang));
      await expect(navLinks(page, lang).first()).toBeHidden();
      await expectNoAxeViolations(page);
      await menuButton(page, lang).click();
      await expect(navLinks(page, lang).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('on a phone held sideways (740 × 360)', () => {
  test.use({ viewport: SIDEWAYS });

  test('the navigation is folded too, and the heading ends on the first screen', async ({ page }) => {
    await login(page, WHO, { lang: 'sv' });
    for (const key of headingPagesSideways) {
      await page.goto(pagePath(key, 'sv'));
      await expect(menuButton(page, 'sv')).toBeVisible();
      await expect(navLinks(page, 'sv').first()).toBeHidden();
      const box = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(box, `${key}: the h1 is laid out`).not.toBeNull();
      expect(box!.y + box!.height, `${key}: the h1's bottom edge`).toBeLessThanOrEqual(SIDEWAYS.height);
    }
    await menuButton(page, 'sv').click();
    await expect(navLinks(page, 'sv').first()).toBeVisible();
  });
});

test.describe('on a desktop (1280 wide)', () => {
  test.use({ viewport: DESKTOP });

  test('the navigation links are shown without opening anything, and there is no menu button', async ({ page }) => {
    await login(page, WHO, { lang: 'fi' });
    await page.goto(pagePath('front', 'fi'));
    await expect(menuButton(page, 'fi')).toBeHidden();
    const links = navLinks(page, 'fi');
    expect(await links.count()).toBeGreaterThan(5);
    for (const link of await links.all()) {
      // Log-out is in the header's user menu on large screens.
      if ((await link.getAttribute('href')) === pagePath('logout', 'fi')) await expect(link).toBeHidden();
      else await expect(link).toBeVisible();
    }
    await nav(page, 'fi').getByRole('link', { name: fiCore.chrome.invoices }).click();
    await expect(page).toHaveURL(new RegExp(`${pagePath('invoices', 'fi')}$`));
    await expect(nav(page, 'fi').getByRole('link', { name: fiCore.chrome.laboratory })).toBeVisible();
  });
});
