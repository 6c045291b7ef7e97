// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_LEFT_HEADER } from './attributes';
import { resetBehaviours, startBehaviours, watch } from './behaviours';
import { registerFlash } from './flash';
import { registerPolling } from './poll';
import { sessionLeft, startSession } from './session';

const session = {
  ms: 600_000,
  warnings: [90, 30].map((seconds) => ({ seconds, text: `${seconds} s left` })),
  endPath: '/en/expired-session',
  csrfToken: 'token',
};

let posts: string[];
let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  resetBehaviours();
  window.history.replaceState(null, '', '/en/invoices?page=2');
  document.body.innerHTML = '<div data-page-toasts data-toast-class="toast"></div>';
  posts = [];
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  startSession(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const toasts = () => [...document.querySelectorAll('[data-page-toasts] div')].map((el) => `${el.className}: ${el.textContent}`);

describe('the session timer (spec 2 §4)', () => {
  it('warns 90 and 30 s before the end, then ends the session by a POST with its CSRF token and shows the timed-out page', async () => {
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      posts.push(`${init.method} ${url} ${JSON.stringify(init.headers)}`);
      return Promise.resolve({});
    });
    startSession(session);
    await vi.advanceTimersByTimeAsync(510_000);
    expect(toasts()).toEqual(['toast: 90 s left']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(toasts()).toEqual(['toast: 30 s left']); // each toast stays 10 s
    expect(posts).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(posts).toEqual(['POST /en/expired-session?next=%2Fen%2Finvoices%3Fpage%3D2 {"X-CSRF-Token":"token"}']);
    expect(assign).toHaveBeenCalledWith('/en/expired-session?next=%2Fen%2Finvoices%3Fpage%3D2');
  });

  it('follows a new time left: only warnings still ahead; none for an anonymous visitor', async () => {
    startSession(session);
    sessionLeft(60_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(toasts()).toEqual(['toast: 30 s left']);
    startSession(null);
    sessionLeft(1000);
    expect(vi.getTimerCount()).toBe(1); // the shown toast's removal only
  });
});

describe('polling', () => {
  const page = (region: string) => `<!doctype html><main>${region}</main>`;

  it("replaces the region's attributes and content, starts the new content's behaviours, and takes the session's time left from the header", async () => {
    const answers = [
      { html: page('<div id="r" data-poll-ms="1000" class="two"><p data-flash-ms="50">new</p></div>'), left: '200000' },
      { html: page('<div id="r">settled</div>'), left: '190000' },
    ];
    const requests: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push(`${url} ${JSON.stringify(init.headers)}`);
      const a = answers.shift()!;
      return Promise.resolve(new Response(a.html, { headers: { [SESSION_LEFT_HEADER]: a.left } }));
    });
    startSession(session);
    registerPolling('X-Portal-Poll');
    registerFlash();
    document.body.innerHTML += '<div id="r" data-poll-ms="1000" class="one">old</div>';
    startBehaviours(document);
    watch(document);
    const region = document.getElementById('r')!;
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toEqual([`${window.location.href} {"X-Portal-Poll":"1"}`]);
    expect(document.getElementById('r')).toBe(region);
    expect(region.className).toBe('two');
    expect(region.textContent).toBe('new');
    await vi.advanceTimersByTimeAsync(50);
    expect(region.querySelector('p')!.hidden).toBe(true);
    await vi.advanceTimersByTimeAsync(1000 - 50);
    expect(region.textContent).toBe('settled');
    expect(region.hasAttribute('data-poll-ms')).toBe(false);
    // The last answer's 190 000 ms at 2 s: the 90 s warning at 102 s, not at the first load's 510 s.
    await vi.advanceTimersByTimeAsync(100_000 - 1);
    expect(toasts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts()).toEqual(['toast: 90 s left']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(2);
  });
});
