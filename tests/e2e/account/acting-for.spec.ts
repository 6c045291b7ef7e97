/**
 * Acting for another adult on a Suomi.fi mandate (issue 42, ADR 0050), through the built-in
 * e-Authorizations test service, in one walk: a fresh delegate with a mandate from Aino starts
 * "act on behalf of someone" on the front page, picks Aino on the service's selection page and
 * comes back; acting for her they book a free time (Aino is the patient), pay her invoice at the
 * test bank and read her lab result, and the header says whom they act for on every page they
 * open; Aino's "who has handled my data" page names the delegate acting on her mandate; when the
 * mandate's term has ended, the next request ends the acting.
 * Plain forms and redirects, the same without JavaScript; the issue asks for both, so the walk
 * runs in both projects (`@no-js`).
 */
import texts from '../../../app/i18n/resources/acting-for';
import accessLogTexts from '../../../app/i18n/resources/access-log';
import { pagePath } from '../../../app/route-table';
import reservationTexts from '../../../app/i18n/resources/booking/reservation';
import { BASE_URL } from '../urls';
import { expect, freshSlot, login, test } from '../fixtures';
import { inspectInvoice, invoiceFixture, payAtTestBank } from '../billing/invoice-fixtures';

const fi = texts.fi;

test('a delegate acts for Aino on her mandate until its term ends, and her access log shows it @no-js', async ({ page, browser }) => {
  const response = await page.request.get('/dev/test-fixtures/e-authorizations');
  expect(response.ok()).toBeTruthy();
  const delegate = (await response.json()) as { identityCode: string; name: string };
  await login(page, { identityCode: delegate.identityCode }, { lang: 'fi' });

  await page.goto(pagePath('front', 'fi'));
  await page.getByRole('button', { name: fi.start }).click();
  await expect(page.getByRole('heading', { level: 1, name: fi.testService.title })).toBeVisible();
  await page.getByRole('button', { name: 'Aino Virtanen' }).click();
  await expect(page).toHaveURL(/\/fi$/);
  const banner = page.getByRole('region', { name: fi.banner.replace('{{name}}', 'Aino Virtanen') });
  await expect(banner).toBeVisible();
  await expect(page.getByText(fi.started.replace('{{name}}', 'Aino Virtanen'))).toBeVisible();

  for (const key of ['appointmentList', 'laboratory'] as const) {
    await page.goto(pagePath(key, 'fi'));
    await expect(banner).toBeVisible();
  }
  // The records offer Aino's beside the delegate's own; her lab result opens.
  await page.getByRole('link', { name: 'Aino Virtanen' }).click();
  await expect(page).toHaveURL(/person=/);
  await expect(banner).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: 'Valmis' }).getByRole('link').first().click();
  await expect(page.getByRole('row', { name: /Leukosyytit/ })).toBeVisible();
  await expect(banner).toBeVisible();

  // Booking a time books it for Aino: the form says so, and it is hers in the list.
  const slot = await freshSlot(page.request);
  await page.goto(pagePath('reserve', 'fi', { slotId: String(slot.slotId) }));
  await expect(banner).toBeVisible();
  await expect(page.getByText(reservationTexts.fi.choice.bookingForChild.replace('{{name}}', 'Aino Virtanen'))).toBeVisible();
  await page.getByRole('button', { name: reservationTexts.fi.form.book }).click();
  await expect(page.getByRole('heading', { level: 1, name: reservationTexts.fi.success.title })).toBeVisible();
  await expect(banner).toBeVisible();

  // Paying Aino's invoice at the test bank.
  const invoice = await invoiceFixture(page, 'aino');
  await payAtTestBank(page, 'fi', invoice.invoiceNumber, 'pay');
  await expect(banner).toBeVisible();
  expect((await inspectInvoice(page, invoice.invoiceNumber)).paid).toBe(true);

  // Aino sees the delegate on her access log, acting on her mandate.
  const aino = await browser.newContext({ baseURL: BASE_URL });
  try {
    const ainoPage = await aino.newPage();
    await login(ainoPage, 'aino', { lang: 'fi' });
    await ainoPage.goto(pagePath('accessLog', 'fi'));
    await expect(ainoPage.getByText(accessLogTexts.fi.who.mandate.replace('{{name}}', delegate.name)).first()).toBeVisible();
  } finally {
    await aino.close();
  }

  // The mandate's term ends (it was granted until yesterday): the next request acts for the
  // delegate only. A withdrawal ends it the same way (tests/integration/people/acting-for.test.ts).
  expect((await page.request.get(`/dev/test-fixtures/e-authorizations?expire=${delegate.identityCode}`)).ok()).toBeTruthy();
  await page.goto(pagePath('appointmentList', 'fi'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
