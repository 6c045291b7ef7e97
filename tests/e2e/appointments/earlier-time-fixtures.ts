/**
 * Earlier-time offers in the e2e tests (ADR 0037). Each test's appointments and free times are
 * at the chat clinic (CHA) with P0003, where the demo data has no free times and no other test
 * books, so a test's offer comes from the time it made. Offers are read from /dev/outbox as the
 * SMS codes are: the SMS to the test's own phone that names the test's own time.
 */
import type { Page } from '@playwright/test';
import type { Language } from '../../../app/i18n/config';
import { formatDateTime } from '../../../app/lib/format';
import { pagePath } from '../../../app/route-table';
import { bookFixture, expect, freshSlot, login } from '../fixtures';

const OFFER_PLACE = { practitionerId: 'P0003', clinicId: 'CHA' } as const;

/** A phone number of this test only. */
const testPhone = () => `+35850${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`;

/**
 * A fresh patient of this test only, logged in, with their own phone on record (where their
 * earlier-time offers go) and an appointment ten days ahead at the offers' place.
 */
export async function patientWithAppointment(page: Page, lang: Language, baseURL = '') {
  const phone = testPhone();
  const appointment = await bookFixture(page, 'new', 10 * 24 * 60, { ...OFFER_PLACE, specialtyId: 'YLE', phone }, baseURL);
  await login(page, { identityCode: appointment.identityCode! }, { lang, baseURL });
  return { ...appointment, phone };
}

/** Puts the appointment on the list over HTTP (the form's post, as the page sends it); answers the phone the offers go to. */
export async function requestOverHttp(page: Page, lang: Language, appointment: { id: number; phone: string }, baseURL = ''): Promise<string> {
  const url = `${baseURL}${pagePath('appointmentEarlierTime', lang, { id: String(appointment.id) })}`;
  const html = await (await page.request.get(url)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const latestDate = /name="latestDate"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? /value="([^"]+)"[^>]*name="latestDate"/.exec(html)?.[1];
  expect(csrf).toBeTruthy();
  expect(latestDate).toBeTruthy();
  const response = await page.request.post(url, {
    form: { csrf: csrf!, intent: 'request', practitioner: 'same', clinicIds: OFFER_PLACE.clinicId, latestDate: latestDate! },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
  return appointment.phone;
}

/** A new free time at the offers' place `minutesAhead` from now (offered at once to those waiting). */
export async function freeTime(page: Page, minutesAhead: number, baseURL = '') {
  return freshSlot(page.request, { startInMinutes: String(minutesAhead), ...OFFER_PLACE, specialtyId: 'YLE' }, baseURL);
}

/** The offer link (a path) in the SMS to `phone` that offers the time starting at `startAt`. */
export async function offerLinkTo(page: Page, phone: string, startAt: string, lang: Language, baseURL = ''): Promise<string> {
  const time = formatDateTime(new Date(startAt), lang);
  const path = pagePath('earlierTimeOffer', lang, { code: 'CODE' }).replace('CODE', '');
  let link: string | undefined;
  await expect(async () => {
    const html = await (await page.request.get(`${baseURL}/dev/outbox`)).text();
    const escaped = phone.replace(/[+]/g, '\\+');
    for (const match of html.matchAll(new RegExp(`<dd>${escaped}</dd>[\\s\\S]*?<pre[^>]*>([\\s\\S]*?)</pre>`, 'g'))) {
      const body = match[1]!;
      if (!body.includes(time)) continue;
      link = new RegExp(`https?://[^\\s]+(${path.replace(/\//g, '\\/')}[A-Za-z0-9_-]+)`).exec(body)?.[1];
      if (link) break;
    }
    expect(link, `an offer of ${time} to ${phone}`).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return link!;
}
