/**
 * My information (issue 9), with JavaScript on and off: contact details, consents, SMS login,
 * SMS-code re-identification after an idle timeout, and Kela card images. Each test uses its own
 * fresh patient, so tests never share per-person state. The pages are plain HTML (issue 25, ADR
 * 0009): the server checks the forms, and with JS the page script and the components' small
 * scripts add the enhanced behaviour checked here (save waiting for the native constraints, the
 * phone normalised on blur, a field's error staying in place until the next submit, the Kela
 * upload states).
 */
import { csrfToken, expect, freshSlot, login, test } from '../fixtures';
import { freshPatient, lastCodeTo, patientWithSmsLogin, uniquePhone } from './my-information-helpers';
import { pagePath } from '../../../app/route-table';

const PAGE = pagePath('myInformation', 'en');

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), Buffer.alloc(64, 1)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 2)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 3)]);

test(
  'contact details: bad input gets its message without losing what was typed; the saved change shows in the booking form',
  { tag: '@no-js' },
  async ({ page, javaScriptEnabled }) => {
    await freshPatient(page, 'en', '', { consent: true });
    await page.goto(PAGE);
    await expect(page.locator('html[data-static]'), 'my information is plain HTML').toHaveCount(1);
    await page.getByRole('link', { name: 'Edit contact information' }).click();
    // The address's purpose for autofill (WCAG 1.3.5): the one-line street address is address-line1
    // (street-address is the whole, multi-line address), then postal code and city.
    await expect(page.getByLabel('Street address')).toHaveAttribute('autocomplete', 'address-line1');
    await expect(page.getByLabel('Postal code')).toHaveAttribute('autocomplete', 'postal-code');
    await expect(page.getByLabel('Post office')).toHaveAttribute('autocomplete', 'address-level2');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    // A required field left empty: with JS save waits for it (the schema's native constraints).
    await page.getByLabel('Street address').fill('');
    if (javaScriptEnabled) await expect(save).toBeDisabled();
    else await expect(save).toBeEnabled();
    await page.getByLabel('Street address').fill('Uusikatu 5');
    await expect(save).toBeEnabled();
    await page.getByLabel('Postal code').fill('0025');
    await page.getByLabel('Phone number', { exact: true }).fill('12345');
    await save.click();
    await expect(page.getByText('Zipcode length should be 5 and can only contain numbers')).toBeVisible();
    await expect(page.getByText('Please provide a valid phone number (for example +358401234567)')).toBeVisible();
    await expect(page.getByText('Check Postal code, Phone number')).toBeVisible();
    await expect(page.getByLabel('Street address')).toHaveValue('Uusikatu 5');
    await expect(page.getByLabel('Postal code')).toHaveValue('0025');

    await page.getByLabel('Postal code').fill('00250');
    await page.getByLabel('Phone number', { exact: true }).fill('040 765 4321');
    await page.getByLabel('E-mail').focus();
    if (javaScriptEnabled) await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue('+358407654321');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your contact information has been saved.')).toBeVisible();
    await expect(page.getByText('+358407654321')).toBeVisible();
    await expect(page.getByText('Uusikatu 5')).toBeVisible();

    const slot = await freshSlot(page.request);
    await page.goto(pagePath('reserve', 'en', { slotId: String(slot.slotId) }));
    await expect(page.locator('#contact-summary-title')).toBeVisible();
    await expect(page.getByText('+358407654321')).toBeVisible();
    await expect(page.getByText('Uusikatu 5')).toBeVisible();
  },
);

test('a new phone number needs a fresh identification, and then the old number is told of the change', { tag: '@no-js' }, async ({ page }) => {
  const { identityCode, phone } = await freshPatient(page, 'en', '', { consent: true });
  // Identified 20 minutes ago: more than CONTACT_CHANGE_IDENTIFIED_MINUTES (15).
  expect((await page.request.get('/dev/test-fixtures/session?identifiedMinutes=20')).ok()).toBeTruthy();
  await page.goto(PAGE);
  await page.getByRole('link', { name: 'Edit contact information' }).click();
  const notice = page.getByText(/^To change your phone number or e-mail address, identify yourself again first: .* within 15 minutes/);
  await expect(notice).toBeVisible();
  const newPhone = uniquePhone();
  const phoneField = page.getByLabel('Phone number', { exact: true });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await phoneField.fill(newPhone);
  await save.click();
  // Refused: nothing saved, what was typed kept, and the way on.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your phone number or e-mail address was not changed, and nothing else was saved either' }),
  ).toBeVisible();
  await expect(phoneField).toHaveValue(newPhone);

  await page.getByRole('link', { name: 'Identify yourself again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Identify yourself again' })).toBeVisible();
  await page.getByRole('link', { name: 'OP', exact: true }).click();
  await page.getByLabel('Personal identity code').fill(identityCode);
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Back in the form, now free to change the number.
  await expect(page).toHaveURL(/\/en\/my-information\?edit=contact$/);
  await expect(notice).toHaveCount(0);
  await phoneField.fill(newPhone);
  await save.click();
  await expect(page.getByText('Your contact information has been saved.')).toBeVisible();
  await expect(page.getByText(newPhone)).toBeVisible();

  // The old number heard of it, without the new one; the new number got nothing.
  await page.goto('/dev/outbox');
  const told = page.locator('article[data-outbox-channel="sms"]').filter({ hasText: phone }).filter({ hasText: 'Your phone number was changed' });
  await expect(told).toHaveCount(1);
  await expect(told).toContainText('call our customer service on 09 4242 0000');
  await expect(told).not.toContainText(newPhone);
  await expect(page.locator('article').filter({ hasText: newPhone })).toHaveCount(0);
});

test('with JS, one click on Save after correcting a refused field saves: its error stays in place until the submit (GOV.UK’s pattern)', async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'the page script’s behaviour on leaving a field');
  const zipError = page.getByText('Zipcode length should be 5 and can only contain numbers');
  const postalCode = page.getByLabel('Postal code');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await freshPatient(page, 'en', '', { consent: true });
  await page.goto(PAGE);
  await page.getByRole('link', { name: 'Edit contact information' }).click();
  await postalCode.fill('00A50');
  await save.click();
  await expect(zipError).toBeVisible();
  await expect(postalCode).toHaveAttribute('aria-invalid', 'true');

  await postalCode.fill('00250');
  await save.scrollIntoViewIfNeeded();
  const box = (await save.boundingBox())!;
  // The press on Save takes the focus out of the corrected field: its focusout runs between the
  // press and the release, and must move nothing, or the release lands beside the button.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(postalCode).not.toBeFocused();
  await expect(postalCode).not.toHaveAttribute('aria-invalid');
  await expect(zipError).toBeVisible();
  expect(await save.boundingBox()).toEqual(box);
  await page.mouse.up();
  await expect(page.getByText('Your contact information has been saved.')).toBeVisible();
  await expect(page.getByText('00250')).toBeVisible();
});

test(
  'the message language is a required choice: its select starts with an empty placeholder, which is refused',
  { tag: '@no-js' },
  async ({ page, javaScriptEnabled }) => {
    await freshPatient(page, 'en', '', { consent: true });
    await page.goto(PAGE);
    await page.getByRole('link', { name: 'Edit contact information' }).click();
    const select = page.getByLabel('Language of messages');
    // HTML's placeholder label option: the first option of a required select, with an empty value.
    await expect(select).toHaveJSProperty('required', true);
    await expect(select.locator('option').first()).toHaveText('Choose a language');
    await expect(select.locator('option').first()).toHaveAttribute('value', '');
    await expect(select).not.toHaveValue('');
    await select.selectOption('');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    if (javaScriptEnabled) {
      await expect(save).toBeDisabled();
      await select.selectOption('sv');
      await expect(save).toBeEnabled();
    } else {
      await save.click();
      await expect(page.getByText('Check Language of messages')).toBeVisible();
      await expect(page.getByLabel('Language of messages')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Language of messages')).toHaveAccessibleDescription('Required');
    }
  },
);

test('consents are saved and shown on reload', { tag: '@no-js' }, async ({ page, javaScriptEnabled }) => {
  await freshPatient(page);
  await page.goto(`${PAGE}?tab=consent`);
  await expect(page.getByRole('heading', { name: 'Permissions and agreements', level: 2 })).toBeVisible();
  // The side navigation's entry shows the patient's name (spec 1 §2).
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My information Iida Testinen' })).toBeVisible();
  await page.getByLabel('You may send me news and offers by e-mail.').check();
  // The first time the read confirmation gates saving (spec 2 §4): with JS the button waits for
  // it; without JS the server refuses and says why, keeping the ticked choice.
  const save = page.getByRole('button', { name: 'Save', exact: true });
  if (javaScriptEnabled) {
    await expect(save).toBeDisabled();
  } else {
    await save.click();
    await expect(page.getByText('Confirm that you have read the privacy statement')).toBeVisible();
    await expect(page.getByLabel('You may send me news and offers by e-mail.')).toBeChecked();
  }
  await page.getByLabel('I have read the privacy statement').check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Your permissions have been saved.')).toBeVisible();
  await page.goto(`${PAGE}?tab=consent`);
  await expect(page.getByLabel('You may send me news and offers by e-mail.')).toBeChecked();
  await expect(page.getByLabel('I have read the privacy statement')).toHaveCount(0);
});

test('SMS login is enabled with the code sent to the phone', async ({ page }) => {
  const { phone } = await freshPatient(page);
  await page.goto(PAGE);
  await expect(page.getByText('SMS login is off.')).toBeVisible();
  await page.getByRole('button', { name: 'Enable SMS login' }).click();
  await expect(page.getByText(`We sent a four-digit code to ${phone}`)).toBeVisible();
  await page.getByLabel('Code from the text message').fill(await lastCodeTo(page, phone));
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(page.getByText(`SMS login is on. Codes are sent to ${phone}.`)).toBeVisible();
});

test('after an idle timeout the timed-out page offers an SMS code, which resumes the session at next', async ({ page }) => {
  const { phone } = await patientWithSmsLogin(page);
  await page.request.get('/dev/test-fixtures/session?lapse=idle');
  await page.goto(`${PAGE}?tab=consent`);
  await expect(page).toHaveURL(/\/en\/expired-session\?/);
  await page.getByRole('button', { name: 'Order an SMS code' }).click();
  await expect(page).toHaveURL(/\/en\/authentication\?/);
  await page.getByLabel('Code', { exact: true }).fill(await lastCodeTo(page, phone));
  await page.getByRole('button', { name: 'Identify' }).click();
  await expect(page).toHaveURL(`${PAGE}?tab=consent`);
  await expect(page.getByRole('heading', { name: 'Permissions and agreements', level: 2 })).toBeVisible();
  // A resumed session may not change SMS login without bank identification.
  await page.goto(PAGE);
  await expect(page.getByText('You continued your session with an SMS code.')).toBeVisible();
});

test('five wrong SMS codes log out', async ({ page }) => {
  const { phone } = await patientWithSmsLogin(page);
  await page.request.get('/dev/test-fixtures/session?lapse=idle');
  await page.goto(pagePath('smsAuthentication', 'en', {}, `next=${PAGE}`));
  await page.getByRole('button', { name: 'Order an SMS code' }).click();
  const right = await lastCodeTo(page, phone);
  const wrong = right === '0000' ? '1111' : '0000';
  for (let i = 0; i < 4; i++) {
    await page.getByLabel('Code', { exact: true }).fill(wrong);
    await page.getByRole('button', { name: 'Identify' }).click();
    await expect(page.getByText('Identification failed. Try to identify yourself again')).toBeVisible();
  }
  await page.getByLabel('Code', { exact: true }).fill(wrong);
  await page.getByRole('button', { name: 'Identify' }).click();
  await expect(page.getByText('Too many retries. You can retry again later')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/login/);
  // Logged out for good: even the right code no longer helps, and pages ask for bank login.
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/en\/login/);
});

test(
  'Kela card: a JPEG and a PNG are saved, a PDF renamed .png is refused, and nobody else can fetch the images',
  { tag: '@no-js' },
  async ({ page, browser, javaScriptEnabled }) => {
    await freshPatient(page);
    await page.goto(PAGE);
    if (javaScriptEnabled) {
      // The slots (spec 2 §4): save only when both images are ready; a file that is not a JPEG or
      // PNG is an error at once, before anything is sent.
      const save = page.getByRole('button', { name: 'Save images' });
      await expect(page.locator('#kela-front-status')).toHaveText('No image');
      await expect(save).toBeDisabled();
      await page.getByLabel('Front side').setInputFiles({ name: 'front.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.locator('#kela-front-status')).toHaveText('Failed');
      await expect(page.getByText('The image file does not meet the requirements. Allowed file formats: JPEG, PNG')).toBeVisible();
      await page.getByLabel('Back side').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.locator('#kela-back-status')).toHaveText('Ready to upload');
      await expect(save).toBeDisabled();
      // Save stays disabled with its reason shown: the front's refusal stands until the front changes (issue 26).
      await expect(page.getByRole('alert').filter({ hasText: 'The image file does not meet the requirements. Allowed file formats: JPEG, PNG' })).toBeVisible();
    }
    await page.getByLabel('Front side').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PDF });
    await page.getByLabel('Back side').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Save images' }).click();
    await expect(page.getByText('The image file does not meet the requirements. Allowed file formats: JPEG, PNG')).toBeVisible();
    await expect(page.getByRole('img', { name: /Kela card/ })).toHaveCount(0);

    await page.goto(PAGE);
    await page.getByLabel('Front side').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await page.getByLabel('Back side').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
    // With JS the images go straight to their upload URLs (with progress), then the page loads again.
    const finished = javaScriptEnabled ? page.waitForResponse((response) => response.url().includes('/api/kela-card/finish-upload')) : null;
    await page.getByRole('button', { name: 'Save images' }).click();
    if (finished) expect((await finished).ok()).toBe(true);
    await expect(page.getByRole('img', { name: 'Kela card, Front side' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Kela card, Back side' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change images' })).toBeVisible();

    const src = await page.getByRole('img', { name: 'Kela card, Front side' }).getAttribute('src');
    expect(src).toMatch(/^\/files\//);
    expect((await page.request.get(src!)).status()).toBe(200);
    const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const otherPage = await other.newPage();
    await login(otherPage, 'aino');
    expect((await otherPage.request.get(src!)).status()).toBe(404);
    await other.close();
  },
);

test('a guardian adds and removes a guardian for their child', async ({ page }) => {
  await freshPatient(page);
  const ward = await page.request.get('/dev/test-fixtures/session?ward=new');
  expect(ward.ok()).toBeTruthy();
  await page.goto(PAGE);
  const section = page.getByRole('region', { name: 'Guardians of Vilja Testinen' });
  await expect(section.getByText('No guardians have been given.')).toBeVisible();
  await section.getByRole('button', { name: 'Add guardian' }).click();
  await expect(section.getByLabel('Name')).toHaveValue('Testinen Iida');
  await section.getByLabel('Phone number').fill('040 111 2233');
  await section.getByLabel('E-mail').fill('iida@example.fi');
  // The address fields show only without "same address" (CSS: with JS and without).
  await expect(section.getByLabel('Street address')).toBeHidden();
  await section.getByLabel('Same address as the child').uncheck();
  await expect(section.getByLabel('Street address')).toBeVisible();
  await section.getByLabel('Street address').fill('Toinen katu 2');
  await section.getByLabel('Postal code').fill('12');
  await section.getByLabel('Post office').fill('Espoo');
  await section.getByRole('button', { name: 'Save guardians' }).click();
  await expect(section.getByText('Zipcode length should be 5 and can only contain numbers')).toBeVisible();
  await expect(section.getByLabel('Street address')).toHaveValue('Toinen katu 2');
  await section.getByLabel('Postal code').fill('02100');
  await section.getByRole('button', { name: 'Save guardians' }).click();
  await expect(page.getByText('The guardians have been saved.')).toBeVisible();
  await expect(section.getByLabel('Phone number')).toHaveValue('+358401112233');
  await expect(section.getByLabel('Postal code')).toHaveValue('02100');

  await section.getByRole('button', { name: 'Remove guardian 1' }).click();
  await expect(section.getByText('No guardians have been given.')).toBeVisible();
  // The first save's message may still be shown: wait for this save's answer before reloading.
  const saved = page.waitForResponse((response) => response.request().method() === 'POST');
  await section.getByRole('button', { name: 'Save guardians' }).click();
  await saved;
  await expect(page.getByText('The guardians have been saved.')).toBeVisible();
  await page.goto(PAGE);
  await expect(page.getByRole('region', { name: 'Guardians of Vilja Testinen' }).getByText('No guardians have been given.')).toBeVisible();
});

test('the booking form edits the contact details on my information and comes back to the same time', async ({ page }) => {
  await freshPatient(page, 'en', '', { consent: true });
  const slot = await freshSlot(page.request);
  const reserve = pagePath('reserve', 'en', { slotId: String(slot.slotId) });
  await page.goto(reserve);
  await page.getByRole('link', { name: 'Edit contact information' }).click();
  await expect(page).toHaveURL(/\/en\/my-information\?.*saveAction=/);
  await page.getByLabel('Phone number', { exact: true }).fill('050 444 5566');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${reserve}$`));
  await expect(page.getByText('+358504445566')).toBeVisible();
});

test('a malformed saveAction is ignored and the API answers as the page does', async ({ page }) => {
  await freshPatient(page);
  await page.goto(`${PAGE}?saveAction=${encodeURIComponent('aHR0cHM6Ly9ldmlsLmV4YW1wbGU')}&edit=contact`);
  await page.getByLabel('Post office').fill('Vantaa');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}(\\?tab=basic)?$`));
  await expect(page.getByText('Vantaa')).toBeVisible();

  const token = encodeURIComponent(await csrfToken(page));
  const put = await page.request.put(`/api/user?csrfToken=${token}`, {
    data: { streetAddress: 'Apikatu 1', postalCode: '00500', postOffice: 'Helsinki', phoneNumber: '040 999 8877', emailAddress: 'api@example.fi' },
  });
  expect(put.status()).toBe(200);
  expect(await put.json()).toMatchObject({ type: 'success', patient: { phoneNumber: '+358409998877', postalAddress: { street: 'Apikatu 1' } } });
  const guardians = [{ name: 'Testinen Iida', phone: '040 123 4567', emailAddress: 'iida@example.fi', isGuardianHasSameAddress: true }];
  const adult = await page.request.put(`/api/user?csrfToken=${token}`, {
    data: { streetAddress: 'Ei tallennu 1', postalCode: '00500', postOffice: 'Helsinki', phoneNumber: '0409998877', emailAddress: 'api@example.fi', guardians },
  });
  expect(adult.status(), 'an adult has no guardians of their own: nothing is saved').toBe(400);
  await page.goto(PAGE);
  await expect(page.getByText('Apikatu 1')).toBeVisible();
  const bad = await page.request.put(`/api/user?csrfToken=${token}`, { data: { streetAddress: 'A', postalCode: '5' } });
  expect(bad.status()).toBe(400);
  const pdf = await page.request.post(`/api/kela-card/init-upload?csrfToken=${token}`, {
    data: { mimetypes: { front: 'application/pdf', back: 'image/png' } },
  });
  expect(pdf.status()).toBe(415);
  expect(await (await page.request.get(`/api/kela-card?csrfToken=${token}`)).json()).toEqual({ imageUrl: null });
  const noToken = await page.request.put('/api/user', { data: { streetAddress: 'Apikatu 2' } });
  expect(noToken.status()).toBe(403);
});
