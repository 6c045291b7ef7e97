/**
 * Shared e2e helpers. `loginViaUi` goes through the real pages; `login` takes the same
 * protocol steps over HTTP with the browser context's cookie jar (fast, and the same with
 * JavaScript off).
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { makeIdentityCode } from '../../app/models/identity-code';
import { DEMO_PERSONS, type DemoPersonKey } from '../../db/seed-data';
import { routeOfPath } from './route-files';

export { DEMO_PERSONS, expect };

/**
 * Playwright's test with one addition: with JavaScript on, `page.goto` waits for the page's
 * document (`html[data-static]`, server-rendered; its script starts the behaviours at
 * DOMContentLoaded, ADR 0009), so tests exercise the enhanced behaviour rather than racing it.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response?.headers()['content-type']?.includes('text/html') && (response.status() < 400 || response.status() === 404)) {
          await page.locator('html[data-static]').waitFor({ state: 'attached' });
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

/**
 * Logs in with one request, in the context's cookie jar: the real identification flow taken on
 * the server side (app/routes/dev/test-login.ts). The tests of logging in itself use
 * `identifyAtTestBank` and the pages.
 */
export async function login(
  page: Page,
  who: DemoPersonKey | { identityCode: string },
  { baseURL = '', lang = 'en' }: { baseURL?: string; lang?: 'fi' | 'sv' | 'en' } = {},
) {
  const identityCode = typeof who === 'string' ? DEMO_PERSONS[who].identityCode : who.identityCode;
  const done = await page.request.get(`${baseURL}/dev/test-fixtures/login?${new URLSearchParams({ identityCode, lang })}`);
  expect(done.ok(), await done.text()).toBeTruthy();
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
export async function freshSlot(request: APIRequestContext, params: Record<string, string> = {}, baseURL = ''): Promise<SlotFixture> {
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

/**
 * axe's every rule on the page. In the page itself (legacy mode): by default the builder runs
 * axe in each frame and then opens a blank page, injects axe's half-megabyte source again and
 * merges the frames' results there — for pages without frames only the same answer at twice the
 * cost. Only violations come back in full (the passes' every node, serialized through the
 * DevTools protocol, were most of the worker's time). Together ≈ 25 % less CPU for the axe cases
 * on CI's two cores (issue 38: 211 → 151–165 CPU-s for 41 cases).
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * What the checks below read of one page as the server sends it: its language, its outline (the
 * landmarks, headings and controls — labelled or not — and images, in order, without any text;
 * marks of text in another language, `lang` on an element, differ by design and are left out),
 * its forms and the controls that could need a script.
 */
export interface PageFacts {
  url: string;
  lang: string | null;
  outline: string[];
  forms: Array<{ method: string; action: string; csrf: boolean }>;
  scriptOnly: string[];
}

/**
 * The facts of these pages, fetched and parsed inside the browser page (the context's cookies,
 * DOMParser: nothing of them runs), each document parsed once and only the facts sent back.
 */
async function pageFacts(page: Page, urls: string[]): Promise<PageFacts[]> {
  return page.evaluate(async (addresses) => {
    const LANDMARKS = new Set(['header', 'nav', 'main', 'aside', 'footer', 'form', 'section', 'dialog']);
    return Promise.all(
      addresses.map(async (url) => {
        const html = await (await fetch(url, { credentials: 'same-origin' })).text();
        const doc = new DOMParser().parseFromString(html, 'text/html');
        const labelled = (el: Element): boolean => {
          if (el.getAttribute('aria-label')?.trim() || el.getAttribute('aria-labelledby')?.trim()) return true;
          if (el.closest('label')) return true;
          const id = el.getAttribute('id');
          if (id && doc.querySelector(`label[for="${CSS.escape(id)}"]`)) return true;
          if (el.tagName === 'BUTTON') return Boolean(el.textContent?.trim());
          const type = el.getAttribute('type');
          if (el.tagName === 'INPUT' && (type === 'submit' || type === 'button')) return Boolean(el.getAttribute('value')?.trim());
          return Boolean(el.getAttribute('title')?.trim());
        };
        const outline: string[] = [];
        const scriptOnly: string[] = [];
        for (const el of doc.body.querySelectorAll('*')) {
          const tag = el.tagName.toLowerCase();
          const role = el.getAttribute('role');
          if (role) outline.push(`role=${role}`);
          else if (LANDMARKS.has(tag)) outline.push(tag);
          if (/^h[1-6]$/.test(tag)) outline.push(tag);
          if (['input', 'select', 'textarea', 'button'].includes(tag) && el.getAttribute('type') !== 'hidden') {
            outline.push(`${tag}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''}:${labelled(el) ? 'labelled' : 'UNLABELLED'}`);
          }
          if (tag === 'img') outline.push(el.hasAttribute('alt') ? 'img' : 'img:NO-ALT');
          if (tag === 'button' && el.getAttribute('type') === 'button' && !el.closest('[hidden], template'))
            scriptOnly.push(`button[type=button] ${el.outerHTML.slice(0, 120)}`);
          if (tag === 'a' && (el.getAttribute('href') === '#' || el.getAttribute('href')?.startsWith('javascript:')))
            scriptOnly.push(`link ${el.outerHTML.slice(0, 120)}`);
          if ([...el.attributes].some((a) => a.name.startsWith('on'))) scriptOnly.push(`handler ${el.outerHTML.slice(0, 120)}`);
        }
        const forms = [...doc.querySelectorAll('form')].map((form) => {
          const action = new URL(form.getAttribute('action') ?? url, url);
          return {
            method: (form.getAttribute('method') ?? 'get').toLowerCase(),
            action: action.toString(),
            // In a hidden field, or (a form whose other fields go to a payment service) in its action's query.
            csrf: Boolean(form.querySelector('input[type="hidden"][name="csrf"]')) || action.searchParams.has('csrfToken'),
          };
        });
        return { url, lang: doc.documentElement.getAttribute('lang'), outline, forms, scriptOnly };
      }),
    );
  }, urls);
}

/**
 * An outline with its repeats folded: a block of up to eight tokens that follows an identical
 * block is dropped, until none is left. A list's length is data, not structure (and other tests
 * may add to a shared demo person's lists between two fetches).
 */
function foldRepeats(tokens: readonly string[]): string[] {
  let folded = [...tokens];
  for (let changed = true; changed;) {
    changed = false;
    for (let size = 1; size <= 8; size++) {
      for (let at = size; at + size <= folded.length;) {
        const same = folded.slice(at - size, at).every((token, i) => token === folded[at + i]);
        if (same) {
          folded = [...folded.slice(0, at), ...folded.slice(at + size)];
          changed = true;
        } else at++;
      }
    }
  }
  return folded;
}

/**
 * The checked page's state in its other languages, reached by its own language links (or, where
 * they lead elsewhere or it has none, by `visitIn`), has the checked page's outline (repeats
 * folded) and says its language. The checked language is fetched again too, so that both sides are the server's markup.
 * Answers every language's facts, for `expectWorksWithoutScript`.
 */
export async function expectSameStructureInEveryLanguage(
  page: Page,
  lang: string,
  /** The languages the page exists in (a link to another one leads to that language's front page). */
  languages: ReadonlyArray<'fi' | 'sv' | 'en'>,
  visitIn: (lang: 'fi' | 'sv' | 'en') => Promise<string | null>,
  /** Whether the page's own language links lead to the same page (not outside the route table). */
  ownLinks = true,
): Promise<PageFacts[]> {
  const here = page.url();
  const links = ownLinks
    ? await page.locator('a[hreflang]').evaluateAll((anchors) => anchors.map((a) => [a.getAttribute('hreflang')!, (a as HTMLAnchorElement).href] as const))
    : [];
  const urls = new Map<string, string>(links.filter(([l]) => (languages as readonly string[]).includes(l)));
  for (const other of languages) {
    if (other === lang || urls.has(other)) continue;
    const visit = await visitIn(other);
    if (visit) urls.set(other, new URL(visit, here).toString());
  }
  const entries = [[lang, here] as const, ...urls.entries()];
  const facts = await pageFacts(
    page,
    entries.map(([, url]) => url),
  );
  facts.forEach((fact, i) => expect(fact.lang, `the page in ${entries[i]![0]} says its language`).toBe(entries[i]![0]));
  expect(facts[0]!.outline.filter((t) => t.includes('UNLABELLED') || t.includes('NO-ALT'))).toEqual([]);
  const checked = foldRepeats(facts[0]!.outline);
  for (let i = 1; i < facts.length; i++) expect(foldRepeats(facts[i]!.outline), `${entries[i]![1]} has the structure of ${here}`).toEqual(checked);
  return facts;
}

/**
 * The guard that stands in for running every test twice (issue 38, ADR 0044): the server's HTML
 * of a page works without any script. Every form goes by GET or POST to a route of app/routes.ts
 * that is not the not-found page, a POST to a route module with an action and with the CSRF token
 * (or to the identification and payment services' own pages); no control is there only for a
 * script (a visible `type=button`, a `javascript:` or `#` link, an inline handler).
 */
export function expectWorksWithoutScript(pages: PageFacts[]) {
  for (const fact of pages) {
    const where = fact.url;
    expect(fact.scriptOnly, `controls that need a script on ${where}`).toEqual([]);
    for (const form of fact.forms) {
      const target = new URL(form.action);
      expect(['get', 'post'], `a form's method on ${where}`).toContain(form.method);
      if (target.origin !== new URL(where).origin) continue;
      const route = routeOfPath(target.pathname);
      expect(route, `${form.method.toUpperCase()} ${target.pathname} from ${where} reaches a route`).not.toBeNull();
      if (form.method === 'post') {
        expect(route!.hasAction, `POST ${target.pathname} from ${where} reaches a route with an action`).toBe(true);
        if (!route!.ownProtocol) expect(form.csrf, `POST ${target.pathname} from ${where} carries the CSRF token`).toBe(true);
      }
    }
  }
}

export function jsEnabled(projectName: string): boolean {
  return projectName === 'js';
}
