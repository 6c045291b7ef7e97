/**
 * ADR 0042 end to end, with JavaScript on and off (each test gets its own customer or HR user):
 * a professional sends a message with a questionnaire invitation; the customer answers it from
 * the thread through the questionnaire page; the answer is then read-only in records and the
 * thread says it was answered. An HR user of the demo company and a professional exchange an
 * `hr` thread (the professional finds it under the company conversations); the HR user gets 404
 * on every page of an employee's health data, on the employee's conversation, and on the
 * customers' and the staff's pages.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import texts from '../../../app/i18n/resources/messaging';
import { DEMO_PROFESSIONALS } from '../../../db/seed-messaging';
import { csrfToken, expect, expectNoAxeViolations, login, test } from '../fixtures';
import { BASE_URL } from '../urls';

const fi = texts.fi;
const en = texts.en;

async function professionalPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled });
  const page = await context.newPage();
  await login(page, { identityCode: DEMO_PROFESSIONALS.hanna.identityCode }, { lang: 'fi' });
  return page;
}

test.describe('questionnaire invitations in messages', () => {
  test('a professional invites, the customer answers from the thread, the answer is read-only in records', async ({ page, browser, javaScriptEnabled }) => {
    // Two people's sessions and a dozen pages: 23 s of the 30 s allowed in a busy CI run.
    test.slow();
    const fixture = (await (await page.request.get('/dev/test-fixtures/messaging')).json()) as { identityCode: string; unreadThreadId: number };
    const pro = await professionalPage(browser, javaScriptEnabled);
    await pro.goto(`/fi/henkilokunta/viestit/${fixture.unreadThreadId}`);
    await pro.getByLabel(fi.questionnaireInvitation.attach, { exact: true }).selectOption({ label: 'Unikysely' });
    const text = `Täytäthän unikyselyn ${randomUUID().slice(0, 8)}.`;
    await pro.getByLabel(fi.staff.replyLabel, { exact: true }).fill(text);
    await pro.getByRole('button', { name: fi.staff.reply, exact: true }).click();
    const sent = pro.locator('li[id^="message-"]').filter({ hasText: text });
    await expect(sent.getByText('Kysely: Unikysely.')).toBeVisible();
    await expect(sent.getByText(fi.questionnaireInvitation.open)).toBeVisible();
    // The professional sees the status, not a link into the customer's questionnaire.
    await expect(sent.getByRole('link', { name: /Unikysely/ })).toHaveCount(0);
    if (javaScriptEnabled) await expectNoAxeViolations(pro);

    await login(page, { identityCode: fixture.identityCode }, { lang: 'en' });
    await page.goto(`/en/conversations/${fixture.unreadThreadId}`);
    const message = page.locator('li[id^="message-"]').filter({ hasText: text });
    await expect(message).toBeVisible();
    if (javaScriptEnabled) await expectNoAxeViolations(page);
    await message.getByRole('link', { name: 'Answer the questionnaire “Sleep questionnaire”' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sleep questionnaire' })).toBeVisible();
    await page.getByRole('group', { name: 'How many hours do you sleep a night?' }).getByLabel('6–8').check();
    await page.getByLabel('Anything else').fill('I wake up at night.');
    await page.getByRole('button', { name: 'Send answers' }).click();
    await expect(page.getByText('Thank you, your answers were saved.')).toBeVisible();
    await expect(page.getByText(/You answered this questionnaire on/)).toBeVisible();
    await expect(page.getByText('I wake up at night.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send answers' })).toHaveCount(0);

    // Back in the thread: answered, the link shows the answers (read-only).
    await page.goto(`/en/conversations/${fixture.unreadThreadId}`);
    const answered = page.locator('li[id^="message-"]').filter({ hasText: text });
    await expect(answered.getByText(/^Answered on .+\.$/)).toBeVisible();
    await answered.getByRole('link', { name: 'View your answers to “Sleep questionnaire”' }).click();
    await expect(page.getByText('I wake up at night.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send answers' })).toHaveCount(0);
    // In records, among the answered questionnaires.
    await page.goto('/en/questionnaires');
    await expect(page.getByRole('region', { name: 'Answered' }).getByRole('link', { name: 'Sleep questionnaire' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Open tasks' }).getByRole('link', { name: 'Sleep questionnaire' })).toHaveCount(0);

    // The professional sees that it was answered.
    await pro.reload();
    await expect(
      pro
        .locator('li[id^="message-"]')
        .filter({ hasText: text })
        .getByText(/^Vastattu .+\.$/),
    ).toBeVisible();
    await pro.context().close();
  });
});

interface HrFixture {
  identityCode: string;
  hrName: string;
  employee: { visitId: number; questionnaireId: number; invoiceId: number; invoiceNumber: string; appointmentId: number; threadId: number };
}

test.describe('HR users', () => {
  test('an HR user and a professional exchange an hr thread', async ({ page, browser, javaScriptEnabled }) => {
    const fixture = (await (await page.request.get('/dev/test-fixtures/hr')).json()) as HrFixture;
    await login(page, { identityCode: fixture.identityCode }, { lang: 'fi' });
    // The navigation leads an HR user to the company's conversations.
    await page.goto('/fi');
    await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Yrityksen keskustelut' }).click();
    await expect(page).toHaveURL(/\/fi\/hr\/viestit$/);
    await expect(page.getByRole('heading', { level: 1, name: fi.hr.title })).toBeVisible();
    await expect(page.getByText(fi.hr.noHealthData)).toBeVisible();
    const subject = `Työpaikkaselvitys ${randomUUID().slice(0, 8)}`;
    await page.getByLabel(fi.hr.type, { exact: true }).selectOption({ label: fi.hr.types.Hr });
    await page.getByLabel(fi.newThread.subject, { exact: true }).fill(subject);
    await page.getByLabel(fi.newThread.message, { exact: true }).fill('Milloin voisimme sopia työpaikkaselvityksen?');
    await page.getByRole('button', { name: fi.newThread.send }).click();
    await expect(page).toHaveURL(/\/fi\/hr\/viestit\/\d+$/);
    const hrThreadUrl = new URL(page.url()).pathname;
    const threadId = hrThreadUrl.split('/').at(-1)!;
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText('Milloin voisimme sopia työpaikkaselvityksen?')).toBeVisible();

    // The professional finds it among the company conversations and answers.
    const pro = await professionalPage(browser, javaScriptEnabled);
    await pro.goto('/fi/henkilokunta/viestit?category=hrOpen');
    // The company threads' categories: open, substitutions (spec 1 §3 hrSubstitutions) and closed.
    const categories = pro.getByRole('navigation', { name: fi.staff.categoriesNav });
    await expect(categories.getByRole('link', { name: /^Yritysten sijaisuudet \(\d+\)$/ })).toBeVisible();
    const row = pro.getByRole('row').filter({ has: pro.getByRole('link', { name: subject }) });
    await expect(row).toContainText(fixture.hrName);
    await row.getByRole('link', { name: subject }).click();
    await expect(pro.getByText('Milloin voisimme sopia työpaikkaselvityksen?')).toBeVisible();
    // No questionnaire and no file can be sent to an HR user (ADR 0042): the reply form has no such fields.
    await expect(pro.getByLabel(fi.questionnaireInvitation.attach, { exact: true })).toHaveCount(0);
    await expect(pro.getByLabel(fi.composer.attachments, { exact: true })).toHaveCount(0);
    const reply = `Sopii ensi viikolla ${randomUUID().slice(0, 8)}.`;
    await pro.getByLabel(fi.staff.replyLabel, { exact: true }).fill(reply);
    await pro.getByRole('button', { name: fi.staff.reply, exact: true }).click();
    await expect(pro.getByText(reply)).toBeVisible();
    // The company's thread is not among the customers' threads.
    await pro.goto('/fi/henkilokunta/viestit?category=unassigned');
    await expect(pro.getByRole('link', { name: subject })).toHaveCount(0);

    // The HR user sees the reply (unread in the list) and answers back.
    await page.goto('/fi/hr/viestit');
    await expect(page.getByRole('link', { name: subject })).toHaveAttribute('data-unread', 'true');
    await page.getByRole('link', { name: subject }).click();
    await expect(page.getByText(reply)).toBeVisible();
    await expect(page.locator('li[id^="message-"]').filter({ hasText: reply })).toContainText('Hanna Hakala, Työterveyshoitaja');
    await page.getByLabel(fi.composer.label, { exact: true }).fill('Kiitos, sovitaan niin.');
    await page.getByRole('button', { name: fi.composer.send, exact: true }).click();
    await expect(page.getByText('Kiitos, sovitaan niin.')).toBeVisible();
    await pro.goto(`/fi/henkilokunta/viestit/${threadId}`);
    await expect(pro.getByText('Kiitos, sovitaan niin.')).toBeVisible();
    await pro.context().close();
    // The HR user is no professional.
    expect((await page.goto(`/fi/henkilokunta/viestit/${threadId}`))?.status()).toBe(404);
  });

  test('an HR user gets 404 on every page of an employee’s data', async ({ page }) => {
    const fixture = (await (await page.request.get('/dev/test-fixtures/hr')).json()) as HrFixture;
    await login(page, { identityCode: fixture.identityCode }, { lang: 'fi' });
    await page.goto('/fi/hr/viestit');
    const threadId = (await page.locator('main ul a').first().getAttribute('href'))!.split('/').at(-1)!;
    // Never an employee's health data, conversation or anyone's staff pages: 404.
    const e = fixture.employee;
    for (const path of [
      `/fi/kaynnit/${e.visitId}`,
      `/fi/kyselyt/${e.questionnaireId}`,
      `/fi/laskut/yhteenveto/${e.invoiceId}`,
      `/fi/ajanvaraukset/${e.appointmentId}`,
      `/fi/viestit/${e.threadId}`,
      `/fi/viestit/${threadId}`,
      `/fi/henkilokunta/viestit`,
      `/fi/henkilokunta/viestit/${threadId}`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    // In English too, and the messaging API answers nothing of the employee's conversation.
    expect((await page.goto(`/en/visits/${e.visitId}`))?.status()).toBe(404);
    const api = await page.request.post('/api/customer-messaging', {
      data: { query: `{ thread(id: "${e.threadId}") { id } }` },
      headers: { 'X-CSRF-Token': await csrfToken(page) },
    });
    if (api.status() === 200) expect(await api.json()).toEqual({ data: { thread: null } });
    else expect(api.status()).toBe(404);
    await page.goto('/en/hr/messages');
    await expect(page.getByRole('heading', { level: 1, name: en.hr.title })).toBeVisible();
  });

  test('the HR pages answer 404 to anyone who is not an HR user', async ({ page }) => {
    await login(page, 'aino', { lang: 'fi' });
    await page.goto('/fi');
    await expect(page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Yrityksen keskustelut' })).toHaveCount(0);
    expect((await page.goto('/fi/hr/viestit'))?.status()).toBe(404);
    expect((await page.goto('/sv/hr/meddelanden/1'))?.status()).toBe(404);
  });
});
