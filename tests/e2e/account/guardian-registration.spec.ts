/**
 * A guardian registers their child and books for them (issue 13, ADR 0023), with JavaScript on
 * and off: the population register's family (added by the fixture) drives the ward choice after
 * identification; a child who is not yet a patient gets the child details and the guardian's
 * patient data consent, then the form books with the child as the patient, and the appointment
 * shows under the child. (axe: a11y.spec.ts.)
 */
import { PAYER_DEMO_PERSONS } from '../../../db/seed-booking-payers';
import { expect, freshSlot, login, test } from '../fixtures';
import { childName, freshFamily } from './guardian-fixtures';
import { CHILDREN_URL } from '../urls';

test.describe('a guardian registers their child', () => {
  test('the child details and the consent, then the booking for the child, shown under the child', async ({ page }) => {
    const family = await freshFamily(page.request, CHILDREN_URL);
    const child = childName(family);
    const slot = await freshSlot(page.request, {}, CHILDREN_URL);
    // The register's family appears after identification.
    await login(page, { identityCode: family.guardian.identityCode }, { baseURL: CHILDREN_URL, lang: 'en' });
    await page.goto(`${CHILDREN_URL}/en/available-appointments/${slot.slotId}`);
    await page.getByRole('link', { name: /My child's appointment/ }).click();
    await expect(page.getByRole('heading', { name: 'Whom are you booking for?' })).toBeVisible();
    await page.getByRole('link', { name: child }).click();

    // Child details: the child's names from the register, the guardian's address and contact details prefilled.
    await expect(page.getByRole('heading', { level: 1, name: 'Child details' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue(family.children[0]!.firstName);
    await expect(page.getByLabel('Street address')).toHaveValue('Perhepolku 1');
    // The child's details are not the guardian's: no autofill of the guardian's own name and
    // address (the guardian's own registration has address-line1 etc., reserve.spec.ts).
    for (const label of ['First name', 'Last name', 'Street address', 'Postal code', 'Post office']) {
      await expect(page.getByLabel(label)).toHaveAttribute('autocomplete', 'off');
    }
    await expect(page.getByLabel('Mobile phone number')).toHaveValue('+358401239999');
    // Validated as the contact editor: a bad postal code is refused and nothing typed is lost.
    await page.getByLabel('Postal code').fill('123');
    await page.getByLabel('Street address').fill('Lapsentie 5');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByLabel('Postal code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Street address')).toHaveValue('Lapsentie 5');
    await page.getByLabel('Postal code').fill('00100');
    await page.getByRole('button', { name: 'Register' }).click();

    // The guardian gives the patient data consent for the child.
    await expect(page.getByRole('heading', { level: 1, name: `Processing of patient data: ${child}` })).toBeVisible();
    await page.getByLabel('I have read the privacy statement').check();
    await page.getByRole('button', { name: 'Save' }).click();

    // Back to the reservation: the form books for the child.
    await expect(page.getByText(`Booking ${child}'s appointment. The confirmation is sent to you.`)).toBeVisible();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
    await expect(page.getByText(`Patient: ${child}`)).toBeVisible();

    // The appointment is the guardian's to see, under the child's name, in the list.
    await page.goto(`${CHILDREN_URL}/en/appointments`);
    await expect(page.getByText(`Patient: ${child}`).first()).toBeVisible();
  });

  test("someone else's child or an unknown id is 404 on the child details", async ({ page }) => {
    const family = await freshFamily(page.request, CHILDREN_URL);
    await login(page, { identityCode: family.guardian.identityCode }, { baseURL: CHILDREN_URL, lang: 'en' });
    const response = await page.goto(`${CHILDREN_URL}/en/registration?ward=00000000-0000-4000-8000-000000000000`);
    expect(response?.status()).toBe(404);
  });

  test("Jussi's Veeti (not yet a patient) leads to the child details, in Swedish", async ({ page }) => {
    const slot = await freshSlot(page.request, {}, CHILDREN_URL);
    await login(page, { identityCode: PAYER_DEMO_PERSONS.jussi.identityCode }, { baseURL: CHILDREN_URL, lang: 'sv' });
    await page.goto(`${CHILDREN_URL}/sv/lediga-tider/${slot.slotId}?for=child`);
    await expect(page.getByRole('link', { name: 'Aada Laine' })).toBeVisible();
    await page.getByRole('link', { name: 'Veeti Laine' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Barnets uppgifter' })).toBeVisible();
    await expect(page.getByLabel('Förnamn')).toHaveValue('Veeti');
  });
});
