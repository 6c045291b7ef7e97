// @vitest-environment happy-dom
/**
 * The compiled page script as the server sends it, run in a DOM: the build's output works, reads
 * its config, and sends the error reporter only with a DSN. The behaviours themselves are tested
 * one by one in app/browser/.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { textsIn } from '~/i18n/i18n.server';
import { envelopeUrl, pageScript } from './page-script.server';

const t = await textsIn('en');

/** Runs the script as the browser runs an inline script: as the global code of the page. */
const run = (script: string) => new Function(script)() as void;

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the page script', () => {
  it('is the compiled library, minified, reading its config: the session warnings and end are scheduled', async () => {
    window.history.replaceState(null, '', '/en/invoices?page=2');
    document.body.innerHTML = '<div data-page-toasts data-toast-class="toast"></div><p data-flash-ms="10">Saved</p>';
    const posts: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      posts.push(`${init.method} ${url}`);
      return Promise.resolve({});
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const script = pageScript({ lang: 'en', t, sessionExpiresInMs: 120_000, csrfToken: 'token', inApp: false });
    expect(script).not.toMatch(/\n {2}/);
    expect(script).not.toContain('import ');
    run(script);
    await vi.advanceTimersByTimeAsync(10);
    expect(document.querySelector('p')!.hidden).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000 - 10);
    expect(document.querySelector('[data-page-toasts]')!.textContent).toMatch(/90/);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(posts).toEqual(['POST /en/expired-session?next=%2Fen%2Finvoices%3Fpage%3D2']);
    expect(assign).toHaveBeenCalledWith('/en/expired-session?next=%2Fen%2Finvoices%3Fpage%3D2');
  });

  it('cannot be closed early by text in its data', () => {
    const script = pageScript({ lang: 'en', t, sessionExpiresInMs: 1, csrfToken: '</script><script>alert(1)</script>', inApp: false });
    expect(script).not.toContain('</script>');
  });

  it('carries the error reporter only with a DSN (ADR 0038)', () => {
    const report = { url: 'https://errors.example.fi/api/42/envelope/?sentry_key=k&sentry_version=7', route: 'front.fi', environment: 'production' };
    const without = pageScript({ lang: 'fi', t, sessionExpiresInMs: null, csrfToken: '', inApp: false });
    const withDsn = pageScript({ lang: 'fi', t, sessionExpiresInMs: null, csrfToken: '', inApp: false, report });
    expect(without).not.toContain('envelope');
    expect(withDsn).toContain(report.url);
    expect(withDsn.length).toBeGreaterThan(without.length);
  });
});

describe('envelopeUrl', () => {
  it("is the DSN's envelope endpoint, with a self-hosted Sentry's path prefix kept", () => {
    expect(envelopeUrl('https://abc123@o1.ingest.sentry.io/42')).toBe('https://o1.ingest.sentry.io/api/42/envelope/?sentry_key=abc123&sentry_version=7');
    expect(envelopeUrl('http://key@127.0.0.1:9000/sentry/7')).toBe('http://127.0.0.1:9000/sentry/api/7/envelope/?sentry_key=key&sentry_version=7');
    expect(envelopeUrl('https://o1.ingest.sentry.io/42')).toBeNull();
    expect(envelopeUrl('not a url')).toBeNull();
  });
});
