/**
 * Acting for another adult on a Suomi.fi mandate (issue 42, ADR 0050), through the built-in
 * e-Authorizations test service, in one walk: a fresh delegate with a mandate from Aino starts
 * "act on behalf of someone" on the front page, picks Aino on the service's selection page and
 * comes back; the header says whom they act for on every page they open (front, appointments,
 * laboratory with Aino's results offered); Aino's "who has handled my data" page names the
 * delegate acting on her mandate; when Aino withdraws the mandate, the next request ends it.
 * Plain forms and redirects: the same without JavaScript, so JS on only.
 */
import texts from '../../../app/i18n/resources/acting-for';
import accessLogTexts from '../../../app/i18n/resources/access-log';
import { pagePath } from '../../../app/route-table';
import { BASE_URL } from '../urls';
import { expect, login, test } from '../fixtures';

const fi = texts.fi;

test('a delegate acts for Aino on her mandate until she withdraws it, and her access log shows it', async ({ page, browser }) => {
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
  // The records offer Aino's beside the delegate's own.
  await page.getByRole('link', { name: 'Aino Virtanen' }).click();
  await expect(page).toHaveURL(/person=/);
  await expect(banner).toBeVisible();

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

  // Aino withdraws the mandate in Suomi.fi: the next request acts for the delegate only.
  expect((await page.request.get(`/dev/test-fixtures/e-authorizations?revoke=${delegate.identityCode}`)).ok()).toBeTruthy();
  await page.goto(pagePath('appointmentList', 'fi'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
