/**
 * My devices (issue 23 part 3, ADR 0032), with JavaScript on and off: log in on two browsers; the
 * first sees both, ends the second, and the second's next request (a page, and a form post) lands
 * on the login page. "Log out all other devices" ends every other browser and keeps this one.
 * Each test logs in a person of its own, so no other test's sessions show.
 */
import type { Browser, BrowserContext } from '@playwright/test';
import texts from '../../../app/i18n/resources/devices';
import { pagePath } from '../../../app/route-table';
import { expect, login, newIdentityCode, test } from '../fixtures';

const t = texts.en;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1';
const DEVICES = pagePath('myDevices', 'en');

async function browserAs(browser: Browser, baseURL: string, javaScriptEnabled: boolean, userAgent?: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, javaScriptEnabled, ...(userAgent ? { userAgent } : {}) });
}

test('the first browser logs out the second, whose next request lands on the login page', async ({ page, browser, baseURL, javaScriptEnabled }) => {
  const who = { identityCode: newIdentityCode() };
  await login(page, who);
  const phone = await browserAs(browser, baseURL!, javaScriptEnabled, IPHONE);
  const phonePage = await phone.newPage();
  await login(phonePage, who);
  // The phone has the page open (with a form on it) when it is logged out elsewhere.
  await phonePage.goto(DEVICES);
  await expect(phonePage.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  await page.goto(DEVICES);
  const list = page.getByRole('list', { name: t.listLabel });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const here = list.getByRole('listitem').filter({ hasText: t.thisDevice });
  await expect(here.getByRole('heading', { level: 2 })).toHaveText(`${t.kinds.desktop}: Chrome on Windows – ${t.thisDevice}`);
  await expect(here.getByRole('button')).toHaveCount(0);
  const other = list.getByRole('listitem').filter({ hasNotText: t.thisDevice });
  await expect(other.getByRole('heading', { level: 2 })).toHaveText(`${t.kinds.mobile}: Safari on iOS`);
  await expect(other.getByText('Online banking codes (OP)')).toBeVisible();

  await other.getByRole('button', { name: t.revoke }).click();
  await expect(page.getByRole('status').getByText(t.revoked)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${DEVICES}$`));
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText(t.onlyThis)).toBeVisible();

  // The phone's next post (its "log out all others" form, with its old token) goes to login...
  await phonePage.getByRole('button', { name: t.revokeOthers }).click();
  await expect(phonePage).toHaveURL(/\/en\/login\?nextPath=/);
  // ...and so does its next page, for good.
  await phonePage.goto(DEVICES);
  await expect(phonePage).toHaveURL(new RegExp(`/en/login\\?nextPath=${encodeURIComponent(DEVICES)}$`));
  await expect(phonePage.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await phone.close();

  // This browser is still logged in.
  await page.goto(DEVICES);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
});

test('log out all other devices ends every other browser and keeps this one', async ({ page, browser, baseURL, javaScriptEnabled }) => {
  const who = { identityCode: newIdentityCode() };
  await login(page, who);
  const others = [await browserAs(browser, baseURL!, javaScriptEnabled, IPHONE), await browserAs(browser, baseURL!, javaScriptEnabled)];
  const otherPages = [];
  for (const context of others) {
    const otherPage = await context.newPage();
    await login(otherPage, who);
    otherPages.push(otherPage);
  }
  await page.goto(DEVICES);
  await expect(page.getByRole('list', { name: t.listLabel }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: t.revokeOthers }).click();
  await expect(page.getByRole('status').getByText(t.revokedOthers)).toBeVisible();
  await expect(page.getByRole('list', { name: t.listLabel }).getByRole('listitem')).toHaveCount(1);

  for (const otherPage of otherPages) {
    await otherPage.goto(pagePath('appointmentList', 'en'));
    await expect(otherPage).toHaveURL(/\/en\/login\?nextPath=/);
  }
  for (const context of others) await context.close();
});

test('my information links to my devices; another person’s session id is not found', async ({ page, baseURL }) => {
  await login(page, 'aino');
  await page.goto(pagePath('myInformation', 'en'));
  await page.getByRole('link', { name: t.link, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${DEVICES}$`));

  const html = await (await page.request.get(DEVICES)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
  const unknown = await page.request.post(DEVICES, {
    form: { csrf, intent: 'revoke', sessionId: '0b6a1f6e-2f5e-4b8c-9a55-2f1d6f0c9a11' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(unknown.status()).toBe(404);
  // Without the session's token nothing is ended.
  const forged = await page.request.post(DEVICES, { form: { intent: 'revoke-others' }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
});
