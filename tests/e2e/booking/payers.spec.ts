/**
 * Booking for everyone else (issue 13), with JavaScript on and off: the occupational list on the
 * employer's agreement, its refusals (no agreement, no web reservation), and the occupational
 * reservation with the agreement's confirmation and the employer as payer; a guardian booking
 * for their child. (axe: a11y.spec.ts.)
 */
import { PAYER_DEMO_PERSONS } from '../../../db/seed-booking-payers';
import { OCCUPATIONAL_SLOT } from './payers-fixtures';
import { DEMO_PERSONS, expect, freshSlot, jsEnabled, login, newIdentityCode, test } from '../fixtures';
import { CHILDREN_URL } from '../urls';
import { dayAhead, firstDayAhead } from '../../fixtures/clock';

const occupationalReserve = (slotId: number) => `/en/available-appointments/occupational-health/${slotId}`;

/** A mobile number nobody else in the run uses: typed form and the normalised +358 form. */
function uniquePhone() {
  const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
  return { typed: `040${digits}`, normalized: `+35840${digits}` };
}

test.describe('occupational health list', () => {
  test('Mikko sees the times his agreement covers, leading to the occupational reserve page', async ({ page }) => {
    await login(page, 'mikko', { lang: 'en' });
    await page.goto('/en/booking/occupational-health?specialtyIds=FYS');
    await expect(page.getByRole('heading', { level: 1, name: 'Occupational health appointment booking' })).toBeVisible();
    await expect(page.getByText('Agreement: Esimerkki Rakennus Oy')).toBeVisible();
    // Only the agreement's specialties are offered (Dermatology is not covered).
    await expect(page.locator('input[name="specialtyIds"][value="FYS"]')).toBeChecked();
    await expect(page.locator('input[name="specialtyIds"][value="TPSG"]')).toHaveCount(1);
    await expect(page.locator('input[name="specialtyIds"][value="IHO"]')).toHaveCount(0);
    const first = page.locator('a[data-result-index]').first();
    await expect(first).toHaveAttribute('href', /^\/en\/available-appointments\/occupational-health\/\d+$/);
  });

  test('Aino, without an agreement, is told so and offered the private list', async ({ page }) => {
    await login(page, 'aino', { lang: 'en' });
    await page.goto('/en/booking/occupational-health');
    await expect(page.getByRole('heading', { name: "We couldn't find your occupational health agreement" })).toBeVisible();
    await page.getByRole('link', { name: 'Book as a private customer' }).click();
    await expect(page).toHaveURL(/\/en\/booking\/private/);
  });

  test('an agreement without web reservation gives the occupational customer service number', async ({ page }) => {
    await login(page, { identityCode: PAYER_DEMO_PERSONS.olli.identityCode }, { lang: 'fi' });
    await page.goto('/fi/ajanvaraus/tyoterveys');
    await expect(page.getByRole('heading', { name: 'Verkkoajanvaraus ei sisälly sopimukseesi' })).toBeVisible();
    await expect(page.getByRole('link', { name: '010 380 3838' })).toHaveAttribute('href', 'tel:+358103803838');
  });

  test('a special agreement shows the special-contract panel', async ({ page }) => {
    await login(page, { identityCode: PAYER_DEMO_PERSONS.reetta.identityCode }, { lang: 'en' });
    await page.goto('/en/booking/occupational-health');
    await expect(page.getByRole('heading', { name: 'Your employer has a special agreement' })).toBeVisible();
  });

  test('the landing leads anonymous employees through sign-in, keeping the query', async ({ page }) => {
    await page.goto('/en/booking?specialtyIds=TTH');
    await page.getByRole('link', { name: 'Book on your occupational health agreement' }).click();
    // The occupational landing page for anonymous users (spec 3 §2), with the list's query.
    await expect(page).toHaveURL(/\/en\/booking\/occupational-health\/sign-in\?specialtyIds=TTH$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Occupational health appointment booking' })).toBeVisible();
    await page.getByRole('link', { name: 'Nordea', exact: true }).click();
    await page.getByLabel('Personal identity code').fill(DEMO_PERSONS.mikko.identityCode);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/en\/booking\/occupational-health\?specialtyIds=TTH/);
  });
});

test.describe('occupational reservation', () => {
  test('an employee books on the agreement: confirmation wording by specialty, employer pays', { tag: '@no-js' }, async ({ page }, testInfo) => {
    const phone = uniquePhone();
    // The employee's saved contact details: the logged-in form books with them (issue 9's editor).
    const slot = await freshSlot(page.request, { ...OCCUPATIONAL_SLOT, phone: phone.normalized, email: 'employee@example.fi' });
    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'en' });
    await page.goto(occupationalReserve(slot.slotId));
    await expect(page.getByRole('heading', { level: 1, name: 'Reserve appointment' })).toBeVisible();
    await expect(page.getByText('Paid by your employer (occupational health). You pay nothing online.')).toBeVisible();
    const confirm = page.getByLabel(
      "I confirm that the visit is covered by my employer's occupational health agreement and that I have a doctor's referral for it.",
    );
    await expect(page.getByText(phone.normalized)).toBeVisible();
    const book = page.getByRole('button', { name: 'Book appointment' });
    if (jsEnabled(testInfo.project.name)) {
      // The button waits for the confirmation.
      await expect(book).toBeDisabled();
    } else {
      await book.click();
      await expect(page.getByText('Please confirm to book the visit.').first()).toBeVisible();
    }
    await confirm.check();
    await book.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();

    await page.goto('/dev/outbox');
    const sms = page.locator('article[data-outbox-channel="sms"]').filter({ hasText: phone.normalized }).first();
    // In the patient's language (Finnish): the occupational wording.
    await expect(sms).toContainText('työterveysaika');
    await expect(sms).toContainText('Käynti kuuluu työnantajasi sopimukseen.');
  });

  test('a referral-only specialty asks for the referral alone', async ({ page }) => {
    const slot = await freshSlot(page.request, { ...OCCUPATIONAL_SLOT, specialtyId: 'TPSG', practitionerId: 'P9001' });
    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'en' });
    await page.goto(occupationalReserve(slot.slotId));
    await expect(page.getByLabel('I confirm that I have a referral from occupational health for this visit.')).toBeVisible();
  });

  test('a private time is not bookable on the agreement, and Aino is refused with the private link', async ({ page }) => {
    const privateSlot = await freshSlot(page.request, { patient: 'new', consent: '1', contractOf: OCCUPATIONAL_SLOT.contractOf });
    await login(page, { identityCode: privateSlot.patient!.identityCode }, { lang: 'en' });
    await page.goto(occupationalReserve(privateSlot.slotId));
    await expect(page.getByRole('heading', { name: 'The appointment could not be found' })).toBeVisible();

    const slot = await freshSlot(page.request, { ...OCCUPATIONAL_SLOT, patient: '' });
    await page.context().clearCookies();
    await login(page, 'aino', { lang: 'en' });
    await page.goto(occupationalReserve(slot.slotId));
    await expect(page.getByRole('heading', { name: "We couldn't find your occupational health agreement" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book as a private customer' })).toBeVisible();
  });
});

test.describe('a guardian books for their child', () => {
  test("Laura books Eino's appointment: Eino is the patient", async ({ page }) => {
    const slot = await freshSlot(page.request, {}, CHILDREN_URL);
    await login(page, 'laura', { baseURL: CHILDREN_URL, lang: 'fi' });
    await page.goto(`${CHILDREN_URL}/fi/vapaat-ajat/${slot.slotId}`);
    await page.getByRole('link', { name: /Lapselleni/ }).click();
    await expect(page.getByRole('heading', { name: 'Kenelle varaat ajan?' })).toBeVisible();
    await page.getByRole('link', { name: 'Eino Nieminen' }).click();
    await expect(page.getByText('Varaat ajan henkilölle Eino Nieminen. Vahvistus lähetetään sinulle.')).toBeVisible();
    // The confirmation goes to Laura's saved contact details (shown read-only, issue 9).
    await expect(page.getByText('+358447654321')).toBeVisible();
    await page.getByRole('button', { name: 'Varaa aika' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ajanvaraus onnistui!' })).toBeVisible();
    await expect(page.getByText('Potilas: Eino Nieminen')).toBeVisible();
  });

  test('no ward to act for: told so (a child not yet registered: guardian-registration.spec.ts)', async ({ page }) => {
    const slot = await freshSlot(page.request, {}, CHILDREN_URL);
    await login(page, 'aino', { baseURL: CHILDREN_URL, lang: 'en' });
    await page.goto(`${CHILDREN_URL}/en/available-appointments/${slot.slotId}?for=child`);
    await expect(page.getByRole('heading', { name: 'You cannot act on behalf of a child' })).toBeVisible();
  });

  test('on the general brand a time for children asks whose appointment it is', async ({ page }) => {
    const slot = await freshSlot(page.request, { specialtyId: 'LAS', practitionerId: 'P0013' });
    await page.goto(`/en/available-appointments/${slot.slotId}`);
    await expect(page.getByRole('heading', { name: 'Whose appointment are you booking?' })).toBeVisible();
  });
});

test.describe('guardian choice (transaction path)', () => {
  test('?error=disallowed shows its text with the link; a choice leads on with it', async ({ page }) => {
    await page.goto('/en/transaction-path?error=disallowed&next=%2Fen%2Fbooking');
    await expect(page.getByRole('alert')).toContainText('You cannot act on behalf of this person.');
    await expect(page.getByRole('link', { name: 'Read about acting on behalf of another person' })).toHaveAttribute(
      'href',
      'https://www.suomi.fi/e-authorizations',
    );
    await page.getByRole('button', { name: /My child's appointment/ }).click();
    await expect(page).toHaveURL(/\/en\/booking\?for=child$/);
  });

  test('with JS the error goes after 20 seconds (the page script, on the plain page)', async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), 'without JS the error stays');
    // The page's clock stands still from before the page loads, so the 20 s are counted only by
    // the fast-forwards below: a slow machine's load time does not eat into them.
    const start = Date.parse('2027-01-04T09:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto('/en/transaction-path?error=disallowed&next=%2Fen%2Fbooking');
    await expect(page.locator('html[data-static]')).toHaveCount(1);
    const error = page.getByText('You cannot act on behalf of this person.');
    await expect(error).toBeVisible();
    await page.clock.fastForward('00:19');
    await expect(error).toBeVisible();
    await page.clock.fastForward('00:02');
    await expect(error).toBeHidden();
  });

  test('?error=unknown, and a foreign next falls back to the front page', async ({ page }) => {
    await page.goto('/fi/asiointipolku?error=unknown&next=https%3A%2F%2Fevil.example%2F');
    await expect(page.getByRole('alert')).toContainText('Tapahtui tuntematon virhe.');
    await page.getByRole('button', { name: /Itselleni/ }).click();
    await expect(page).toHaveURL(/\/fi\?for=self$/);
  });
});

test.describe('occupational vaccinations', () => {
  test('Mikko books an influenza vaccination from the vaccination page', { tag: '@no-js' }, async ({ page }, testInfo) => {
    await page.goto('/en/booking/occupational-health/vaccinations');
    await expect(page.getByText('Log in to see the vaccinations your occupational health agreement includes.')).toBeVisible();
    await login(page, 'mikko', { lang: 'en' });
    await page.goto('/en/booking/occupational-health/vaccinations');
    await expect(page.getByRole('heading', { name: 'Vaccines included in your agreement' })).toBeVisible();
    await expect(page.getByText('Influenza vaccine', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Book an influenza vaccination' }).click();
    await expect(page).toHaveURL(/specialtyIds=ROKT.*specialtyIds=INFL/);
    // A weekday ahead (today's times may be over, or about to start), and a time of each project's
    // own: Mikko is shared by both projects.
    const url = new URL(page.url());
    url.searchParams.set('startDate', firstDayAhead(2, [1, 2, 3, 4, 5]));
    await page.goto(url.pathname + url.search);
    const results = page.locator('a[data-result-index]');
    if ((await results.count()) === 0) await page.locator('#next-dates-title + ul a').first().click();
    await expect(results.nth(1)).toBeVisible();
    await results.nth(jsEnabled(testInfo.project.name) ? 0 : 1).click();
    await page.waitForURL(/\/en\/(data-processing|available-appointments)/);
    // Mikko is shared by both projects: the first one to arrive gives his consent.
    if (/\/en\/data-processing/.test(page.url())) {
      await page.getByLabel('I have read the privacy statement').check();
      await page.getByRole('button', { name: 'Save' }).click();
    }
    await expect(page).toHaveURL(/\/en\/available-appointments\/occupational-health\/\d+$/);
    await expect(page.getByText('Paid by your employer (occupational health). You pay nothing online.')).toBeVisible();
    const binding = page.getByLabel(/I understand that the reservation is binding/);
    if (await binding.count()) await binding.check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
  });

  test('no agreement, and an agreement without vaccinations, say so', async ({ page }) => {
    await login(page, 'aino', { lang: 'fi' });
    await page.goto('/fi/ajanvaraus/tyoterveys/rokotukset');
    await expect(page.getByRole('alert')).toContainText('Työterveyshuoltosopimustasi ei löytynyt.');
    await page.context().clearCookies();
    await login(page, { identityCode: PAYER_DEMO_PERSONS.olli.identityCode }, { lang: 'en' });
    await page.goto('/en/booking/occupational-health/vaccinations');
    await expect(page.getByRole('alert')).toContainText('Vaccinations are not part of your occupational health agreement.');
    await expect(page.getByRole('link', { name: 'Back to booking' })).toBeVisible();
  });
});

test.describe('appointment API with the payer flags', () => {
  test('isOccupationalHealthcare searches the agreement; refused without a session or an agreement', async ({ page }) => {
    const day = dayAhead;
    const query = `isOccupationalHealthcare=true&specialtyIds=FYS&specialtyIds=IHO&startDate=${day(1)}&endDate=${day(30)}`;
    expect((await page.request.get(`/api/appointments?isOccupationalHealthcare=true`)).status()).toBe(401);
    expect((await page.request.get(`/api/appointments?isInsuranceCustomer=true`)).status()).toBe(401);

    await login(page, 'mikko', { lang: 'en' });
    const found = await page.request.get(`/api/appointments?${query}`);
    expect(found.status()).toBe(200);
    const body = (await found.json()) as { availableAppointments: { type: string; appointments: { specialtyId: string }[] } };
    expect(body.availableAppointments.type).toBe('success');
    // Only the covered specialty of the two asked for.
    expect(new Set(body.availableAppointments.appointments.map((a) => a.specialtyId))).toEqual(new Set(['FYS']));
    // The coming month (the calendar range of today's month may have no day left with times).
    const dates = await page.request.get(
      `/api/appointments/available-appointment-dates?isOccupationalHealthcare=true&specialtyIds=FYS&startDate=${day(1)}&endDate=${day(30)}`,
    );
    expect(dates.status()).toBe(200);
    expect(((await dates.json()) as { dates: string[] }).dates.length).toBeGreaterThan(0);

    await page.context().clearCookies();
    await login(page, 'aino', { lang: 'en' });
    const refused = await page.request.get(`/api/appointments?isOccupationalHealthcare=true`);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ type: 'noOccupationalHealthcare' });
  });
});

test.describe("children's chat page", () => {
  test('opens without login, and says where a chat payment continues', async ({ page }) => {
    const response = await page.goto(`${CHILDREN_URL}/en/pikkutsatti`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Pikkutsatti chat has moved' })).toBeVisible();
    await expect(page.getByText('You do not need to log in here')).toBeVisible();
    await page.goto(`${CHILDREN_URL}/fi/pikkutsatti?payment_intent=pi_3Nabc123`);
    await expect(page.getByRole('heading', { name: 'Chatin maksu' })).toBeVisible();
    await expect(page.getByText('pi_3Nabc123')).toHaveCount(0);
  });
});

test.describe('health-portal registration', () => {
  test('a visitor from the health portal registers and continues to next', async ({ page }) => {
    await login(page, { identityCode: newIdentityCode() }, { lang: 'en' });
    await page.goto('/en/hpa/register?next=%2Fen%2Fbooking');
    await page.getByLabel('First name').fill('Heli');
    await page.getByLabel('Last name').fill('Portaali');
    await page.getByLabel('Street address').fill('Kotikatu 1 A 2');
    await page.getByLabel('Postal code').fill('00100');
    await page.getByLabel('Post office').fill('Helsinki');
    await page.getByLabel('Mobile phone number').fill(uniquePhone().typed);
    await page.getByLabel('E-mail address').fill('heli@example.fi');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/en\/booking$/);
    // Registered: the form is not shown again.
    await page.goto('/en/hpa/register?next=%2Fen%2Fbooking');
    await expect(page).toHaveURL(/\/en\/booking$/);
  });
});
