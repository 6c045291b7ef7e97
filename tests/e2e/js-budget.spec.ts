/**
 * The page-weight budget (issue 8 §2, issue 25) on every page the benchmark measures and the
 * pages below: every page is plain HTML (`data-static`): no script file at all (no framework
 * module, no module preload) and at most 5 KB of gzipped inline script (the page script and a
 * page's own), counted as the bench does (each script gzipped at level 9); every first HTML at
 * most 12 KB gzipped (it carries the page's CSS). No page has an exception (ADR 0009).
 *
 * Weighed on the HTML as the server sends it to the logged-in browser context (its cookies),
 * not by loading it: a plain page's scripts are all in its HTML (the page script inserts none, and
 * the CSP allows only the nonce's), so loading and waiting for the network to be idle only cost
 * a browser page each (issue 38). That the page script runs is the other e2e tests' business.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SCENARIOS, type Scenario } from '../../bench/scenarios';
import { REPO_ROOT } from '../fixtures/portal-process';
import { expect, freshSlot, login, test } from './fixtures';

const PLAIN_PAGE_SCRIPT_GZIP_BUDGET_BYTES = 5 * 1024;
const HTML_GZIP_BUDGET_BYTES = 12 * 1024;

interface ScriptWeight {
  url: string;
  gzipBytes: number;
}

const gzipBytes = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** A page's script files (and module preloads) and its inline scripts, from its HTML. */
function weighScripts(html: string): { files: string[]; inline: ScriptWeight[] } {
  const files: string[] = [];
  const inline: ScriptWeight[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (src) files.push(src);
    else if (body.length > 0) inline.push({ url: `inline #${inline.length + 1}`, gzipBytes: gzipBytes(body) });
  }
  for (const [link = ''] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel\s*=\s*["']?modulepreload/i.test(link)) files.push(/\bhref\s*=\s*["']?([^"'\s>]+)/i.exec(link)?.[1] ?? link);
  }
  return { files, inline };
}

/** The text a reader sees, roughly: without React's text separators, tags and the five entities. */
const textOf = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[e]!);

/** Pages beyond the benchmark's list (`:slotId` is a fresh free time). */
const MORE_PAGES: readonly Scenario[] = [
  { name: 'booking-landing', path: '/en/booking', auth: 'anonymous', kind: 'page' },
  { name: 'search', path: '/en/booking/private', auth: 'anonymous', kind: 'page' },
  { name: 'reserve', path: '/en/available-appointments/:slotId', auth: 'anonymous', kind: 'page' },
  { name: 'login', path: '/en/login', auth: 'anonymous', kind: 'page' },
  { name: 'appointment-list', path: '/fi/ajanvaraukset', auth: 'user', kind: 'page' },
  { name: 'cancel', path: '/fi/ajanvaraukset/3/peru', auth: 'user', kind: 'page' },
  { name: 'my-information', path: '/fi/omat-tiedot', auth: 'user', kind: 'page' },
  { name: 'invoices', path: '/fi/laskut', auth: 'user', kind: 'page' },
  { name: 'conversations', path: '/fi/viestit', auth: 'user', kind: 'page' },
  { name: 'conversation-new', path: '/fi/viestit/uusi', auth: 'user', kind: 'page' },
  { name: 'visits', path: '/fi/kaynnit', auth: 'user', kind: 'page' },
  { name: 'vaccinations', path: '/fi/rokotukset', auth: 'user', kind: 'page' },
  { name: 'prescriptions', path: '/fi/reseptit', auth: 'user', kind: 'page' },
  { name: 'laboratory', path: '/fi/laboratorio', auth: 'user', kind: 'page' },
  { name: 'access-log', path: '/fi/tietojeni-kasittely', auth: 'user', kind: 'page' },
  { name: 'data-export', path: '/fi/omat-tiedot/lataa-tiedot', auth: 'user', kind: 'page' },
  { name: 'devices', path: '/fi/omat-tiedot/laitteet', auth: 'user', kind: 'page' },
  { name: 'accessibility-statement', path: '/fi/saavutettavuusseloste', auth: 'anonymous', kind: 'page' },
];

/**
 * The list above, then the benchmark's other pages as Aino (`login`) sees them. (A page on both
 * is taken from the list above: the bench's expected text is of its own fresh database, which the
 * other tests here add to.) A bench page whose path the benchmark finds from the data (a free
 * time, a thread), that another person is logged in for, or that needs the benchmark's own data
 * (`prepare`: ten years of access log) is left to the list above and to the benchmark's own
 * page-weight check.
 */
const pages = [...MORE_PAGES, ...SCENARIOS.filter((s) => s.kind === 'page' && !s.resolvePath && !s.identityCode && !s.prepare)].filter(
  (scenario, index, all) => all.findIndex((other) => other.name === scenario.name) === index,
);

test.describe('JavaScript budget', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the HTML is the same; weighed once');

  // What the server serves from the build is what the pages use (issue 40): their CSS, which
  // they inline, and images; no route chunk or router manifest that no page loads (vite.config.ts).
  test('the client build holds no script file', () => {
    const clientDir = path.resolve(REPO_ROOT, process.env.BUILD_DIR ?? 'build', 'client');
    const files = readdirSync(clientDir, { recursive: true, encoding: 'utf8' });
    expect(files.filter((file) => file.endsWith('.css')).length, "the pages' CSS files").toBeGreaterThan(0);
    expect(files.filter((file) => /\.[cm]?js$/.test(file))).toEqual([]);
  });

  for (const scenario of pages) {
    test(`${scenario.name} (${scenario.path}): plain HTML ≤ 12 KB gz, no script file, ≤ 5 KB gz of inline script`, async ({ page }, testInfo) => {
      if (scenario.auth === 'user') await login(page, 'aino', { lang: 'fi' });
      const path = scenario.path.includes(':slotId') ? scenario.path.replace(':slotId', String((await freshSlot(page.request)).slotId)) : scenario.path;
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(gzipBytes(html), 'gzipped HTML').toBeLessThanOrEqual(HTML_GZIP_BUDGET_BYTES);
      if (scenario.expectText) expect(textOf(html)).toContain(scenario.expectText);
      const { files, inline } = weighScripts(html);
      const inlineBytes = inline.reduce((sum, script) => sum + script.gzipBytes, 0);
      testInfo.annotations.push({ type: 'js-gzip-bytes', description: `${scenario.name}: ${inlineBytes} B in ${inline.length} inline scripts` });
      expect(html, 'a plain page (data-static)').toMatch(/<html\b[^>]*\bdata-static/);
      expect(files, 'a plain page loads no script file (no framework module)').toEqual([]);
      expect(inlineBytes, inline.map((s) => `${s.url} ${s.gzipBytes}`).join('\n')).toBeLessThanOrEqual(PLAIN_PAGE_SCRIPT_GZIP_BUDGET_BYTES);
    });
  }
});

test.describe('CSS in the first response', () => {
  // PageStyles (ADR 0009) inlines the matched routes' CSS files, read from the framework's
  // manifest through React Router's internal FrameworkContext (ADR 0001): if that changes, the
  // page falls back to render-blocking stylesheet links, or loses its CSS.
  test('the page paints from its first response: its CSS is inlined, no stylesheet is requested', async ({ page }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    const response = await page.goto('/en/booking');
    const html = (await response!.body()).toString('utf8');
    expect(html).toMatch(/<style[^>]* data-href="\/assets\/[^"]+\.css"/);
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // goto resolves at the load event, which waits for every stylesheet the document asked for
    // (a link, an @import in a style element): none was asked for by then. No wait for quiet.
    expect(stylesheets).toEqual([]);
    const styled = await page.evaluate(() => [...document.querySelectorAll('style[data-href]')].every((style) => (style.textContent ?? '').length > 0));
    expect(styled).toBe(true);
  });
});
