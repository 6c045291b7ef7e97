import type { Page } from '@playwright/test';
import { isPossibleLastFour } from '../../../app/models/identity-code';
import { bookFixture, expect, jsEnabled, test } from '../fixtures';

/**
 * With JS: click the first box and type; focus moves on and the fourth character submits.
 * Without JS: fill the four fields and press the button. Waits until the answer has arrived.
 */
async function enterLastFour(page: Page, chars: string, js: boolean) {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST');
  if (js) {
    await page.getByLabel('Character 1 of 4').click();
    await page.keyboard.type(chars);
  } else {
    for (let i = 0; i < 4; i++) await page.getByLabel(`Character ${i + 1} of 4`).fill(chars[i]!);
    await page.getByRole('button', { name: 'Check in' }).click();
  }
  await answered;
  await page.waitForLoadState();
}

test.describe('anonymous appointment link', () => {
  test('a visitor checks in with the right last four characters', { tag: '@no-js' }, async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const fixture = await bookFixture(page, 'aino', 20, { room: 'Room 3' });
    await page.goto(`/en/appointment/${fixture.code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'General practice – Clinic visit' })).toBeVisible();
    await expect(page.getByText('Price estimate: From €89.00')).toBeVisible();
    await enterLastFour(page, '9024', js);
    await expect(page.getByRole('status').getByText('You have checked in.')).toBeVisible();
    await expect(page.getByText('Please go to: Room 3')).toBeVisible();
  });

  // With JavaScript on: without it no script loads whatever the page says, and the boxes are four
  // plain fields (the check-in tests above run without it too).
  test('the page ships no framework JavaScript; the page script moves focus, goes back on Backspace and submits', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const fixture = await bookFixture(page, 'aino', 20);
    await page.goto(`/en/appointment/${fixture.code}`);
    await expect(page.locator('html')).toHaveAttribute('data-static', 'true');
    await expect(page.locator('script[src], script[type="module"], link[rel="modulepreload"]')).toHaveCount(0);
    // One inline script, the page's (ADR 0009): the browser library runs the check-in boxes too.
    await expect(page.locator('script:not([src])')).toHaveCount(1);
    expect(scripts).toEqual([]);
    await page.getByLabel('Character 1 of 4').click();
    await page.keyboard.type('90');
    await expect(page.getByLabel('Character 3 of 4')).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(page.getByLabel('Character 2 of 4')).toBeFocused();
    await expect(page.getByLabel('Character 2 of 4')).toHaveValue('');
    await page.keyboard.type('x');
    await expect(page.getByLabel('Character 2 of 4')).toHaveValue('');
    const answered = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.keyboard.type('024');
    await answered;
    await expect(page.getByRole('status').getByText('You have checked in.')).toBeVisible();
    expect(scripts).toEqual([]);
  });

  test('a wrong code gives the mismatch text and five wrong codes lock the check-in', { tag: '@no-js' }, async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const fixture = await bookFixture(page, 'aino', 20);
    await page.goto(`/fi/varaus/${fixture.code}`);
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/appointment/${fixture.code}$`));
    for (let attempt = 1; attempt <= 4; attempt++) {
      await enterLastFour(page, '1234', js);
      await expect(page.getByRole('status').getByText('The final part of the personal identity code is incorrect. Please check and try again.')).toBeVisible();
      await expect(page.getByLabel('Character 1 of 4')).toHaveValue('');
    }
    await enterLastFour(page, '1234', js);
    await expect(page.getByText('Check-in is locked after too many incorrect attempts. Please check in at the reception.').first()).toBeVisible();
    await expect(page.getByLabel('Character 1 of 4')).toHaveCount(0);
    // Even the right code is refused while locked.
    const csrf = await page.locator('input[name="csrf"]').count();
    expect(csrf).toBe(0);
    const api = await page.request.post('/api/anon/check-in', {
      form: { appointmentId: fixture.code, ssnEndPart: '9024', csrf: 'x' },
    });
    expect(api.status()).toBe(403);
  });

  test('the API refuses every end part the page refuses, and takes the ones it takes', async ({ page }) => {
    const fixture = await bookFixture(page, 'new', 20);
    await page.goto(`/en/appointment/${fixture.code}`);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const post = (ssnEndPart: string) => page.request.post('/api/anon/check-in', { form: { appointmentId: fixture.code, ssnEndPart, csrf } });
    // Letters the check character never uses (G, I, O, Q, Z), a letter first, separators, lengths.
    for (const refused of ['902G', '902g', '9O24', 'A024', '902Z', '902Q', '902-', '9 24', '902', '90245', '']) {
      expect(isPossibleLastFour(refused), refused).toBe(false);
      const response = await post(refused);
      expect(response.status(), refused).toBe(400);
      expect(await response.json()).toEqual({ type: 'invalid' });
    }
    // The page's form post refuses the same (the boxes' pattern stops a browser sending it).
    const form = await page.request.post(`/en/appointment/${fixture.code}`, {
      form: { csrf, ssnEndPart: '902G' },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(form.status()).toBe(400);
    expect(await form.text()).toContain('Enter three digits and the final character.');
    // A well-formed wrong one is an attempt; the right one, in lower case and spaced, checks in.
    const wrong = fixture.identityCode!.slice(-4) === '0000' ? '0001' : '0000';
    expect(await (await post(wrong)).json()).toEqual({ type: 'ssnEndPartMismatch' });
    const right = ` ${fixture.identityCode!.slice(-4).toLowerCase()} `;
    expect(isPossibleLastFour(right)).toBe(true);
    expect(await (await post(right)).json()).toEqual({ type: 'confidentialityFormNotFilled' });
  });

  test('an unknown or forged link is "Appointment not found"', async ({ page }) => {
    const fixture = await bookFixture(page, 'aino', 2 * 24 * 60);
    const forged = Buffer.from(`${fixture.id}_${'A'.repeat(32)}`).toString('base64url');
    for (const code of [forged, 'bm90LWEtY29kZQ']) {
      const response = await page.goto(`/en/appointment/${code}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Appointment not found' })).toBeVisible();
      await expect(page.getByText('Something went wrong. You can make a new appointment or log in to see all your scheduled appointments.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Log in' }).last()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Make a new appointment' })).toBeVisible();
    }
  });

  test('cancelling leads through strong identification to the cancel confirmation', async ({ page }) => {
    const fixture = await bookFixture(page, 'aino', 3 * 24 * 60);
    await page.goto(`/en/appointment/${fixture.code}`);
    await page.getByRole('link', { name: 'Identify and cancel' }).click();
    await expect(page).toHaveURL(/\/en\/login\?nextPath=/);
    await page.getByRole('link', { name: 'OP', exact: true }).click();
    await page.getByLabel('Personal identity code').fill('150385-9024');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/appointments/${fixture.id}/cancel$`));
    await expect(page.getByRole('heading', { name: 'Are you sure you want to cancel appointment?' })).toBeVisible();
  });

  test('inside the cancellation limit the link says it can no longer be cancelled', async ({ page }) => {
    const fixture = await bookFixture(page, 'aino', 3 * 60);
    await page.goto(`/en/appointment/${fixture.code}`);
    await expect(page.getByText('The appointment can no longer be canceled')).toBeVisible();
    await expect(page.getByText('Check-in opens 30 minutes before the appointment.')).toBeVisible();
  });

  test('a patient without accepted terms is asked to identify first', { tag: '@no-js' }, async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const fixture = await bookFixture(page, 'new', 20);
    await page.goto(`/en/appointment/${fixture.code}`);
    await enterLastFour(page, fixture.identityCode!.slice(-4), js);
    await expect(page.getByRole('heading', { name: 'Please accept the confidentiality terms' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Identify yourself' })).toBeVisible();
  });
});
