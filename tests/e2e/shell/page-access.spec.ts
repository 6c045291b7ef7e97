/**
 * Page access (login, feature flag, brand) is decided from the route React Router matched (issue
 * 21, item 2). React Router matches paths case-insensitively and after percent-decoding, with any
 * number of trailing slashes, and serves `.data` requests for the same routes; so every such
 * variant of a flagged, brand-only or login-only path must get the same answer as the canonical
 * path: GET and POST, documents and `.data` requests, anonymous, logged in without the flag, and
 * logged in with it. (Before the fix `/fi/Viestit`, `/FI/VIESTIT` and `/fi/viesti%74` reached the
 * messaging pages without the flag, POST `/fi/Viestit/uusi` ran its action, and anonymous
 * `/fi/ajanvaraus/Tyoterveys` got 200 instead of the login page.)
 *
 * The matrix is plain HTTP, the same with and without JavaScript, so it runs in the `js` project
 * only; the page tests at the end run in both.
 */
import type { APIResponse, Page } from '@playwright/test';
import { csrfToken, expect, login, newIdentityCode, test } from '../fixtures';
import { BASE_URL, CHILDREN_URL } from '../urls';

type Who = 'anonymous' | 'no flags' | 'messaging customer';

interface Subject {
  who: Who;
  /** The canonical path, as the route table writes it. */
  path: string;
  /** What the canonical path answers (a status, or the login page a redirect goes to). */
  expected: { status: number } | { login: string };
  baseURL?: string;
  /** Also POST to it (the pages whose action a bypass would run, and pages without one). */
  post?: boolean;
}

const SUBJECTS: Subject[] = [
  // Login-only (and flagged) pages, anonymous: the login page in the path's language; the
  // occupational list's own landing page for anonymous users (spec 3 §2).
  { who: 'anonymous', path: '/fi/ajanvaraus/tyoterveys', expected: { login: '/fi/ajanvaraus/tyoterveys/tunnistaudu' }, post: true },
  { who: 'anonymous', path: '/sv/tidsbokning/foretagshalsovard', expected: { login: '/sv/tidsbokning/foretagshalsovard/identifiera' } },
  { who: 'anonymous', path: '/en/conversations/new', expected: { login: '/en/login' }, post: true },
  { who: 'anonymous', path: '/fi/ajanvaraukset', expected: { login: '/fi/kirjaudu' } },
  { who: 'anonymous', path: '/sv/mina-uppgifter', expected: { login: '/sv/logga-in' }, post: true },
  // Flagged pages, logged in without the flag (the general server turns messaging and the
  // sickness fund page off; a new person has no per-person overrides): 404.
  { who: 'no flags', path: '/fi/viestit', expected: { status: 404 } },
  { who: 'no flags', path: '/fi/viestit/uusi', expected: { status: 404 }, post: true },
  { who: 'no flags', path: '/sv/meddelanden/ny', expected: { status: 404 }, post: true },
  { who: 'no flags', path: '/en/sairauskassa', expected: { status: 404 } },
  // With the flag every variant is the page itself.
  { who: 'messaging customer', path: '/fi/viestit', expected: { status: 200 } },
  // Brand-only pages on the children's brand: 404 before any login.
  { who: 'anonymous', path: '/fi/kyselyt', expected: { status: 404 }, baseURL: CHILDREN_URL },
  { who: 'anonymous', path: '/en/certificates', expected: { status: 404 }, baseURL: CHILDREN_URL, post: true },
  { who: 'anonymous', path: '/sv/meddelanden', expected: { status: 404 }, baseURL: CHILDREN_URL },
];

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
const capitalized = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1);

/** Paths React Router serves as the same route: case, percent-encoding, trailing slashes. */
export function documentVariants(path: string): string[] {
  const [, lang = '', ...rest] = path.split('/');
  const last = rest.at(-1) ?? '';
  const head = rest.slice(0, -1);
  const join = (first: string, segments: string[]) => `/${[first, ...segments].join('/')}`;
  return [
    join(lang.toUpperCase(), rest), // upper-case language
    join(lang, [...head, capitalized(last)]), // upper-case segment
    path.toUpperCase(), // all upper case
    join(lang, [...head, `${last.slice(0, -1)}${hex(last.slice(-1))}`]), // a percent-encoded letter
    join(`${lang.charAt(0)}${hex(lang.charAt(1)).toLowerCase()}`, rest), // encoded language, lower-case hex
    `${path}/`, // trailing slash
  ];
}

/** The `.data` requests of a client navigation or fetcher to those paths. */
export function dataVariants(path: string): string[] {
  const variants = documentVariants(path);
  return [`${variants[0]}.data`, `${variants[1]}.data`, `${variants[3]}.data`, `${path}/_.data`];
}

interface Answer {
  status: number;
  /** Where a redirect goes (path only: the return address names the variant). */
  to: string | null;
}

async function answerOf(response: APIResponse): Promise<Answer> {
  const status = response.status();
  if (status >= 300 && status < 400) return { status, to: new URL(response.headers()['location'] ?? '', BASE_URL).pathname };
  // A single-fetch redirect is a 202 whose turbo-stream body holds the target.
  if (status === 202) {
    const target = /"(\/[^"]*)"/.exec(await response.text())?.[1];
    return { status, to: target ? new URL(target, BASE_URL).pathname : null };
  }
  return { status, to: null };
}

async function signIn(page: Page, who: Who, baseURL: string): Promise<void> {
  if (who === 'no flags') await login(page, { identityCode: newIdentityCode() }, { baseURL, lang: 'fi' });
  if (who === 'messaging customer') {
    const fixture = await page.request.get(`${baseURL}/dev/test-fixtures/messaging`);
    expect(fixture.ok()).toBeTruthy();
    const { identityCode } = (await fixture.json()) as { identityCode: string };
    await login(page, { identityCode }, { baseURL, lang: 'fi' });
  }
}

/** The anonymous double-submit token (the guardian choice page has a form for anonymous visitors). */
async function anonymousCsrfToken(page: Page, baseURL: string): Promise<string> {
  const html = await (await page.request.get(`${baseURL}/fi/asiointipolku`)).text();
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  return token!.replace(/&amp;/g, '&');
}

test.describe('page access by the matched route', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'plain HTTP, the same with and without JavaScript: run once');

  for (const subject of SUBJECTS) {
    const { who, path, expected, baseURL = BASE_URL, post = false } = subject;
    test(`${who}: every variant of ${baseURL === CHILDREN_URL ? "the children's brand's " : ''}${path} answers as the path itself`, async ({ page }) => {
      await signIn(page, who, baseURL);
      // The visitor's own CSRF token (the session's, or the anonymous double-submit cookie's),
      // so that a POST passes the CSRF check and reaches the page-access decision.
      const csrf = who === 'anonymous' ? await anonymousCsrfToken(page, baseURL) : await csrfToken(page, baseURL);
      const get = (p: string) => page.request.get(`${baseURL}${p}`, { maxRedirects: 0 });
      const postTo = (p: string) =>
        page.request.post(`${baseURL}${p}`, {
          form: { csrf, subject: 'Pääsy', text: 'Ohitusyritys', recipientId: '1', intent: 'send' },
          maxRedirects: 0,
        });

      const canonical = await answerOf(await get(path));
      if ('status' in expected) expect(canonical).toEqual({ status: expected.status, to: null });
      else expect(canonical).toEqual({ status: 302, to: expected.login });

      const mismatches: string[] = [];
      const compare = async (label: string, want: Answer, send: (p: string) => Promise<APIResponse>, variants: string[]) => {
        for (const variant of variants) {
          const got = await answerOf(await send(variant));
          if (got.status !== want.status || got.to !== want.to) {
            mismatches.push(`${label} ${variant}: ${got.status} ${got.to ?? ''} (the path itself: ${want.status} ${want.to ?? ''})`);
          }
        }
      };
      await compare('GET', canonical, get, documentVariants(path));
      const canonicalData = await answerOf(await get(`${path}.data`));
      await compare('GET', canonicalData, get, dataVariants(path));
      if (post) {
        const canonicalPost = await answerOf(await postTo(path));
        expect(canonicalPost.status, 'the canonical POST is refused like the GET').toBe('status' in expected ? expected.status : 302);
        await compare('POST', canonicalPost, postTo, documentVariants(path));
        const canonicalDataPost = await answerOf(await postTo(`${path}.data`));
        await compare('POST', canonicalDataPost, postTo, dataVariants(path));
      }
      expect(mismatches).toEqual([]);
      // Two trailing slashes are no route at all (React Router's route-pattern matcher, ADR 0010).
      expect((await answerOf(await get(`${path}//`))).status).toBe(404);
    });
  }
});

test.describe('page access by the matched route, in the browser', () => {
  test('an anonymous visitor of the occupational search under any spelling lands on its landing page', async ({ page }) => {
    for (const path of ['/fi/ajanvaraus/tyoterveys', '/fi/ajanvaraus/Tyoterveys', '/FI/AJANVARAUS/TYOTERVEYS', '/fi/ajanvaraus/tyotervey%73']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/fi\/ajanvaraus\/tyoterveys\/tunnistaudu$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Työterveyden ajanvaraus' })).toBeVisible();
    }
  });

  test('a person without the messaging flag gets the not-found page under any spelling', async ({ page }) => {
    await login(page, { identityCode: newIdentityCode() }, { lang: 'fi' });
    for (const path of ['/fi/viestit', '/fi/Viestit', '/FI/VIESTIT', '/fi/viesti%74', '/fi/viestit//']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Sivua ei löytynyt' })).toBeVisible();
    }
  });
});
