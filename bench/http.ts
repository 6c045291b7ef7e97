/** HTTP helpers for the benchmark's own (non-load) requests. */
import type { CookieJar } from './cookie-jar';

/** Headers of a browser navigation, sent by every benchmark request (load runs included). */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'fi-FI,fi;q=0.9,en;q=0.8',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 portal-bench',
};

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * fetch without following redirects, sending the jar's cookies and storing the ones the
 * response sets. The jar may be null for a cookie-less request.
 */
export async function send(url: URL | string, jar: CookieJar | null, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(BROWSER_HEADERS);
  for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
  if (jar && jar.size > 0) headers.set('cookie', jar.header());
  const response = await fetch(url, {
    ...init,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  jar?.store(response);
  return response;
}

export function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

/** The first characters of a body, for error messages. */
export async function bodySnippet(response: Response, length = 300): Promise<string> {
  const text = await response.text().catch(() => '');
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}
