import { chromium } from '@playwright/test';
const base = 'http://localhost:4422';
async function login(page: import('@playwright/test').Page, code: string, lang = 'fi') {
  const q = new URLSearchParams({ lang, next: `/${lang}`, acr_values: 'fi-op' });
  const start = await page.request.get(`${base}/oauth/authenticate?${q}`);
  const html = await start.text();
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(m[0])?.[1]; const value = /value="([^"]*)"/.exec(m[0])?.[1];
    if (name && value !== undefined) fields[name] = value.replace(/&amp;/g, '&');
  }
  const approved = await page.request.post(start.url(), { form: { ...fields, identityCode: code, intent: 'confirm' }, headers: { Origin: base }, maxRedirects: 0 });
  const loc = approved.headers()['location']!;
  await page.request.get(new URL(loc, base).toString());
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ javaScriptEnabled: process.env.JS !== '0' });
const page = await ctx.newPage();
page.on('requestfinished', async (rq) => { const r = await rq.response(); if (r && r.status() >= 400) console.log('REQ', r.status(), rq.url()); });
page.on('requestfailed', (rq) => console.log('FAILED', rq.url()));
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
ctx.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()); });
page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text()); });
await login(page, process.env.WHO ?? '020779-913S');
for (const path of (process.env.PATHS ?? '/fi').split(',')) {
  const r = await page.goto(base + path);
  console.log(path, r?.status());
  const text = await page.locator('main').innerText().catch(() => '(no main)');
  console.log(text.slice(0, Number(process.env.LEN ?? 1500)));
}
await browser.close();
