/**
 * The accessibility statement and its feedback form (issue 23 parts 5 and 6, ADR 0032), with
 * JavaScript on and off: the footer links to the statement in every language on both brands; the
 * form works without login, refuses what is missing with translated errors, acknowledges by
 * e-mail through the outbox, and the feedback shows in the staff area as text.
 */
import texts from '../../../app/i18n/resources/shell/accessibility';
import core from '../../../app/i18n/resources/en';
import coreFi from '../../../app/i18n/resources/fi';
import coreSv from '../../../app/i18n/resources/sv';
import { LANGUAGES } from '../../../app/i18n/config';
import { pagePath } from '../../../app/route-table';
import { DEMO_PROFESSIONALS } from '../../../db/seed-messaging';
import { expect, login, test } from '../fixtures';
import { CHILDREN_URL } from '../urls';
import { sendAccessibilityFeedback } from './accessibility-fixtures';

const CORE = { en: core, fi: coreFi, sv: coreSv };

for (const [brand, base] of [
  ['general', ''],
  ['children', CHILDREN_URL],
] as const) {
  test(`the footer links to the statement in every language (${brand} brand)`, async ({ page }) => {
    for (const lang of LANGUAGES) {
      await page.goto(`${base}/${lang}`);
      await page.getByRole('contentinfo').getByRole('link', { name: CORE[lang].chrome.accessibilityStatement }).click();
      await expect(page).toHaveURL(new RegExp(`${pagePath('accessibilityStatement', lang)}$`));
      await expect(page.getByRole('heading', { level: 1, name: texts[lang].title })).toBeVisible();
      await expect(page.getByText(texts[lang].authority.name)).toBeVisible();
      await expect(page.getByRole('link', { name: texts[lang].feedback.link })).toBeVisible();
    }
  });
}

test('the statement names the brand, lists the known problems of its one list (not the fixed ones) and when it was last reviewed', async ({ page }) => {
  await page.goto(`${CHILDREN_URL}${pagePath('accessibilityStatement', 'fi')}`);
  await expect(page.getByText(/palveluntarjoajan Pikku Kaari potilasportaalia/)).toBeVisible();
  // Fixed on 25.11.2026 (tagged PDFs, ADR 0043; the Kela card's refusal that went away): gone.
  await expect(page.getByRole('heading', { name: 'PDF-asiakirjat' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Kela-kortin kuvat' })).toHaveCount(0);
  // The texts have an entry for each problem of the list (app/models/shell/accessibility-statement.ts), in its order.
  const gaps = page.getByRole('region', { name: texts.fi.gaps.heading });
  await expect(gaps.getByRole('heading', { level: 3 })).toHaveText(Object.values(texts.fi.problems).map((problem) => problem.title));
  await expect(page.getByText(/viimeksi tarkistettu 7\.12\.2026/)).toBeVisible();
  await expect(page.getByText(texts.fi.testing.notDone)).toBeVisible();
});

test('anonymous feedback: errors first, then sent, acknowledged and shown to staff as text', async ({ page, browser, baseURL }) => {
  const f = texts.en.feedbackForm;
  await page.goto(pagePath('accessibilityStatement', 'en'));
  await page.getByRole('link', { name: texts.en.feedback.link }).click();
  await expect(page.getByRole('heading', { level: 1, name: f.title })).toBeVisible();

  // What the browser's own check would refuse, sent anyway: the server answers with the errors.
  await page.getByLabel(f.email).fill('not-an-address');
  await page.locator('form#accessibility-feedback').evaluate((form: HTMLFormElement) => {
    // Over the field's maxlength, which typing could not reach.
    (form.elements.namedItem('location') as HTMLInputElement).value = 'x'.repeat(301);
    form.noValidate = true;
    form.requestSubmit();
  });
  await expect(page.getByText(f.errors.locationTooLong)).toBeVisible();
  await expect(page.getByText(f.errors.descriptionRequired)).toBeVisible();
  await expect(page.getByText(f.errors.email)).toBeVisible();
  await expect(page.getByLabel(f.email)).toHaveValue('not-an-address');

  const marker = `<img src=x onerror=alert(1)> ${Math.random().toString(36).slice(2)}`;
  const email = `a11y-${Math.random().toString(36).slice(2)}@example.fi`;
  await sendAccessibilityFeedback(page, 'en', { location: 'Invoices page', description: `The pay link\n${marker}`, email });
  await expect(page.getByText(texts.en.feedbackReceived.withEmail)).toBeVisible();

  // The acknowledgement is in the outbox (the development view lists it).
  const outbox = await (await page.request.get('/dev/outbox')).text();
  expect(outbox).toContain(email);
  expect(outbox).not.toContain(marker.slice(-8));

  // Staff see it, the sender's text as text.
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await login(staffPage, { identityCode: DEMO_PROFESSIONALS.hanna.identityCode });
  await staffPage.goto(pagePath('staffMessages', 'en'));
  await staffPage.getByRole('link', { name: texts.en.staff.navLink }).click();
  await expect(staffPage.getByRole('heading', { level: 1, name: texts.en.staff.title })).toBeVisible();
  const item = staffPage.getByRole('listitem').filter({ hasText: marker });
  await expect(item).toHaveCount(1);
  await expect(item.getByText(email)).toBeVisible();
  await expect(item.getByText(texts.en.staff.acknowledged)).toBeVisible();
  expect(await staffPage.locator('img[src="x"]').count()).toBe(0);
  await staff.close();
});

test('feedback without an address says no personal answer comes; patients cannot open the staff list', async ({ page }) => {
  await sendAccessibilityFeedback(page, 'sv');
  await expect(page.getByText(texts.sv.feedbackReceived.withoutEmail)).toBeVisible();
  await login(page, 'aino');
  expect((await page.request.get(pagePath('staffAccessibilityFeedback', 'en'))).status()).toBe(404);
});
