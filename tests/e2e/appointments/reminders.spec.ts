/**
 * Appointment reminders (ADR 0031), with JavaScript on and off: a booking's confirmation page
 * says where the confirmation went and where and when the reminder will go (masked), and the
 * development outbox shows the confirmation messages and the scheduled reminder; a booking
 * inside the lead time says no separate reminder will come.
 */
import type { Page } from '@playwright/test';
import { formatDateTime } from '../../../app/lib/format';
import { reminderDueAt } from '../../../app/services/appointments/reminder-rules';
import { parseAnonymousCode } from '../../../app/models/appointments/anonymous-code';
import { expect, freshSlot, test } from '../fixtures';

const reservePath = (slotId: number) => `/en/available-appointments/${slotId}`;

/** A mobile number nobody else in the run uses: typed form and the normalised +358 form. */
function uniquePhone() {
  const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
  return { typed: `040 ${digits.slice(0, 3)} ${digits.slice(3)}`, normalized: `+35840${digits}`, last4: digits.slice(-4) };
}

async function bookAnonymously(page: Page, slot: Awaited<ReturnType<typeof freshSlot>>, phone: string, email: string, binding = false) {
  await page.goto(reservePath(slot.slotId));
  await page.getByLabel('Personal identity code').fill(slot.patient!.identityCode);
  await page.getByLabel('First name').fill(slot.patient!.firstName);
  await page.getByLabel('Last name').fill(slot.patient!.lastName);
  await page.getByLabel('Mobile phone number').fill(phone);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel(/I accept the booking terms/).check();
  if (binding) await page.getByLabel(/I understand that the reservation is binding/).check();
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
}

/** The appointment of the confirmation SMS to `phone` (its link's code carries the id). */
async function appointmentIdFromOutbox(page: Page, phone: string): Promise<number> {
  const sms = page.locator('article[data-outbox-channel="sms"]').filter({ hasText: phone });
  await expect(sms).toHaveCount(1);
  const code = /\/en\/appointment\/([A-Za-z0-9_-]+)/.exec(await sms.locator('pre').innerText())?.[1];
  const parsed = parseAnonymousCode(code ?? '');
  expect(parsed).toBeTruthy();
  return parsed!.appointmentId;
}

test('booking shows where the confirmation and the reminder will go, and the development outbox shows both', async ({ page }) => {
  const slot = await freshSlot(page.request, { patient: 'new' });
  const phone = uniquePhone();
  const email = `reminded${phone.last4}@example.fi`;
  await bookAnonymously(page, slot, phone.typed, email);

  const due = formatDateTime(reminderDueAt(new Date(slot.startAt), 24), 'en');
  const notice = page.locator('[data-reminder-notice]');
  await expect(notice).toHaveText(
    `The confirmation was sent to +358 40 *** ${phone.last4} and r…@example.fi. A reminder will come as a text message and by e-mail on ${due}.`,
  );
  // The whole number and address are not on the page.
  await expect(page.getByText(phone.normalized)).toHaveCount(0);
  await expect(page.getByText(email)).toHaveCount(0);

  await page.goto('/dev/outbox');
  const appointmentId = await appointmentIdFromOutbox(page, phone.normalized);
  const sms = page.locator('article[data-outbox-channel="sms"]').filter({ hasText: phone.normalized });
  await expect(sms).toContainText('Appointment confirmed');
  const confirmationEmail = page.locator('article[data-outbox-channel="email"]').filter({ hasText: email });
  await expect(confirmationEmail).toHaveCount(1);
  await expect(confirmationEmail).toContainText('Appointment confirmation – Kaari');
  const reminder = page.locator(`[data-scheduled-reminder="${appointmentId}"]`);
  await expect(page.getByRole('heading', { level: 2, name: 'Scheduled reminders' })).toBeVisible();
  await expect(reminder).toContainText(due);
  await expect(reminder).toContainText('SMS, e-mail');
});

test('a booking inside the lead time says that no separate reminder will come', async ({ page }) => {
  const slot = await freshSlot(page.request, { patient: 'new', startInMinutes: String(6 * 60) });
  const phone = uniquePhone();
  await bookAnonymously(page, slot, phone.typed, 'soon@example.fi', true);
  await expect(page.locator('[data-reminder-notice]')).toHaveText(
    `The confirmation was sent to +358 40 *** ${phone.last4} and s…@example.fi. The appointment is less than 24 hours away, so no separate reminder will come: the confirmation is your reminder.`,
  );
  await page.goto('/dev/outbox');
  const appointmentId = await appointmentIdFromOutbox(page, phone.normalized);
  await expect(page.locator(`[data-scheduled-reminder="${appointmentId}"]`)).toHaveCount(0);
});
