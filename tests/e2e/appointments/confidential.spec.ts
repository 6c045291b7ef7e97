/**
 * A minor's confidential visits (issue 23, ADR 0034), with JavaScript on and off: a 15-year-old
 * hides a visit their guardian booked from their own login (a plain form, redirect and flash);
 * logged in as the guardian, that visit is absent from the appointment list and the front page,
 * its id gives 404 (page, JSON, `.ics`), its invoice shows no service or clinic, and no reminder
 * names it to the guardian (it goes to the minor); the 8-year-old's visit still shows. An
 * earlier-time offer the guardian asked for stops working when the visit is hidden (issue 39).
 */
import type { Page } from '@playwright/test';
import { formatDateTime } from '../../../app/lib/format';
import { pagePath } from '../../../app/route-table';
import { csrfToken, expect, freshSlot, jsEnabled, login, test } from '../fixtures';
import { confidentialFamily, runReminderSweep } from './confidential-fixtures';

const HIDDEN = /Psykolog|Psycholog|Järvenpää|Träskända/;

test("a 15-year-old hides a visit from the guardian; the guardian no longer sees it anywhere, the 8-year-old's visit still shows", async ({ page }) => {
  const family = await confidentialFamily(page);
  const teenName = `${family.teen.firstName} ${family.teen.lastName}`;
  const childName = `${family.child.firstName} ${family.child.lastName}`;

  // Before: the guardian sees the visit they booked for the 15-year-old, and the invoice's service.
  await login(page, family.guardian);
  await page.goto('/en/appointments');
  await expect(page.getByRole('main')).toContainText(teenName);
  await page.goto(`/en/invoices/summary/${family.invoice.id}`);
  await expect(page.getByRole('main')).toContainText('Psychologist visit, Järvenpää');
  await page.context().clearCookies();

  // The 15-year-old hides it from their own login.
  await login(page, family.teen);
  await page.goto(`/en/appointments/${family.teenVisitId}`);
  const section = page.getByRole('region', { name: 'Your guardian and this visit' });
  await expect(section).toContainText('If you hide this visit, your guardian will not see it');
  await section.getByRole('button', { name: 'Hide this visit from my guardian' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/appointments/${family.teenVisitId}$`));
  await expect(page.getByRole('status').getByText('The visit is now hidden from your guardian.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Show this visit to my guardian again' })).toBeVisible();
  // The reminder job runs: the reminder the guardian's booking scheduled is re-checked now (in
  // the quiet hours, as of their end: the reminder is sent then).
  await runReminderSweep(page, { outsideQuietHours: true });
  await page.context().clearCookies();

  // The guardian: not in the list nor on the front page; the 8-year-old's visit is.
  await login(page, family.guardian);
  await page.goto('/en/appointments');
  await expect(page.getByRole('main')).toContainText(childName);
  await expect(page.getByRole('main')).not.toContainText(teenName);
  await expect(page.getByRole('main')).not.toContainText(HIDDEN);
  expect((await page.goto(`/en/appointments/${family.childVisitId}`))?.status()).toBe(200);
  await page.goto('/en');
  await expect(page.getByRole('main')).toContainText(childName);
  await expect(page.getByRole('main')).not.toContainText(teenName);

  // Its id is "not found": the page, the JSON route and the calendar file.
  const visitPage = await page.goto(`/en/appointments/${family.teenVisitId}`);
  expect(visitPage?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The appointment could not be found');
  const token = await csrfToken(page);
  const json = await page.request.post(`/api/appointments/check-in/${family.teenVisitId}?csrfToken=${encodeURIComponent(token)}`);
  expect(json.status()).toBe(404);
  expect(await json.json()).toEqual({ type: 'customerNotFound' });
  expect((await page.request.get(`/api/appointments/${family.teenVisitId}/calendar.ics?lang=en`)).status()).toBe(404);

  // The invoice is still the guardian's to pay, without its service and clinic: list, summary, PDF.
  await page.goto(`/en/invoices/summary/${family.invoice.id}`);
  await expect(page.getByRole('main')).toContainText('Health care service');
  await expect(page.getByRole('main')).toContainText(family.invoice.invoiceNumber);
  await expect(page.getByRole('main')).not.toContainText(HIDDEN);
  await page.goto('/en/invoices');
  const row = page.getByRole('main').locator('li, tr, article').filter({ hasText: family.invoice.invoiceNumber }).first();
  await expect(row).toContainText('Health care service');
  await expect(page.getByRole('main')).not.toContainText(HIDDEN);
  // The PDF is drawn from the same summary (its text is compressed glyphs: the integration test checks what it draws).
  const pdf = await page.request.get(`/api/invoices/${family.invoice.id}/pdf`);
  expect(pdf.status()).toBe(200);

  // No reminder or notice to the guardian names it; the reminder went to the minor (outside the quiet hours).
  await page.goto('/dev/outbox');
  const toGuardian = page.locator('article').filter({ hasText: family.guardian.phone });
  await expect(toGuardian).toHaveCount(0);
  await expect(page.locator('article').filter({ hasText: family.guardian.email })).toHaveCount(0);
  await expect(page.locator('article[data-outbox-channel="sms"]').filter({ hasText: family.teen.phone })).toHaveCount(1);
});

/** The bodies of the earlier-time offer SMS to `phone` in /dev/outbox, newest first. */
async function offersTo(page: Page, phone: string): Promise<string[]> {
  const html = await (await page.request.get('/dev/outbox')).text();
  return html
    .split('<article')
    .filter((m) => m.includes('<dd>sms</dd>') && m.includes('<dd>earlierTimeOffer</dd>') && m.includes(`<dd>${phone}</dd>`))
    .map((m) => /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(m)?.[1] ?? '');
}

test('an earlier-time offer the guardian asked for stops working when the 15-year-old hides the visit', async ({ page, browser, baseURL }, testInfo) => {
  test.skip(!jsEnabled(testInfo.project.name), 'plain forms and pages: the same without JavaScript');
  const family = await confidentialFamily(page);
  // The guardian, who booked the psychologist visit, asks for an earlier time for it (the form's post).
  await login(page, family.guardian);
  const form = pagePath('appointmentEarlierTime', 'en', { id: String(family.teenVisitId) });
  const html = await (await page.request.get(form)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const latestDate = /name="latestDate"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? /value="([^"]+)"[^>]*name="latestDate"/.exec(html)?.[1];
  const posted = await page.request.post(form, {
    form: { csrf: csrf!, intent: 'request', practitioner: 'same', clinicIds: 'JP', latestDate: latestDate! },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  // An earlier time of the same psychologist frees up: the offer reaches the guardian's phone.
  const place = { practitionerId: 'P0026', clinicId: 'JP', specialtyId: 'PSY' };
  await freshSlot(page.request, { startInMinutes: String(2 * 24 * 60), ...place });
  let link = '';
  await expect(async () => {
    link = /https?:\/\/[^\s]+(\/en\/earlier-time\/[A-Za-z0-9_-]+)/.exec((await offersTo(page, family.guardian.phone))[0] ?? '')?.[1] ?? '';
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  await page.context().clearCookies();

  // The 15-year-old hides the visit.
  await login(page, family.teen);
  await page.goto(`/en/appointments/${family.teenVisitId}`);
  await page.getByRole('region', { name: 'Your guardian and this visit' }).getByRole('button', { name: 'Hide this visit from my guardian' }).click();
  await expect(page.getByRole('status').getByText('The visit is now hidden from your guardian.')).toBeVisible();

  // The link in the guardian's message: no longer available, nothing of the visit, nothing to take.
  const holder = await browser.newContext({ baseURL });
  const offerPage = await holder.newPage();
  await offerPage.goto(link);
  await expect(offerPage.getByRole('heading', { level: 1, name: 'This offer is no longer available' })).toBeVisible();
  await expect(offerPage.getByRole('main')).not.toContainText(HIDDEN);
  await expect(offerPage.getByRole('button', { name: 'Take this time' })).toHaveCount(0);
  await holder.close();

  // Another earlier time frees up (offered at once): nothing of it reaches the guardian's phone.
  const next = await freshSlot(page.request, { startInMinutes: String(2 * 24 * 60 + 30), ...place });
  expect((await offersTo(page, family.guardian.phone)).filter((body) => body.includes(formatDateTime(new Date(next.startAt), 'en')))).toEqual([]);
});
