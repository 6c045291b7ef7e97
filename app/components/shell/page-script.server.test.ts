import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { textsIn } from '~/i18n/i18n.server';
import { pageScript } from './page-script.server';

interface Timer {
  ms: number;
  run: () => void;
}

/** Runs the script in an empty realm with just enough of a browser: it must need nothing else. */
function run(script: string) {
  const timers: Timer[] = [];
  const posts: { url: string; init: unknown }[] = [];
  const assigned: string[] = [];
  const listeners: string[] = [];
  const window = {
    location: { pathname: '/en/invoices', search: '?page=2', href: 'http://portal/en/invoices?page=2', assign: (url: string) => assigned.push(url) },
    setTimeout: (fn: (...args: unknown[]) => void, ms: number, ...args: unknown[]) => timers.push({ ms, run: () => fn(...args) }),
    clearTimeout: () => undefined,
    addEventListener: (type: string) => listeners.push(`window:${type}`),
  };
  const document = {
    readyState: 'complete',
    documentElement: { hasAttribute: () => false },
    querySelector: () => null,
    querySelectorAll: () => [],
    addEventListener: (type: string) => listeners.push(type),
  };
  const fetch = (url: string, init: unknown) => {
    posts.push({ url, init });
    return Promise.resolve({});
  };
  runInNewContext(script, { window, document, fetch });
  return { window: window as typeof window & { portalPage: { session(ms: number | null): void } }, timers, posts, assigned, listeners };
}

const t = await textsIn('en');

describe('the page script', () => {
  it('runs on its own, and a logged-in page schedules the warnings 90 and 30 s before expiry and the end', async () => {
    const page = run(pageScript({ lang: 'en', t, sessionExpiresInMs: 600_000, csrfToken: 'token', inApp: false }));
    expect(page.timers.map((timer) => timer.ms)).toEqual([510_000, 570_000, 600_000]);
    page.timers[2]!.run();
    expect(page.posts).toEqual([
      { url: '/en/expired-session?next=%2Fen%2Finvoices%3Fpage%3D2', init: expect.objectContaining({ method: 'POST', headers: { 'X-CSRF-Token': 'token' } }) },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(page.assigned).toEqual(['/en/expired-session?next=%2Fen%2Finvoices%3Fpage%3D2']);
  });

  it("writes the time left where a poll of the page reads it (the session's first field)", () => {
    expect(pageScript({ lang: 'en', t, sessionExpiresInMs: 1234, csrfToken: 'token', inApp: false })).toMatch(/"session":\{"ms":1234,/);
  });

  it('only warns while a warning is still ahead, and a hydrated page can restart it', () => {
    const page = run(pageScript({ lang: 'en', t, sessionExpiresInMs: 60_000, csrfToken: 'token', inApp: false }));
    expect(page.timers.map((timer) => timer.ms)).toEqual([30_000, 60_000]);
    page.window.portalPage.session(200_000);
    expect(page.timers.slice(2).map((timer) => timer.ms)).toEqual([110_000, 170_000, 200_000]);
  });

  it('keeps no timer for an anonymous visitor and bridges links only inside the app', () => {
    const anonymous = run(pageScript({ lang: 'fi', t, sessionExpiresInMs: null, csrfToken: '', inApp: false }));
    expect(anonymous.timers).toEqual([]);
    expect(anonymous.listeners).not.toContain('click');
    expect(run(pageScript({ lang: 'fi', t, sessionExpiresInMs: null, csrfToken: '', inApp: true })).listeners).toContain('click');
  });

  it('cannot be closed early by text in its data', () => {
    const script = pageScript({ lang: 'en', t, sessionExpiresInMs: 1, csrfToken: '</script><script>alert(1)</script>', inApp: false });
    expect(script).not.toContain('</script>');
    expect(run(script).timers).toHaveLength(1);
  });
});
