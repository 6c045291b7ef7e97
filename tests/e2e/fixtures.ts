/**
 * Shared e2e helpers. `loginViaUi` goes through the real pages; `login` takes the same
 * protocol steps over HTTP with the browser context's cookie jar (fast, and the same with
 * JavaScript off).
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
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

export async function login(
  page: Page,
  who: DemoPersonKey | { identityCode: string },
  { baseURL = '', lang = 'en', next }: { baseURL?: string; lang?: 'fi' | 'sv' | 'en'; next?: string } = {},
) {
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
  const done = await page.request.post(start.url(), {
    form: { ...fields, identityCode: typeof who === 'string' ? DEMO_PERSONS[who].identityCode : who.identityCode, intent: 'confirm' },
    headers: { Origin: origin },
  });
  expect(done.ok()).toBeTruthy();
  return done;
}

export interface AppointmentFixture {
  id: number;
  code: string;
  startAt: string;
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
