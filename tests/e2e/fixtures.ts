/**
 * Shared e2e helpers. `loginViaUi` goes through the real pages; `login` takes the same
 * protocol steps over HTTP with the browser context's cookie jar (fast, and the same with
 * JavaScript off).
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { makeIdentityCode } from '../../app/models/identity-code';
import { DEMO_PERSONS, type DemoPersonKey } from '../../db/seed-data';

export { DEMO_PERSONS, expect };

/**
 * Playwright's test with one addition: with JavaScript on, `page.goto` waits until React has
 * hydrated the page, so tests exercise the enhanced behaviour (dialogs, auto-submit) rather than
 * racing it.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response?.headers()['content-type']?.includes('text/html') && (response.status() < 400 || response.status() === 404)) {
          await page.locator('html[data-hydrated], html[data-static]').waitFor({ state: 'attached' });
        }
        return response;
      };
    }
    await use(page);
  },
});

/**
 * Identifies at the test bank over HTTP with the browser context's cookie jar and returns the
 * callback link the bank redirects to, without following it.
 */
export async function identifyAtTestBank(
  page: Page,
  who: DemoPersonKey | { identityCode: string },
  { baseURL = '', lang = 'en', next }: { baseURL?: string; lang?: 'fi' | 'sv' | 'en'; next?: string } = {},
): Promise<string> {
  const query = new URLSearchParams({ lang, next: next ?? `/${lang}`, acr_values: 'fi-op' });
  const start = await page.request.get(`${baseURL}/oauth/authenticate?${query}`);
  expect(start.ok()).toBeTruthy();
  const html = await start.text();
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(match[0])?.[1];
    const value = /value="([^"]*)"/.exec(match[0])?.[1];
    if (name && value !== undefined) fields[name] = value.replace(/&amp;/g, '&');
  }
  const origin = new URL(start.url()).origin;
  const approved = await page.request.post(start.url(), {
    form: { ...fields, identityCode: typeof who === 'string' ? DEMO_PERSONS[who].identityCode : who.identityCode, intent: 'confirm' },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(approved.status()).toBe(302);
  const callback = new URL(approved.headers()['location']!, origin);
  expect(callback.pathname).toBe('/oauth/callback');
  return callback.toString();
}

/** Logs in through the real identification protocol (test bank), in the context's cookie jar. */
export async function login(
  page: Page,
  who: DemoPersonKey | { identityCode: string },
  options: { baseURL?: string; lang?: 'fi' | 'sv' | 'en'; next?: string } = {},
) {
  const done = await page.request.get(await identifyAtTestBank(page, who, options));
  expect(done.ok()).toBeTruthy();
  return done;
}

export interface AppointmentFixture {
  id: number;
  code: string;
  startAt: string;
  /** With `withSlot: '1'`: the free time it holds. */
  slotId?: number;
}

/**
 * Books a fresh appointment through the test-only fixture route, for a demo person or, with
 * `'new'`, for a new patient who has not accepted the confidentiality terms (per-test state).
 */
export async function bookFixture(
  page: Page,
  person: DemoPersonKey | 'new',
  startInMinutes: number,
  extra: Record<string, string> = {},
  baseURL = '',
): Promise<AppointmentFixture & { identityCode?: string }> {
  const query = new URLSearchParams({ person, startInMinutes: String(startInMinutes), ...extra });
  const response = await page.request.get(`${baseURL}/dev/test-fixtures/appointment?${query}`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as AppointmentFixture & { identityCode?: string };
}

export interface SlotFixture {
  slotId: number;
  startAt: string;
  patient?: { identityCode: string; firstName: string; lastName: string };
}

/** A fresh free time (and optionally a fresh patient) from the test-only fixture route. */
export async function freshSlot(
  request: APIRequestContext,
  params: Record<string, string> = {},
  baseURL = '',
): Promise<SlotFixture> {
  const query = new URLSearchParams({ startInMinutes: String(3 * 24 * 60), ...params });
  const response = await request.get(`${baseURL}/dev/test-fixtures/slot?${query}`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as SlotFixture;
}

/** A valid identity code of a new person (not a patient) for this test only. */
export function newIdentityCode(): string {
  const birth = `19${60 + Math.floor(Math.random() * 40)}-0${1 + Math.floor(Math.random() * 9)}-2${Math.floor(Math.random() * 8)}`;
  return makeIdentityCode(birth, 2 + Math.floor(Math.random() * 897));
}

/** The logged-in session's CSRF token (read from the log-out confirmation, which always has a form). */
export async function csrfToken(page: Page, baseURL = ''): Promise<string> {
  const html = await (await page.request.get(`${baseURL}/en/logout`)).text();
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export function jsEnabled(projectName: string): boolean {
  return projectName === 'js';
}
