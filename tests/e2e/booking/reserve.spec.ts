/**
 * Reserving a free time, anonymously and logged in, with JavaScript on and off; registration and
 * the patient data consent on the way; the confirmation's link in the outbox; the children's
 * brand's own-or-child choice. (axe on these pages: a11y.spec.ts.) The reserve page is plain
 * HTML (ADR 0009): with JS the page script keeps the book button disabled until the form's
 * native constraints hold, and while booking.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { csrfToken, expect, freshSlot, jsEnabled, login, newIdentityCode, test } from '../fixtures';
import { CHILDREN_URL } from '../urls';

const reservePath = (lang: 'fi' | 'sv' | 'en', slotId: number) =>
  `/${lang}/${{ fi: 'vapaat-ajat', sv: 'lediga-tider', en: 'available-appointments' }[lang]}/${slotId}`;

/** A mobile number nobody else in the run uses: typed form and the normalised +358 form. */
function uniquePhone() {
  const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
  return { typed: `040 ${digits.slice(0, 3)} ${digits.slice(3)}`, normalized: `+35840${digits}` };
}

async function fillAnonymousForm(page: Page, values: { ssn: string; firstName: string; lastName: string; phone: string; email: string }) {
  await page.getByLabel('Personal identity code').fill(values.ssn);
  await page.getByLabel('First name').fill(values.firstName);
  await page.getByLabel('Last name').fill(values.lastName);
  await page.getByLabel('Mobile phone number').fill(values.phone);
  await page.getByLabel('E-mail address').fill(values.email);
  await page.getByLabel(/I accept the booking terms/).check();
}

/** The appointment link of the newest SMS to `phone` in the development outbox. */
async function linkFromOutbox(page: Page, phone: string): Promise<string> {
  await page.goto('/dev/outbox');
  const sms = page.locator('article[data-outbox-channel="sms"]').filter({ hasText: phone }).first();
  const body = await sms.locator('pre').innerText();
  const link = /https?:\/\/\S+\/en\/appointment\/[A-Za-z0-9_-]+/.exec(body)?.[0];
  expect(link, body).toBeTruthy();
  const email = page.locator('article[data-outbox-channel="email"]').filter({ hasText: link! });
  await expect(email).toContainText('Appointment confirmation – Kaari');
  await expect(email).toContainText(/appointment-\d+\.ics/);
  return link!;
}

test.describe('anonymous reservation', () => {
  test('a visitor books a free time and the message link opens the appointment', async ({ page }) => {
    const slot = await freshSlot(page.request, { patient: 'new' });
    const phone = uniquePhone();
    await page.goto(reservePath('en', slot.slotId));
    await expect(page.getByRole('heading', { level: 1, name: 'Reserve appointment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'General practice – Clinic visit' })).toBeVisible();
    await expect(page.getByText('Price estimate: From €89.00')).toBeVisible();
    await fillAnonymousForm(page, {
      ssn: slot.patient!.identityCode.toLowerCase(),
      firstName: slot.patient!.firstName,
      lastName: slot.patient!.lastName,
      phone: phone.typed,
      email: 'visitor@example.fi',
    });
    await page.getByRole('button', { name: 'Book appointment' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
    await expect(page.getByText('Kamppi')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Identify and cancel' })).toHaveAttribute('href', /\/en\/login\?nextPath=%2Fen%2Fappointments%2F\d+%2Fcancel/);

    const link = await linkFromOutbox(page, phone.normalized);
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'General practice – Clinic visit' })).toBeVisible();
    await expect(page.getByText('Urho Kekkosen katu 1, 00100 Helsinki')).toBeVisible();
  });

  test('a second visitor of the same time is told it has already been reserved', async ({ page, request }) => {
    const slot = await freshSlot(page.request, { patient: 'new' });
    const other = await freshSlot(page.request, { patient: 'new' });
    await page.goto(reservePath('en', slot.slotId));
    await fillAnonymousForm(page, {
      ssn: other.patient!.identityCode,
      firstName: other.patient!.firstName,
      lastName: other.patient!.lastName,
      phone: uniquePhone().typed,
      email: 'second@example.fi',
    });

    // Meanwhile someone else (another browser) books it through the API.
    const html = await (await request.get(reservePath('en', slot.slotId))).text();
    const token = /name="csrf" value="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const first = await request.post('/api/anon/reserve-appointment', {
      headers: { 'X-CSRF-Token': token },
      data: {
        appointmentId: slot.slotId,
        ssn: slot.patient!.identityCode,
        firstName: slot.patient!.firstName,
        lastName: slot.patient!.lastName,
        phone: uniquePhone().normalized,
        emailAddress: 'first@example.fi',
        termsApproved: true,
      },
    });
    expect((await first.json()).type).toBe('success');

    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByText('The appointment has already been reserved. Please choose another appointment')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the appointment list' })).toHaveAttribute('href', '/en/booking/private');
  });

  // With JS only: without it the button is always enabled and the server answers (the test below).
  test('with JS the book button waits for the required fields and the terms, then for the booking', async ({ page }) => {
    const slot = await freshSlot(page.request, { patient: 'new' });
    await page.goto(reservePath('en', slot.slotId));
    const book = page.getByRole('button', { name: 'Book appointment' });
    await expect(book).toBeDisabled();
    await fillAnonymousForm(page, {
      ssn: slot.patient!.identityCode,
      firstName: slot.patient!.firstName,
      lastName: slot.patient!.lastName,
      phone: uniquePhone().typed,
      email: 'waits@example.fi',
    });
    await expect(book).toBeEnabled();
    await page.getByLabel(/I accept the booking terms/).uncheck();
    await expect(book).toBeDisabled();
    await page.getByLabel(/I accept the booking terms/).check();
    await page.getByLabel('E-mail address').fill('');
    await expect(book).toBeDisabled();
    await page.getByLabel('E-mail address').fill('waits@example.fi');

    // While the server books: "Booking…", disabled (a second click books nothing more).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${reservePath('en', slot.slotId)}`, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    // Clicked and watched from inside the page: Playwright's own click, a locator or another
    // evaluate would wait for the held navigation. Resolves when the button says so (a page that
    // never does leaves the test to its timeout).
    const pending = await book.evaluate(
      (button: HTMLButtonElement) =>
        new Promise<{ text: string | null; disabled: boolean }>((resolve) => {
          const seen = () => {
            if (!button.disabled || button.textContent !== 'Booking…') return;
            observer.disconnect();
            resolve({ text: button.textContent, disabled: button.disabled });
          };
          const observer = new MutationObserver(seen);
          observer.observe(button, { attributes: true, childList: true, characterData: true, subtree: true });
          button.click();
          seen();
        }),
    );
    expect(pending).toEqual({ text: 'Booking…', disabled: true });
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
  });

  test('with JS a missing phone or e-mail is told when the field is left; given, the field is valid again and the message stays until the submit (spec 3 §5)', async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), 'without JS the server answers the post (the test below)');
    const slot = await freshSlot(page.request, { patient: 'new' });
    await page.goto(reservePath('en', slot.slotId));
    const phone = page.getByLabel('Mobile phone number');
    const email = page.getByLabel('E-mail address');
    await phone.focus();
    await email.focus();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(/Required/);
    await page.getByLabel('First name').focus();
    await expect(email).toHaveAccessibleDescription('Required');
    await email.fill('not-an-address');
    await phone.focus();
    await expect(email).toHaveAccessibleDescription('Check email address');
    await email.fill('blur@example.fi');
    await phone.fill(uniquePhone().typed);
    await email.focus();
    await expect(phone).not.toHaveAttribute('aria-invalid');
    await page.getByLabel('First name').focus();
    await expect(email).not.toHaveAttribute('aria-invalid');
    // GOV.UK's pattern: a shown message stays in place until the next submit (nothing moves on leaving a field).
    await expect(email).toHaveAccessibleDescription('Check email address');
  });

  test('an invalid identity code, phone or e-mail shows its error and keeps the other fields', async ({ page }) => {
    const slot = await freshSlot(page.request, { patient: 'new' });
    const good = {
      ssn: slot.patient!.identityCode,
      firstName: slot.patient!.firstName,
      lastName: slot.patient!.lastName,
      phone: '040 123 4567',
      email: 'check@example.fi',
    };
    const cases = [
      { label: 'Personal identity code', values: { ...good, ssn: '150385-9025' }, error: 'Please check your identity number' },
      { label: 'Mobile phone number', values: { ...good, phone: '12345' }, error: 'Please provide a valid phone number (for example +358401234567)' },
      { label: 'E-mail address', values: { ...good, email: 'check@example' }, error: 'Check email address' },
    ];
    for (const c of cases) {
      await page.goto(reservePath('en', slot.slotId));
      await fillAnonymousForm(page, c.values);
      // Valid as far as the browser can tell (its constraints: required, lengths, an e-mail's form):
      // the server checks the rest, and answers the same with JS and without.
      await page.getByRole('button', { name: 'Book appointment' }).click();
      await expect(page.getByRole('alert').getByRole('link', { name: c.label })).toBeVisible();
      await expect(page.getByText(c.error)).toBeVisible();
      await expect(page.getByLabel(c.label)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('First name')).toHaveValue(good.firstName);
      await expect(page.getByLabel('Last name')).toHaveValue(good.lastName);
      for (const [label, value] of [
        ['Personal identity code', c.values.ssn],
        ['Mobile phone number', c.values.phone],
        ['E-mail address', c.values.email],
      ] as const) {
        await expect(page.getByLabel(label)).toHaveValue(value);
      }
    }
  });

  test('a time that needs strong identification sends the visitor to identify and back', async ({ page }) => {
    const slot = await freshSlot(page.request, { requiresAuth: '1' });
    await page.goto(reservePath('fi', slot.slotId));
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=/);
    expect(decodeURIComponent(new URL(page.url()).search)).toContain(`${reservePath('fi', slot.slotId)}?identified=1`);
  });

  test('a missing time says so, with a link to the list', async ({ page }) => {
    await page.goto(reservePath('fi', 999_999_999));
    await expect(page.getByRole('heading', { name: 'Aikaa ei löytynyt' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Takaisin vapaisiin aikoihin' })).toBeVisible();
  });
});

test.describe('logged-in reservation', () => {
  test('a new customer registers, gives the consent and books', { tag: '@no-js' }, async ({ page }, testInfo) => {
    // A fresh strongly identified person, like the demo Pekka: Pekka himself must stay a
    // non-patient for the identification tests (auth.spec.ts), and each person registers once.
    const identityCode = newIdentityCode();
    const slot = await freshSlot(page.request);
    await login(page, { identityCode }, { lang: 'en' });
    await page.goto(reservePath('en', slot.slotId));

    await expect(page).toHaveURL(/\/en\/registration\?next=/);
    await expect(page.getByRole('heading', { name: 'Registration' })).toBeVisible();
    await expect(page.getByText(identityCode)).toBeVisible();
    // The fields' purpose for autofill (WCAG 1.3.5): the registering person's own details; the
    // one-line street address is address-line1 (street-address is the whole, multi-line address).
    await expect(page.getByLabel('First name')).toHaveAttribute('autocomplete', 'given-name');
    await expect(page.getByLabel('Last name')).toHaveAttribute('autocomplete', 'family-name');
    await expect(page.getByLabel('Street address')).toHaveAttribute('autocomplete', 'address-line1');
    await expect(page.getByLabel('Postal code')).toHaveAttribute('autocomplete', 'postal-code');
    await expect(page.getByLabel('Post office')).toHaveAttribute('autocomplete', 'address-level2');
    await page.getByLabel('First name').fill('Pekka');
    await page.getByLabel('Last name').fill('Heikkinen');
    await page.getByLabel('Street address').fill('Kotikatu 1 A 2');
    await page.getByLabel('Postal code').fill('00100');
    await page.getByLabel('Post office').fill('Helsinki');
    const phone = uniquePhone();
    await page.getByLabel('Mobile phone number').fill(phone.typed);
    await page.getByLabel('E-mail address').fill('pekka@example.fi');
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/en\/data-processing\?next=/);
    await expect(page.getByRole('status').getByText('Thank you! You are now registered as our patient.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Privacy statement' })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save' });
    if (jsEnabled(testInfo.project.name)) await expect(save).toBeDisabled();
    await page.getByLabel('I have read the privacy statement').check();
    await page.getByLabel('You may send me appointment confirmations and reminders by text message.').check();
    await save.click();

    await expect(page).toHaveURL(new RegExp(`${reservePath('en', slot.slotId)}$`));
    await expect(page.getByRole('status').getByText('Your choices have been saved.')).toBeVisible();
    await expect(page.getByText('Booking for Pekka Heikkinen')).toBeVisible();
    // The contact info editor (issue 9): the saved details, edited on my information.
    await expect(page.getByRole('heading', { name: 'Contact information' })).toBeVisible();
    await expect(page.getByText(phone.normalized)).toBeVisible();
    await expect(page.getByText('pekka@example.fi')).toBeVisible();
    await page.getByRole('button', { name: 'Book appointment' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel appointment' })).toHaveAttribute('href', /\/en\/appointments\/\d+\/cancel$/);
    await linkFromOutbox(page, phone.normalized);
  });

  test('Pekka, not yet a patient, is asked to register first with his names filled in', async ({ page }) => {
    const slot = await freshSlot(page.request);
    await login(page, 'pekka', { lang: 'en' });
    await page.goto(reservePath('en', slot.slotId));
    await expect(page).toHaveURL(new RegExp(`/en/registration\\?next=${encodeURIComponent(reservePath('en', slot.slotId))}$`));
    await expect(page.getByLabel('First name')).toHaveValue('Pekka');
    await expect(page.getByLabel('Last name')).toHaveValue('Heikkinen');
    await expect(page.getByText('280270-9479')).toBeVisible();
  });

  test('Aino books with her saved contact details', async ({ page }) => {
    const slot = await freshSlot(page.request, { startInMinutes: String(5 * 60) });
    await login(page, 'aino', { lang: 'en' });
    await page.goto(reservePath('en', slot.slotId));
    // Aino is shared by both projects: the first one to arrive gives her consent.
    if (/\/en\/data-processing/.test(page.url())) {
      await page.getByLabel('I have read the privacy statement').check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(new RegExp(`${reservePath('en', slot.slotId)}$`));
    }
    await expect(page.getByText('Booking for Aino Virtanen')).toBeVisible();
    await expect(page.getByText('+358401234567')).toBeVisible();
    await expect(page.getByText('aino.virtanen@example.fi')).toBeVisible();
    // Starts within 24 hours: the binding consent is asked.
    await page.getByLabel(/I understand that the reservation is binding/).check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment reserved successfully!' })).toBeVisible();
    // Too late to cancel online: no cancel option.
    await expect(page.getByRole('link', { name: 'Cancel appointment' })).toHaveCount(0);
    await page.getByRole('link', { name: 'All appointments' }).click();
    await expect(page.getByRole('heading', { name: 'Upcoming appointments' })).toBeVisible();
  });

  test('a patient blocked by billing sees "Booking interrupted" with the billing contacts', async ({ page }) => {
    const slot = await freshSlot(page.request, { patient: 'new', consent: '1', creditBlocked: '1' });
    await login(page, { identityCode: slot.patient!.identityCode }, { lang: 'en' });
    await page.goto(reservePath('en', slot.slotId));
    await expect(page.getByRole('heading', { name: 'Booking interrupted' })).toBeVisible();
    await expect(page.getByRole('link', { name: '09 4242 0100' })).toHaveAttribute('href', 'tel:+358942420100');
    await expect(page.getByRole('link', { name: 'laskutus@kaari.example' })).toBeVisible();
  });
});

test.describe("children's brand", () => {
  test('the visitor first chooses whose appointment it is', async ({ page }) => {
    const slot = await freshSlot(page.request, {}, CHILDREN_URL);
    await page.goto(`${CHILDREN_URL}${reservePath('fi', slot.slotId)}`);
    await expect(page.getByRole('heading', { name: 'Kenelle varaat aikaa?' })).toBeVisible();
    // A child's appointment: the guardian identifies strongly (booking-payers.spec.ts goes on).
    const child = await page.request.get(`${CHILDREN_URL}${reservePath('fi', slot.slotId)}?for=child`, { maxRedirects: 0 });
    expect(child.status()).toBe(302);
    expect(child.headers()['location']).toMatch(/^\/oauth\/authenticate\?lang=fi&next=.*for%3Dchild/);

    await page.getByRole('link', { name: /Itselleni/ }).click();
    await expect(page.getByRole('heading', { name: 'Tietosi' })).toBeVisible();
    await expect(page.getByLabel('Henkilötunnus')).toBeVisible();
  });
});

test.describe("children's brand: a child's appointment", () => {
  const childPath = (slotId: number) => `${CHILDREN_URL}${reservePath('fi', slotId)}?for=child`;

  /** The slot is still free: an anonymous visitor of it gets the booking form, not "no longer available". */
  async function expectStillFree(request: APIRequestContext, slotId: number) {
    const html = await (await request.get(`${CHILDREN_URL}${reservePath('fi', slotId)}?for=self`)).text();
    expect(html).toContain('Tietosi');
    expect(html).not.toContain('Aika ei ole enää vapaana');
  }

  test('never books for the guardian, anonymous or logged in', async ({ page, request }) => {
    const slot = await freshSlot(page.request, { patient: 'new' }, CHILDREN_URL);
    const origin = new URL(CHILDREN_URL).origin;

    // Anonymous: a reservation posted for a child books nothing and sends the visitor to identify.
    const anonymousToken = /name="csrf" value="([^"]+)"/
      .exec(await (await page.request.get(`${CHILDREN_URL}${reservePath('fi', slot.slotId)}?for=self`)).text())![1]!
      .replace(/&amp;/g, '&');
    const anonymous = await page.request.post(childPath(slot.slotId), {
      form: {
        csrf: anonymousToken,
        intent: 'reserve',
        ssn: slot.patient!.identityCode,
        firstName: slot.patient!.firstName,
        lastName: slot.patient!.lastName,
        phone: uniquePhone().typed,
        emailAddress: 'guardian@example.fi',
        termsApproved: 'on',
      },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(anonymous.status()).toBe(303);
    expect(anonymous.headers()['location']).toMatch(/^\/oauth\/authenticate\?/);
    await expectStillFree(request, slot.slotId);

    // Logged in as the guardian (Laura, Eino's guardian): the ward choice, never her own form.
    await login(page, 'laura', { baseURL: CHILDREN_URL, lang: 'fi' });
    await page.goto(childPath(slot.slotId));
    await expect(page.getByRole('heading', { name: 'Kenelle varaat ajan?' })).toBeVisible();
    await expect(page.getByText('Varaus henkilölle Laura Nieminen')).toHaveCount(0);
    await expect(page.locator('input[name="phone"]')).toHaveCount(0);
    const posted = await page.request.post(childPath(slot.slotId), {
      form: { csrf: await csrfToken(page, CHILDREN_URL), intent: 'reserve', phone: uniquePhone().typed, emailAddress: 'laura@example.fi' },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
    expect(posted.headers()['location']).toBe(`${reservePath('fi', slot.slotId)}?for=child`);
    await expectStillFree(request, slot.slotId);
  });
});
