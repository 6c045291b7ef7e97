/**
 * Changing the time of an appointment (issue 24, ADR 0036), with JavaScript on and off: from the
 * appointment page (logged in) and from the anonymous link after strong identification (issue
 * 39), "Change time" opens the search pre-filled for the appointment, a time shows what changes
 * and the confirm step, and after it
 * the appointment is at the new time, the new time is taken and the old one bookable again;
 * inside the cancellation limit the move is refused with the cancel's text and the phone; a
 * remote visit paid online and moved to a clinic time is told, and gets, its fee back (ADR 0048).
 */
import type { Page } from '@playwright/test';
import { helsinkiInstant } from '../../../app/lib/dates';
import { pagePath } from '../../../app/route-table';
import { clock, firstDayAhead } from '../../fixtures/clock';
import { bookFixture, expect, freshSlot, login, test } from '../fixtures';

const DAY = 24 * 60;

/**
 * A free time of the fixture's practitioner (P0001, general practice at Kamppi) at about 07.05
 * Helsinki time on a weekday ahead: before the calendar's shifts, so it is among the first on its
 * day's list.
 */
async function earlyTime(page: Page, days: number) {
  const date = firstDayAhead(days, [1, 2, 3, 4, 5]);
  const minutes = Math.ceil((helsinkiInstant(date, 7, 5).getTime() - clock.nowMs()) / 60_000);
  return { ...(await freshSlot(page.request, { startInMinutes: String(minutes) })), date };
}

/** On the pre-filled search: goes to the day of the new time and chooses it. */
async function chooseTime(page: Page, time: { slotId: number; date: string }, appointmentId: number | string) {
  await expect(page).toHaveURL(new RegExp(`^[^?]*${pagePath('privateSearch', 'en')}\\?`));
  const url = new URL(page.url());
  expect(url.searchParams.get('move')).toBe(String(appointmentId));
  expect(url.searchParams.getAll('specialtyIds')).toEqual(['YLE']);
  expect(url.searchParams.getAll('practitionerIds')).toEqual(['P0001']);
  expect(url.searchParams.getAll('clinicIds')).toEqual(['KA']);
  await expect(page.locator('[data-move-notice]')).toContainText('You are choosing a new time for your appointment');
  url.searchParams.set('startDate', time.date);
  await page.goto(`${url.pathname}${url.search}`);
  await page.locator(`a[href$="slot=${time.slotId}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change the time' })).toBeVisible();
  await expect(page.locator('[data-move-changes] li').first()).toContainText('Time: ');
}

/** The reserve page of a time, for a visitor who is not logged in: open (the form) or taken. */
async function expectOpen(page: Page, slotId: number, open: boolean) {
  await page.goto(pagePath('reserve', 'en', { slotId: String(slotId) }));
  await expect(page.getByRole('heading', { level: 1, name: open ? 'Reserve appointment' : 'The appointment is no longer available' })).toBeVisible();
}

test.describe('change the time', () => {
  test('Aino moves her appointment from its page; the old time is bookable again and the new one hers', async ({ page }) => {
    await login(page, 'aino');
    const fixture = await bookFixture(page, 'aino', 3 * DAY, { withSlot: '1' });
    const target = await earlyTime(page, 6);
    await page.goto(pagePath('appointment', 'en', { ids: String(fixture.id) }));
    await page.getByRole('link', { name: 'Change time' }).click();
    await chooseTime(page, target, fixture.id);
    await page.getByRole('button', { name: 'Change the time' }).click();

    await expect(page).toHaveURL(new RegExp(`${pagePath('appointment', 'en', { ids: String(fixture.id) })}$`));
    await expect(page.getByRole('status').getByText('The time has been changed.')).toBeVisible();
    await expect(page.locator(`time[datetime="${target.startAt}"]`)).toBeVisible();
    // As anyone else sees the calendar (logged in, Aino's reserve page would first ask her consent).
    await page.context().clearCookies();
    await expectOpen(page, fixture.slotId!, true);
    await expectOpen(page, target.slotId, false);
  });

  // Moving a time away is cancelling it (spec 2: cancelling needs strong identification), so the
  // link offers it as it offers cancelling: through the login, as whoever the viewer rules let
  // act on the appointment (issue 39). The pages are plain HTML; the test bank's page has script.
  test('from the anonymous link only after strong identification, as cancelling; the link alone moves nothing', { tag: '@no-js' }, async ({ page }) => {
    const fixture = await bookFixture(page, 'aino', 4 * DAY, { withSlot: '1' });
    const target = await earlyTime(page, 7);
    await page.goto(pagePath('anonymousAppointment', 'en', { code: fixture.code }));
    await expect(page.getByText('To change the time, identify yourself first.')).toBeVisible();
    await expect(page.getByText('To cancel the appointment, identify yourself first.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change time', exact: true })).toHaveCount(0);
    // The link's own address for changing the time is gone: its confirm step is not found.
    const direct = await page.request.get(`/en/appointment/${fixture.code}/change-time?slot=${target.slotId}`);
    expect(direct.status()).toBe(404);

    await page.getByRole('link', { name: 'Identify and change time' }).click();
    await expect(page).toHaveURL(/\/en\/login\?nextPath=/);
    await page.getByRole('link', { name: 'OP', exact: true }).click();
    await page.getByLabel('Personal identity code').fill('150385-9024');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await chooseTime(page, target, fixture.id);
    await page.getByRole('button', { name: 'Change the time' }).click();

    await expect(page).toHaveURL(new RegExp(`${pagePath('appointment', 'en', { ids: String(fixture.id) })}$`));
    await expect(page.getByRole('status').getByText('The time has been changed.')).toBeVisible();
    await expect(page.locator(`time[datetime="${target.startAt}"]`)).toBeVisible();
  });

  test('inside the cancellation limit the move is refused with the limit and the phone', async ({ page }) => {
    await login(page, 'aino');
    const fixture = await bookFixture(page, 'aino', 5 * 60, { withSlot: '1' });
    await page.goto(pagePath('appointment', 'en', { ids: String(fixture.id) }));
    await page.getByRole('link', { name: 'Change time' }).click();
    await expect(page).toHaveURL(new RegExp(`${pagePath('appointment', 'en', { ids: String(fixture.id) })}$`));
    const message = page.getByRole('status').first();
    await expect(message).toContainText('Failed to change the time: The appointment is in less than 24 hours. Please call our customer service');
    await expect(message.getByRole('link', { name: '09 4242 0000' })).toHaveAttribute('href', 'tel:+358942420000');
  });

  test('a visit on If’s company insurance is not moved to a remote time: back to choosing, with the reason; a time at a clinic is offered', async ({
    page,
  }) => {
    await login(page, 'aino');
    const fixture = await bookFixture(page, 'aino', 5 * DAY, { withSlot: '1', insurance: 'if-company' });
    const move = (slotId: number) => pagePath('appointmentMove', 'en', { id: String(fixture.id) }, `slot=${slotId}`);
    const remote = await freshSlot(page.request, { startInMinutes: String(6 * DAY), payerTypes: 'insurance', remote: '1' });
    await page.goto(move(remote.slotId));
    // Back to the insurance search pre-filled for the appointment, with the reason and no phone to call.
    await expect(page).toHaveURL(new RegExp(`^[^?]*${pagePath('insuranceSearch', 'en')}\\?.*move=${fixture.id}`));
    const message = page.getByRole('status').first();
    await expect(message).toContainText('Your company insurance does not cover remote appointments. Choose a time at a clinic.');
    await expect(message.getByRole('link', { name: '09 4242 0000' })).toHaveCount(0);
    // The appointment keeps its time; a time at a clinic leads to the confirm step.
    const atClinic = await freshSlot(page.request, { startInMinutes: String(7 * DAY), payerTypes: 'insurance' });
    await page.goto(move(atClinic.slotId));
    await expect(page.getByRole('heading', { level: 1, name: 'Change the time' })).toBeVisible();
    await page.goto(pagePath('appointment', 'en', { ids: String(fixture.id) }));
    await expect(page.locator(`time[datetime="${fixture.startAt}"]`).first()).toBeVisible();
  });

  test('a phone appointment paid online, moved to a clinic time: the confirm step says the fee is refunded, and the invoice is refunded', async ({ page }) => {
    const fixture = (await bookFixture(page, 'new', 3 * DAY, { withSlot: '1', locationType: 'phoneAppointment', paid: '1' })) as Awaited<
      ReturnType<typeof bookFixture>
    > & {
      invoiceNumber: string;
    };
    const clinic = await freshSlot(page.request, { startInMinutes: String(4 * DAY) });
    await login(page, { identityCode: fixture.identityCode! });
    await page.goto(pagePath('appointmentMove', 'en', { id: String(fixture.id) }, `slot=${clinic.slotId}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Change the time' })).toBeVisible();
    await expect(page.locator('[data-move-changes] li').filter({ hasText: 'Payment:' })).toHaveText(
      /^Payment: the €\d+\.\d\d you paid in advance for the remote appointment will be refunded to the account or card you paid with\. The new time is paid at its own price\.$/,
    );
    await page.getByRole('button', { name: 'Change the time' }).click();
    await expect(page.getByRole('status').getByText('The time has been changed.')).toBeVisible();
    // The provider refunded it (the test provider at once): the invoice says so.
    await page.goto(pagePath('invoices', 'en'));
    await expect(page.locator(`[data-invoice="${fixture.invoiceNumber}"]`).getByText('Refunded', { exact: true })).toBeVisible();
  });

  test('inside the cancellation limit the anonymous link says the time can no longer be changed, as it says of cancelling', async ({ page }) => {
    const fixture = await bookFixture(page, 'aino', 6 * 60, { withSlot: '1' });
    await page.goto(pagePath('anonymousAppointment', 'en', { code: fixture.code }));
    await expect(page.getByText('The time can no longer be changed online.')).toBeVisible();
    await expect(page.getByText('The appointment can no longer be canceled')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Identify and change time' })).toHaveCount(0);
  });
});
