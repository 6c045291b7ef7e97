/**
 * The page-weight budget (issue 8 §2, issue 25) on every page the benchmark measures and the
 * pages below: plain HTML by default — a plain page (`data-static`) loads no script file at all
 * (no framework module) and at most 5 KB of gzipped inline script (the page script and a page's
 * own); a hydrated page at most 120 KB of gzipped JavaScript on first load, counted as the bench
 * does (each script gzipped at level 9) but including the chunks imported while hydrating
 * (texts); every first HTML at most 12 KB gzipped (it carries the page's CSS). No page has an
 * exception (ADR 0009).
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { SCENARIOS, type Scenario } from '../../bench/scenarios';
import { expect, freshSlot, login, test } from './fixtures';

const JS_GZIP_BUDGET_BYTES = 120 * 1024;
const PLAIN_PAGE_SCRIPT_GZIP_BUDGET_BYTES = 5 * 1024;
const HTML_GZIP_BUDGET_BYTES = 12 * 1024;

interface ScriptWeight {
  url: string;
  gzipBytes: number;
}

const gzipBytes = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** Opens a page and returns every script it ran: files (module preloads, entry, lazy chunks) and inline ones. */
async function loadAndWeighScripts(page: Page, path: string): Promise<{ files: ScriptWeight[]; inline: ScriptWeight[] }> {
  const pending: Promise<ScriptWeight>[] = [];
  const seen = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || seen.has(response.url())) return;
    seen.add(response.url());
    pending.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, gzipBytes: gzipBytes(body) })));
  });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const html = await response!.body();
  expect(gzipBytes(html), 'gzipped HTML').toBeLessThanOrEqual(HTML_GZIP_BUDGET_BYTES);
  await page.waitForLoadState('networkidle');
  const inlineTexts = await page.locator('script:not([src])').evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''));
  const inline = inlineTexts.filter((text) => text.length > 0).map((text, index) => ({ url: `inline #${index + 1}`, gzipBytes: gzipBytes(text) }));
  return { files: await Promise.all(pending), inline };
}

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

const total = (scripts: ScriptWeight[]) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0);

/**
 * The list above, then the benchmark's other pages as Aino (`login`) sees them. (A page on both
 * is taken from the list above: the bench's expected text is of its own fresh database, which the
 * other tests here add to.) A bench page whose path the benchmark finds from the data (a free
 * time, a thread), that another person is logged in for, or that needs the benchmark's own data
 * (`prepare`: ten years of access log) is left to the list above and to the benchmark's own
 * page-weight check.
 */
const pages = [
  ...MORE_PAGES,
  ...SCENARIOS.filter((s) => s.kind === 'page' && !s.resolvePath && !s.identityCode && !s.prepare),
].filter(
  (scenario, index, all) => all.findIndex((other) => other.name === scenario.name) === index,
);

test.describe('JavaScript budget', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'measures what a browser with JavaScript loads');

  for (const scenario of pages) {
    test(`${scenario.name} (${scenario.path}): plain with ≤ 5 KB of inline script, or hydrated with ≤ 120 KB`, async ({ page }, testInfo) => {
      if (scenario.auth === 'user') await login(page, 'aino', { lang: 'fi' });
      const path = scenario.path.includes(':slotId') ? scenario.path.replace(':slotId', String((await freshSlot(page.request)).slotId)) : scenario.path;
      const { files, inline } = await loadAndWeighScripts(page, path);
      if (scenario.expectText) await expect(page.getByText(scenario.expectText).first()).toBeVisible();
      const plain = (await page.locator('html[data-static]').count()) > 0;
      const all = [...files, ...inline];
      const list = all.map((s) => `${s.url} ${s.gzipBytes}`).join('\n');
      testInfo.annotations.push({
        type: 'js-gzip-bytes',
        description: `${scenario.name}: ${plain ? 'plain' : 'hydrated'}, ${total(all)} B in ${files.length} files and ${inline.length} inline scripts`,
      });
      if (plain) {
        expect(files, 'a plain page loads no script file (no framework module)').toEqual([]);
        expect(total(inline), list).toBeLessThanOrEqual(PLAIN_PAGE_SCRIPT_GZIP_BUDGET_BYTES);
      } else {
        expect(total(all), list).toBeLessThanOrEqual(JS_GZIP_BUDGET_BYTES);
      }
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
    await page.waitForLoadState('networkidle');
    expect(stylesheets).toEqual([]);
    const styled = await page.evaluate(() => [...document.querySelectorAll('style[data-href]')].every((style) => (style.textContent ?? '').length > 0));
    expect(styled).toBe(true);
  });
});
