/**
 * "Who has handled my data" (issue 23, ADR 0033), JS on and off: after a professional reads a
 * patient's thread in the staff area, the patient's page (reached from my information) lists that
 * read with the professional's name, role and reason; the footer links to it; the period filter
 * narrows the list and explains a wrong period; someone else's person id is 404; the page exists
 * in fi, sv and en; its times are valid HTML (`datetime` to the millisecond at most).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import texts from '../../../app/i18n/resources/access-log';
import { DEMO_PROFESSIONALS } from '../../../db/seed-messaging';
import { pagePath } from '../../../app/route-table';
import { expect, login, test } from '../fixtures';
import { BASE_URL } from '../urls';
import { dayAhead } from '../../fixtures/clock';

const fi = texts.fi;

async function messagingCustomer(page: Page): Promise<{ identityCode: string; unreadThreadId: number }> {
  const response = await page.request.get('/dev/test-fixtures/messaging');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as { identityCode: string; unreadThreadId: number };
}

/** Leena (the thread's doctor) opens the thread in the staff area, in a browser of her own. */
async function professionalReads(browser: Browser, javaScriptEnabled: boolean, threadId: number): Promise<void> {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled });
  try {
    const pro = await context.newPage();
    await login(pro, { identityCode: DEMO_PROFESSIONALS.leena.identityCode }, { lang: 'fi' });
    await pro.goto(`/fi/henkilokunta/viestit/${threadId}`);
    await expect(pro.getByRole('heading', { level: 1, name: 'Selkäkipu' })).toBeVisible();
  } finally {
    await context.close();
  }
}

test.describe('who has handled my data', () => {
  test('a professional’s read of a thread is listed with their name, from my information and the footer', async ({ page, browser, javaScriptEnabled }) => {
    const customer = await messagingCustomer(page);
    await professionalReads(browser, javaScriptEnabled, customer.unreadThreadId);

    await login(page, { identityCode: customer.identityCode }, { lang: 'fi' });
    await page.goto('/fi/omat-tiedot');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Tietojeni käsittely' })).toHaveAttribute('href', '/fi/tietojeni-kasittely');
    await page.getByRole('link', { name: fi.linkAction }).click();
    await expect(page).toHaveURL(/\/fi\/tietojeni-kasittely$/);
    await expect(page.getByRole('heading', { level: 1, name: fi.title })).toBeVisible();

    const table = page.getByRole('table', { name: fi.caption });
    const read = table
      .getByRole('row')
      .filter({ hasText: 'Leena Lahtinen, Työterveyslääkäri' })
      .filter({ hasText: `${fi.action.view}: ${fi.type.messages}` });
    await expect(read.first()).toBeVisible();
    await expect(read.first()).toContainText(fi.reason['message-handling']);
    // The patient's own login is there too, as "you"; their views of this page are not.
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: `${fi.action.login}: ${fi.type.session}` })
        .first(),
    ).toContainText(fi.who.you);
    await expect(table.getByRole('row').filter({ hasText: fi.type.accessLog })).toHaveCount(0);
    // Each row's <time datetime> is a valid global date and time string: HTML (and the Nu Html
    // Checker) allows at most three digits of a second's fraction; the log keeps microseconds.
    const datetimes = await table.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
    expect(datetimes.length).toBeGreaterThan(1);
    for (const value of datetimes) expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/);
  });

  test('the period filter narrows the list and explains a wrong period', async ({ page }) => {
    const customer = await messagingCustomer(page);
    await login(page, { identityCode: customer.identityCode }, { lang: 'fi' });
    await page.goto('/fi/tietojeni-kasittely');
    await expect(page.getByRole('table', { name: fi.caption })).toBeVisible();

    // Nothing has happened tomorrow yet.
    await page.getByLabel(fi.filter.from, { exact: true }).fill(dayAhead(1));
    await page.getByRole('button', { name: fi.filter.submit }).click();
    await expect(page).toHaveURL(new RegExp(`from=${dayAhead(1)}`));
    await expect(page.getByText(fi.emptyPeriod)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    // Today's records (the login) are in today's period.
    await page.getByLabel(fi.filter.from, { exact: true }).fill(dayAhead(0));
    await page.getByLabel(fi.filter.to, { exact: true }).fill(dayAhead(0));
    await page.getByRole('button', { name: fi.filter.submit }).click();
    await expect(page.getByRole('table', { name: fi.caption }).getByRole('row').filter({ hasText: fi.type.session }).first()).toBeVisible();

    // An end before the start is explained at the field, without a list.
    await page.goto(`/fi/tietojeni-kasittely?from=${dayAhead(1)}&to=${dayAhead(0)}`);
    await expect(page.getByText(fi.errors.order)).toBeVisible();
    await expect(page.getByLabel(fi.filter.to, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('table')).toHaveCount(0);

    await page.getByRole('link', { name: fi.filter.clear }).click();
    await expect(page.getByRole('table', { name: fi.caption })).toBeVisible();
  });

  test('someone else’s person id is 404; the page is there in Swedish and English', async ({ page }) => {
    await login(page, 'laura', { lang: 'fi' });
    // Sanni is 15 and nobody's ward here; a random id is nobody at all.
    for (const id of [randomUUID(), 'x']) {
      expect((await page.request.get(`/fi/tietojeni-kasittely?person=${id}`)).status()).toBe(404);
    }
    for (const lang of ['sv', 'en'] as const) {
      await page.goto(pagePath('accessLog', lang));
      await expect(page.getByRole('heading', { level: 1, name: texts[lang].title })).toBeVisible();
    }
    // Laura chooses Eino (8): his records, named.
    await page.goto('/fi/tietojeni-kasittely');
    await page.getByRole('link', { name: 'Eino Nieminen' }).click();
    await expect(page.getByText(fi.wardIntro.replace('{{name}}', 'Eino Nieminen'))).toBeVisible();
  });
});
