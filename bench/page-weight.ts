/**
 * Page weight: the gzipped HTML of a page and the gzipped sizes of the same-origin JavaScript
 * and CSS it references, each fetched once, and of its inline scripts, against the budgets of
 * the brief (principle 5) and issue 25: a plain page (`data-static`) loads no script file and at
 * most 5 KB of inline script; a hydrated page at most 120 KB of script in all.
 */
import { gzipSync } from 'node:zlib';
import type { CookieJar } from './cookie-jar';
import { sameOriginAssets } from './html';
import { send } from './http';

/** Budget for a page's first HTML response, gzip level 9. */
export const HTML_GZIP_BUDGET_BYTES = 12 * 1024;
/** Budget for all the JavaScript a hydrated page loads on first load (files and inline), gzip level 9. */
export const JS_GZIP_BUDGET_BYTES = 120 * 1024;
/** Budget for a plain page's inline scripts (it loads no script file), gzip level 9. */
const PLAIN_JS_GZIP_BUDGET_BYTES = 5 * 1024;

export interface AssetWeight {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface AssetGroupWeight {
  count: number;
  bytes: number;
  gzipBytes: number;
  files: AssetWeight[];
}

export interface PageWeight {
  status: number;
  htmlBytes: number;
  htmlGzipBytes: number;
  budgetBytes: number;
  overBudget: boolean;
  /** Plain HTML (`<html data-static>`): no framework, only inline scripts. */
  plain: boolean;
  jsBudgetBytes: number;
  /** Over the page's script budget, or a plain page that loads a script file. */
  jsOverBudget: boolean;
  /** Whether the scenario's expected text was found (null when it expects none). */
  expectedTextFound: boolean | null;
  js: AssetGroupWeight;
  /** The inline scripts (the page script, a page's own, a hydrated page's data). */
  inlineJs: AssetGroupWeight;
  css: AssetGroupWeight;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([^]*?)<\/script>/g;

function inlineScripts(html: string): AssetGroupWeight {
  const files = [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => new TextEncoder().encode(match[1]))
    .filter((bytes) => bytes.length > 0)
    .map((bytes, index) => ({ url: `inline #${index + 1}`, bytes: bytes.length, gzipBytes: gzipSize(bytes) }));
  return {
    count: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    files,
  };
}

function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).length;
}

async function fetchAsset(url: URL): Promise<AssetWeight> {
  const response = await send(url, null, { headers: { accept: '*/*' } });
  if (response.status !== 200) throw new Error(`asset ${url.pathname}: status ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { url: url.pathname + url.search, bytes: bytes.length, gzipBytes: gzipSize(bytes) };
}

async function weighGroup(urls: readonly URL[]): Promise<AssetGroupWeight> {
  const files = await Promise.all(urls.map(fetchAsset));
  return {
    count: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    files,
  };
}

export async function measurePageWeight(url: URL, jar: CookieJar | null, expectText?: string): Promise<PageWeight> {
  const response = await send(url, jar);
  const html = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(html);
  const htmlGzipBytes = gzipSize(html);
  const assets = sameOriginAssets(text, url);
  const [js, css] = await Promise.all([weighGroup(assets.js), weighGroup(assets.css)]);
  const inlineJs = inlineScripts(text);
  const plain = /<html\b[^>]*\sdata-static=/.test(text);
  const jsBudgetBytes = plain ? PLAIN_JS_GZIP_BUDGET_BYTES : JS_GZIP_BUDGET_BYTES;
  return {
    status: response.status,
    htmlBytes: html.length,
    htmlGzipBytes,
    budgetBytes: HTML_GZIP_BUDGET_BYTES,
    overBudget: htmlGzipBytes > HTML_GZIP_BUDGET_BYTES,
    plain,
    jsBudgetBytes,
    jsOverBudget: (plain && js.count > 0) || js.gzipBytes + inlineJs.gzipBytes > jsBudgetBytes,
    expectedTextFound: expectText === undefined ? null : text.includes(expectText),
    js,
    inlineJs,
    css,
  };
}
