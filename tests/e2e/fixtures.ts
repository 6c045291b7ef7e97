/**
 * Shared e2e helpers. `loginViaUi` goes through the real pages; `login` takes the same
 * protocol steps over HTTP with the browser context's cookie jar (fast, and the same with
 * JavaScript off).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO_PERSONS, type DemoPersonKey } from '../../db/seed-data';

export { DEMO_PERSONS };

export async function login(
  page: Page,
  who: DemoPersonKey,
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
    form: { ...fields, identityCode: DEMO_PERSONS[who].identityCode, intent: 'confirm' },
    headers: { Origin: origin },
  });
  expect(done.ok()).toBeTruthy();
  return done;
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export function jsEnabled(projectName: string): boolean {
  return projectName === 'js';
}
