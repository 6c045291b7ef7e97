// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installInAppBridge } from './in-app';
import { installReporter } from './reporter';

const REPORT = {
  url: 'https://errors.example.fi/api/42/envelope/?sentry_key=public&sentry_version=7',
  route: 'anonymousAppointment.fi',
  environment: 'production',
};

let posts: { url: string; init: RequestInit }[];
beforeEach(() => {
  posts = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    posts.push({ url, init });
    return Promise.resolve({});
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('error reports (ADR 0038)', () => {
  window.history.replaceState(null, '', '/fi/varaus/Zx9kQ2wErTy7uIoP1aSdFgHj?ssn=131052-308T');
  installReporter(REPORT);
  const thrown = (filename: string) => {
    const error = new TypeError('cannot read 131052-308T of "Masennus" 0401234567');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message, filename, lineno: 1, colno: 4321 }));
  };

  it("posts an envelope with the error's class, line, column and the route id; never its message, the URL or a stack", () => {
    thrown(window.location.href);
    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(post!.url).toBe(REPORT.url);
    expect(post!.init).toMatchObject({ method: 'POST', credentials: 'omit' });
    const body = String(post!.init.body);
    const [header, item, payload] = body.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header!.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(item).toEqual({ type: 'event' });
    expect(payload).toMatchObject({
      event_id: header!.event_id,
      transaction: 'anonymousAppointment.fi',
      exception: {
        values: [{ type: 'TypeError', value: '(message withheld)', stacktrace: { frames: [{ filename: 'inline-script', lineno: 1, colno: 4321 }] } }],
      },
    });
    expect(body).not.toMatch(/131052|Masennus|0401234567|varaus|Zx9kQ2/);
  });

  it("ignores other scripts' errors, and reports three at most", () => {
    thrown('https://extension.example/content.js');
    thrown('');
    expect(posts).toHaveLength(0);
    for (let i = 0; i < 5; i++) thrown(`${window.location.href}#top`);
    expect(posts).toHaveLength(2); // one was spent by the test above
  });
});

describe('the in-app link bridge', () => {
  it("hands an external https link to the app's web view, and leaves the portal's own links alone", () => {
    const messages: string[] = [];
    vi.stubGlobal('ReactNativeWebView', { postMessage: (m: string) => messages.push(m) });
    installInAppBridge(document);
    document.body.innerHTML = `<a id="out" href="https://kela.fi/x">Kela</a><a id="in" href="/fi">Home</a>`;
    const click = (id: string) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.getElementById(id)!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click('out')).toBe(true);
    expect(click('in')).toBe(false);
    expect(messages).toEqual([JSON.stringify({ type: 'openExternalUrl', url: 'https://kela.fi/x' })]);
  });
});
