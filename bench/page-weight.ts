/**
 * Page weight: the gzipped HTML of a page and the gzipped sizes of the same-origin JavaScript
 * and CSS it references, each fetched once, against the budgets of the brief (principle 5).
 */
import { gzipSync } from 'node:zlib';
import type { CookieJar } from './cookie-jar';
import { sameOriginAssets } from './html';
import { send } from './http';

/** Budget for a page's first HTML response, gzip level 9. */
export const HTML_GZIP_BUDGET_BYTES = 12 * 1024;
/** Budget for all the JavaScript a page loads on first load (script + modulepreload), gzip level 9. */
export const JS_GZIP_BUDGET_BYTES = 120 * 1024;

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
  jsBudgetBytes: number;
  jsOverBudget: boolean;
  /** Whether the scenario's expected text was found (null when it expects none). */
  expectedTextFound: boolean | null;
  js: AssetGroupWeight;
  css: AssetGroupWeight;
}

export function gzipSize(bytes: Uint8Array): number {
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
  return {
    status: response.status,
    htmlBytes: html.length,
    htmlGzipBytes,
    budgetBytes: HTML_GZIP_BUDGET_BYTES,
    overBudget: htmlGzipBytes > HTML_GZIP_BUDGET_BYTES,
    jsBudgetBytes: JS_GZIP_BUDGET_BYTES,
    jsOverBudget: js.gzipBytes > JS_GZIP_BUDGET_BYTES,
    expectedTextFound: expectText === undefined ? null : text.includes(expectText),
    js,
    css,
  };
}
