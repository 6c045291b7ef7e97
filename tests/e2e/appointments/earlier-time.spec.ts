/**
 * Earlier-time offers (issue 24 part 2, ADR 0037), with JavaScript on and off (the pages are
 * plain forms either way): a patient asks for an earlier time on the appointment page, a time
 * frees up, the offer link comes by SMS (read from /dev/outbox), and "Take this time" moves the
 * appointment; a second patient offered the same time sees that it is taken and stays on the
 * list; the link works once; a request can be withdrawn.
 */
import { formatDateTime } from '../../../app/lib/format';
import { pagePath } from '../../../app/route-table';
import { expect, jsEnabled, test } from '../fixtures';
import { freeTime, offerLinkTo, patientWithAppointment, requestOverHttp } from './earlier-time-fixtures';

test('ask for an earlier time, take the offered time; the other one offered it sees it taken', async ({ page, browser, baseURL }, testInfo) => {
  const appointment = await patientWithAppointment(page, 'en');
  await page.goto(pagePath('appointment', 'en', { ids: String(appointment.id) }));
  await page.getByRole('link', { name: 'Ask for an earlier time' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ask for an earlier time' })).toBeVisible();
  await page.getByLabel('Any practitioner of this service').check();
  // The offers go to the patient's own saved phone, shown and not typed.
  const phone = appointment.phone;
  await expect(page.getByText('The offers are sent to your own contact details:')).toContainText(phone);
  await expect(page.getByRole('textbox', { name: /phone/i })).toHaveCount(0);
  await page.getByRole('button', { name: 'Put me on the list' }).click();
  await expect(page.getByRole('status').getByText('You are on the list. We will send you an offer if an earlier time frees up.')).toBeVisible();
  await expect(page.getByText(/You are on the list for an earlier time \(times on or before/)).toBeVisible();

  // A second patient waits for the same kind of time (in their own browser).
  const other = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled(testInfo.project.name) });
  const otherPage = await other.newPage();
  const otherAppointment = await patientWithAppointment(otherPage, 'en');
  const otherPhone = await requestOverHttp(otherPage, 'en', otherAppointment);

  // A time frees up three days ahead (minutes apart per project, so parallel runs' times differ).
  const slot = await freeTime(page, 3 * 24 * 60 + (jsEnabled(testInfo.project.name) ? 0 : 95));
  const link = await offerLinkTo(page, phone, slot.startAt, 'en');
  const otherLink = await offerLinkTo(otherPage, otherPhone, slot.startAt, 'en');

  // The offer page needs no login: a fresh browser opens it.
  const holder = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled(testInfo.project.name) });
  const offerPage = await holder.newPage();
  await offerPage.goto(link);
  await expect(offerPage.getByRole('heading', { level: 1, name: 'An earlier time is available' })).toBeVisible();
  await expect(offerPage.getByText(formatDateTime(new Date(slot.startAt), 'en'))).toBeVisible();
  await expect(offerPage.getByText(formatDateTime(new Date(appointment.startAt), 'en'), { exact: false })).toBeVisible();
  await offerPage.getByRole('button', { name: 'Take this time' }).click();
  await expect(offerPage.getByRole('heading', { level: 1, name: 'The time is yours' })).toBeVisible();

  // Single use: the link only says so now.
  await offerPage.goto(link);
  await expect(offerPage.getByRole('heading', { level: 1, name: 'The time is yours' })).toBeVisible();
  await expect(offerPage.getByRole('button', { name: 'Take this time' })).toHaveCount(0);

  // The appointment is at the new time; the request has ended, so it can be asked again.
  await page.goto(pagePath('appointment', 'en', { ids: String(appointment.id) }));
  await expect(page.getByText(formatDateTime(new Date(slot.startAt), 'en'), { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for an earlier time' })).toBeVisible();

  // The other one offered the time: already taken, still on the list.
  await otherPage.goto(otherLink);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Someone took this time first' })).toBeVisible();
  await expect(otherPage.getByText('You stay on the list', { exact: false })).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Take this time' })).toHaveCount(0);
  await otherPage.goto(pagePath('appointment', 'en', { ids: String(otherAppointment.id) }));
  await expect(otherPage.getByText(/You are on the list for an earlier time/)).toBeVisible();
  await other.close();
  await holder.close();
});

test('a request can be withdrawn; a wrong offer link is not found', async ({ page }) => {
  const appointment = await patientWithAppointment(page, 'fi');
  await requestOverHttp(page, 'fi', appointment);
  await page.goto(pagePath('appointment', 'fi', { ids: String(appointment.id) }));
  await page.getByRole('link', { name: 'Katso tai peru pyyntö' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Olet jonossa aikaisempaan aikaan' })).toBeVisible();
  await page.getByRole('button', { name: 'Peru pyyntö' }).click();
  await expect(page.getByRole('status').getByText('Et ole enää jonossa aikaisempaan aikaan.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pyydä aikaisempaa aikaa' })).toBeVisible();

  const response = await page.goto(pagePath('earlierTimeOffer', 'fi', { code: 'MV9ub3RhcmVhbHRva2VuX2Zvcl90aGlzX29mZmVy' }));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Tarjousta ei löytynyt' })).toBeVisible();
});

test('the request form refuses a missing place with its message', async ({ page }) => {
  const appointment = await patientWithAppointment(page, 'sv');
  await page.goto(pagePath('appointmentEarlierTime', 'sv', { id: String(appointment.id) }));
  await page.getByLabel('Chat').uncheck();
  // No box is required in the browser: the server refuses it, with or without JavaScript.
  await page.getByRole('button', { name: 'Sätt mig i kön' }).click();
  await expect(page.getByText('Välj minst en plats.')).toBeVisible();
});
