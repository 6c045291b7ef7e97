/**
 * Insurance customers' booking (issue 13, ADR 0022), with JavaScript on and off: the insurance
 * list, strong identification, the insurer step (IF's reimbursement choice with its consent,
 * LähiTapiola's direct compensation through the test insurer's round trip: allowed, denied,
 * cancelled; a refused treatment chain; OP's verification) and what the confirmation and the
 * messages say. (axe: a11y.spec.ts.)
 */
import type { Page } from '@playwright/test';
import { csrfToken, expect, login, test } from '../fixtures';
import { insuranceCustomer, permitDateIn } from './insurance-fixtures';
import { helsinkiDate } from '../../../app/lib/dates';

const reservePath = (slotId: number) => `/en/available-appointments/insurance/${slotId}`;

/** A dermatology time (no seeded insurance times) at a random time 5–45 days ahead. */
function ownDay() {
  const minutes = (5 + Math.floor(Math.random() * 40)) * 24 * 60 + Math.floor(Math.random() * 48) * 5;
  return { specialtyId: 'IHO', startInMinutes: String(minutes) };
}

async function chooseInsurer(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 2, name: 'Your insurance' })).toBeVisible();
  await page.getByRole('radio', { name, exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Insurance company: ${name}`).first()).toBeVisible();
}

test.describe('insurance list', () => {
  test('the landing links to the insurance list, which asks to identify and lists insurance times', async ({ page }) => {
    // A day and a specialty of its own, so the first page of the list holds the time.
    const slot = await insuranceCustomer(page.request, { slot: ownDay() });
    await page.goto('/fi/ajanvaraus');
    await page.getByRole('link', { name: 'Varaa aika vakuutusasiakkaana' }).click();
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=%2Ffi%2Fajanvaraus%2Fvakuutus/);

    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'en' });
    const day = helsinkiDate(slot.startAt);
    await page.goto(`/en/booking/insurance?startDate=${day}&specialtyIds=IHO`);
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance customer appointment booking' })).toBeVisible();
    await expect(page.locator(`a[href="${reservePath(slot.slotId)}"]`)).toBeVisible();
  });

  test('an anonymous visitor of an insurance time is sent to strong identification', async ({ page }) => {
    const slot = await insuranceCustomer(page.request);
    await page.goto(reservePath(slot.slotId));
    await expect(page).toHaveURL(/\/en\/login\?nextPath=/);
  });
});

test.describe('IF', () => {
  test('an insured customer books with IF use-reimbursement (consent required); the confirmation names the insurer', async ({ page }) => {
    const slot = await insuranceCustomer(page.request, { slot: { phone: '+358409871234', email: 'if.customer@example.fi' } });
    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'en' });
    await page.goto(reservePath(slot.slotId));
    await chooseInsurer(page, 'If');
    await page.getByRole('radio', { name: 'If pays us directly (direct reimbursement)' }).check();
    await page.getByRole('button', { name: 'Save the payment method' }).click();
    await expect(page.getByRole('alert')).toContainText('Please give your consent to continue.');
    await page.getByRole('radio', { name: 'If pays us directly (direct reimbursement)' }).check();
    await page.getByLabel('I consent to the clinic and If exchanging the information needed for direct reimbursement.').check();
    await page.getByRole('button', { name: 'Save the payment method' }).click();

    await expect(page.getByText('Payment method: If pays us directly (direct reimbursement)')).toBeVisible();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
    await expect(page.getByText('Insurance company: If')).toBeVisible();

    await page.goto('/dev/outbox');
    const sms = page.locator('article[data-outbox-channel="sms"]').filter({ hasText: '+358409871234' }).first();
    await expect(sms).toContainText('Ilmoittamasi vakuutusyhtiö: If.');
  });
});

test.describe('LähiTapiola direct compensation', () => {
  test('no permit: apply at the insurer, allowed; the new permit is selected and the time booked', async ({ page }) => {
    const slot = await insuranceCustomer(page.request, { insurer: 'LAHITAPIOLA' });
    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'en' });
    await page.goto(reservePath(slot.slotId));
    await chooseInsurer(page, 'LähiTapiola');
    await page.getByLabel('I consent to the clinic checking my insurance and direct-compensation permits from LähiTapiola.').check();
    await page.getByRole('button', { name: 'Check my insurance' }).click();
    await expect(page.getByText('You have an insurance but no valid direct-compensation permit.')).toBeVisible();

    await page.getByRole('link', { name: 'Apply for a permit at LähiTapiola' }).click();
    await expect(page.getByRole('heading', { name: 'Test insurer: permit application' })).toBeVisible();
    await page.getByLabel('Symptom').fill('Polvikipu');
    await page.getByLabel('Body part').fill('Polvi');
    await page.getByRole('button', { name: 'Allow the permit' }).click();

    await expect(page).toHaveURL(new RegExp(`${reservePath(slot.slotId)}$`));
    await expect(page.getByText(`Direct-compensation permit: Polvikipu, Polvi, valid to ${permitDateIn(90)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
    await expect(page.getByText('Insurance company: LähiTapiola')).toBeVisible();
  });

  test('denied and cancelled applications show their texts; the flow can be restarted', async ({ page }) => {
    const slot = await insuranceCustomer(page.request, { insurer: 'LAHITAPIOLA' });
    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'en' });
    await page.goto(reservePath(slot.slotId));
    await chooseInsurer(page, 'LähiTapiola');
    const consentAndCheck = async () => {
      await page.getByLabel('I consent to the clinic checking my insurance and direct-compensation permits from LähiTapiola.').check();
      await page.getByRole('button', { name: 'Check my insurance' }).click();
    };
    await consentAndCheck();
    await page.getByRole('link', { name: 'Apply for a permit at LähiTapiola' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByText('The permit was denied.')).toBeVisible();

    await page.getByRole('button', { name: 'Start again' }).click();
    await consentAndCheck();
    await page.getByRole('link', { name: 'Apply for a permit at LähiTapiola' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Direct compensation permit search was canceled.')).toBeVisible();
    // Nothing to book with yet.
    await expect(page.getByRole('button', { name: 'Book appointment' })).toHaveCount(0);
  });

  test('a permit whose treatment chain the insurer refuses: the booking fails with the spec text; another permit books', async ({ page }) => {
    const slot = await insuranceCustomer(page.request, { insurer: 'LAHITAPIOLA', permits: 'Selkäkipu:Selkä', failingPermit: 'Olkakipu:Olkapää' });
    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'en' });
    await page.goto(reservePath(slot.slotId));
    await chooseInsurer(page, 'LähiTapiola');
    await page.getByLabel('I consent to the clinic checking my insurance and direct-compensation permits from LähiTapiola.').check();
    await page.getByRole('button', { name: 'Check my insurance' }).click();
    await page.getByRole('radio', { name: `Olkakipu, Olkapää, valid to ${permitDateIn(90)}` }).check();
    await page.getByRole('button', { name: 'Use this permit' }).click();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('alert')).toContainText('Booking using direct reimbursement failed. Choose another payment method or try booking again later.');

    await page.getByRole('button', { name: 'Remove the permit' }).click();
    await page.getByRole('radio', { name: `Selkäkipu, Selkä, valid to ${permitDateIn(90)}` }).check();
    await page.getByRole('button', { name: 'Use this permit' }).click();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
  });
});

test.describe('OP', () => {
  test('verification found (can be removed) and the Pohjola check for the date; not found without a policy', async ({ page }) => {
    const slot = await insuranceCustomer(page.request, { insurer: 'OP' });
    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'fi' });
    await page.goto(`/fi/vapaat-ajat/vakuutus/${slot.slotId}`);
    await page.getByRole('radio', { name: 'OP / Pohjola', exact: true }).check();
    await page.getByRole('button', { name: 'Jatka' }).click();
    await expect(page.getByText(/Pohjola: sinulla on \d+\.\d+\.\d{4} voimassa oleva vakuutus\./)).toBeVisible();
    await page.getByRole('button', { name: 'Varmista henkilövakuutukseni' }).click();
    await expect(page.getByText('Henkilövakuutuksesi on varmistettu.')).toBeVisible();
    await page.getByRole('button', { name: 'Poista varmistus' }).click();
    await expect(page.getByText('Jatketaan ilman henkilövakuutuksen varmistusta.')).toBeVisible();

    const other = await insuranceCustomer(page.request);
    await page.context().clearCookies();
    await login(page, { identityCode: other.patient!.identityCode }, { lang: 'en' });
    await page.goto(reservePath(other.slotId));
    await chooseInsurer(page, 'OP / Pohjola');
    await page.getByRole('button', { name: 'Verify my personal insurance' }).click();
    await expect(page.getByText('Personal insurance not found. Please call your insurance company (03030303).')).toBeVisible();
    await page.getByRole('button', { name: 'Continue without verification' }).click();
    await expect(page.getByRole('button', { name: 'Book appointment' })).toBeVisible();
  });
});

test.describe('insurance API', () => {
  test('search, concepts, the insurer calls and a reservation with the concept', async ({ page }) => {
    const slot = await insuranceCustomer(page.request, { insurer: 'LAHITAPIOLA', permits: 'Selkäkipu:Selkä', slot: ownDay() });
    const day = helsinkiDate(slot.startAt);
    const search = `/api/appointments?isInsuranceCustomer=true&specialtyIds=IHO&startDate=${day}`;
    expect((await page.request.get(search)).status()).toBe(401);
    expect((await page.request.get('/api/insurance/lahitapiola-policy-check')).status()).toBe(401);

    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'en' });
    const found = (await (await page.request.get(search)).json()) as { availableAppointments: { appointments: { id: number }[] } };
    expect(found.availableAppointments.appointments.map((a) => a.id)).toContain(slot.slotId);
    expect(await (await page.request.get('/api/insurance/lahitapiola-policy-check')).json()).toEqual({ type: 'success', hasHealthcarePolicy: true });
    const permits = (await (await page.request.get('/api/insurance/lahitapiola-direct-compensation-permits/fi')).json()) as {
      type: string;
      directCompensationPermits: { symptom: string; contentHash: string }[];
    };
    expect(permits.directCompensationPermits.map((p) => p.symptom)).toEqual(['Selkäkipu']);
    expect(await (await page.request.get(`/api/insurance/pohjola-check/${day}`)).json()).toEqual({ hasInsurance: false });
    expect((await page.request.get('/api/insurance/pohjola-check/not-a-date')).status()).toBe(400);

    const token = encodeURIComponent(await csrfToken(page));
    const concept = (code: string) => page.request.post(`/api/concepts?csrfToken=${token}`, { data: { code } });
    expect(await (await concept('12345')).json()).toEqual({ type: 'conceptNotFound' });
    expect(await (await concept('758236')).json()).toEqual({ type: 'Success' });
    const reserved = await page.request.post(`/api/reserve-appointment?csrfToken=${token}`, {
      data: {
        appointmentId: slot.slotId,
        phone: '+358401112233',
        emailAddress: 'insured@example.fi',
        isInsuranceCustomer: true,
        insuranceConceptCode: '758236',
        dcpContentHash: permits.directCompensationPermits[0]!.contentHash,
      },
    });
    expect(((await reserved.json()) as { type: string }).type).toBe('success');
  });

  test("the insurance list shows the chosen specialty's reservation info above the results", async ({ page }) => {
    const slot = await insuranceCustomer(page.request, { slot: { specialtyId: 'FYS', practitionerId: 'P0009', clinicId: 'TA' } });
    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'en' });
    await page.goto('/en/booking/insurance?specialtyIds=FYS');
    await expect(page.getByText("Physiotherapy: bring your doctor's referral if your insurance company requires one.")).toBeVisible();
  });
});
