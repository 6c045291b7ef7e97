/**
 * Acting for a client company on a Suomi.fi YPA mandate (issue 42 part 3, ADR 0050), one walk
 * through the built-in e-Authorizations test service: Helena (HR) starts "act on behalf of a
 * company" on the front page, picks the demo employer on the service's selection page and lands
 * on the company's HR conversations, on the mandate (the page and the bar say so); she starts a
 * conversation, and the professional's thread page says she wrote on the company's behalf; she
 * stops, and the bar goes. Plain forms and redirects, the same without JavaScript; the issue asks
 * for both, so the walk runs in both projects (`@no-js`).
 */
import { randomUUID } from 'node:crypto';
import texts from '../../../app/i18n/resources/acting-for';
import messagingTexts from '../../../app/i18n/resources/messaging';
import { DEMO_HR_USERS, DEMO_PROFESSIONALS } from '../../../db/seed-messaging';
import { pagePath } from '../../../app/route-table';
import { BASE_URL } from '../urls';
import { expect, login, test } from '../fixtures';

const fi = texts.fi.company;
const m = messagingTexts.fi;
const COMPANY = 'Esimerkki Rakennus Oy';

test('an HR person reaches the company’s conversations through YPA, and staff see on whose behalf she wrote @no-js', async ({ page, browser }) => {
  test.slow();
  const { helena } = DEMO_HR_USERS;
  await login(page, { identityCode: helena.identityCode }, { lang: 'fi' });
  await page.goto(pagePath('front', 'fi'));
  await page.getByRole('button', { name: fi.start }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.fi.testService.title })).toBeVisible();
  await page.getByRole('button', { name: COMPANY }).click();

  await expect(page).toHaveURL(/\/fi\/hr\/viestit$/);
  await expect(page.getByText(fi.started.replace('{{company}}', COMPANY))).toBeVisible();
  const banner = page.getByRole('region', { name: fi.banner.replace('{{company}}', COMPANY) });
  await expect(banner).toBeVisible();
  const onMandate = m.hr.whoAmIOnMandate.replace('{{name}}', 'Helena Heinonen').replace('{{company}}', COMPANY);
  await expect(page.getByText(onMandate)).toBeVisible();

  const subject = `Varhainen tuki ${randomUUID().slice(0, 8)}`;
  await page.getByLabel(m.hr.type, { exact: true }).selectOption({ label: m.hr.types.Hr });
  await page.getByLabel(m.newThread.subject, { exact: true }).fill(subject);
  await page.getByLabel(m.newThread.message, { exact: true }).fill('Voisimmeko käydä läpi varhaisen tuen mallin?');
  await page.getByRole('button', { name: m.newThread.send }).click();
  await expect(page).toHaveURL(/\/fi\/hr\/viestit\/\d+$/);
  await expect(banner).toBeVisible();
  const threadId = new URL(page.url()).pathname.split('/').at(-1)!;

  const context = await browser.newContext({ baseURL: BASE_URL });
  const pro = await context.newPage();
  await login(pro, { identityCode: DEMO_PROFESSIONALS.hanna.identityCode }, { lang: 'fi' });
  await pro.goto(`/fi/henkilokunta/viestit/${threadId}`);
  const message = pro.locator('li[id^="message-"]').filter({ hasText: 'Voisimmeko käydä läpi varhaisen tuen mallin?' });
  await expect(message).toContainText(m.hr.onBehalfOf.replace('{{name}}', 'Helena Heinonen').replace('{{company}}', COMPANY));
  await context.close();

  await banner.getByRole('button', { name: fi.stop }).click();
  await expect(page.getByText(fi.stopped)).toBeVisible();
  await expect(banner).toHaveCount(0);
});
