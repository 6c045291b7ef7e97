/**
 * Helpers of the my-information specs (issue 9): a fresh patient per test (so tests that change
 * contact details or SMS login never share state), and the SMS codes read from /dev/outbox.
 */
import { expect, type Page } from '@playwright/test';
import type { Language } from '../../../app/i18n/config';
import { csrfToken, login, newIdentityCode } from '../fixtures';

/** A Finnish mobile number no other test uses. */
export function uniquePhone(): string {
  return `+35840${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

/** Logs in as a new person and registers them as a patient through the registration API. */
export async function freshPatient(page: Page, lang: Language = 'en', baseURL = '', { consent = false } = {}) {
  const identityCode = newIdentityCode();
  await login(page, { identityCode }, { lang, baseURL });
  const phone = uniquePhone();
  const token = await csrfToken(page, baseURL);
  const response = await page.request.post(`${baseURL}/api/user/register?csrfToken=${encodeURIComponent(token)}`, {
    data: {
      firstName: 'Iida',
      lastName: 'Testinen',
      streetAddress: 'Testikatu 1',
      zipCode: '00100',
      postOffice: 'Helsinki',
      phoneNumber: phone,
      emailAddress: 'iida@example.fi',
    },
  });
  expect(response.status()).toBe(200);
  if (consent) {
    const given = await page.request.post(`${baseURL}/api/user/consent?csrfToken=${encodeURIComponent(token)}`, {
      data: { readConfirmation: true, allowsBookingSms: true },
    });
    expect(given.status()).toBe(200);
  }
  return { identityCode, phone };
}

/** The newest SMS code sent to `phone`, read from the development outbox. */
export async function lastCodeTo(page: Page, phone: string, baseURL = ''): Promise<string> {
  const html = await (await page.request.get(`${baseURL}/dev/outbox`)).text();
  const escaped = phone.replace(/[+]/g, '\\+');
  const match = new RegExp(`<dd>${escaped}</dd>[\\s\\S]*?<pre[^>]*>([\\s\\S]*?)</pre>`).exec(html);
  const code = /\b(\d{4})\b/.exec(match?.[1] ?? '')?.[1];
  expect(code, `an SMS code to ${phone}`).toBeTruthy();
  return code!;
}

/** A fresh patient with SMS login enabled through the API (the page is tested in its own spec). */
export async function patientWithSmsLogin(page: Page, lang: Language = 'en', baseURL = '') {
  const patient = await freshPatient(page, lang, baseURL);
  const token = encodeURIComponent(await csrfToken(page, baseURL));
  const start = await page.request.post(`${baseURL}/api/mfa-onboarding?csrfToken=${token}&lang=${lang}`, {
    data: { phoneNumber: patient.phone },
  });
  expect(start.status()).toBe(200);
  const code = await lastCodeTo(page, patient.phone, baseURL);
  const verify = await page.request.put(`${baseURL}/api/mfa-onboarding?csrfToken=${token}`, {
    data: { challengeResponseFromUser: code.split('') },
  });
  expect(((await verify.json()) as { data: { type: string } }).data.type).toBe('mfa-ok');
  return patient;
}
