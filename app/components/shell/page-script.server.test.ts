import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { textsIn } from '~/i18n/i18n.server';
import { envelopeUrl, pageScript } from './page-script.server';

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

describe('error reports of a plain page (ADR 0038)', () => {
  const REPORT = { url: 'https://errors.example.fi/api/42/envelope/?sentry_key=public&sentry_version=7', route: 'anonymousAppointment.fi', environment: 'production' };
  const PAGE_URL = 'https://oma.example.fi/fi/varaus/Zx9kQ2wErTy7uIoP1aSdFgHj?ssn=131052-308T';

  /** The script on a plain page (or a hydrated one) in an empty realm, its window's error listener at hand. */
  function runPlain(report: typeof REPORT | null, plain = true) {
    const listeners: Record<string, (event: unknown) => void> = {};
    const posts: { url: string; init: { method: string; body: string; credentials: string } }[] = [];
    const window = {
      location: { pathname: '/fi/varaus/Zx9kQ2wErTy7uIoP1aSdFgHj', search: '?ssn=131052-308T', href: PAGE_URL },
      setTimeout: () => 0,
      clearTimeout: () => undefined,
      setInterval: () => 0,
      addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn),
    };
    const document = {
      readyState: 'complete',
      documentElement: { hasAttribute: (name: string) => plain && name === 'data-static' },
      querySelector: () => null,
      querySelectorAll: () => [],
      getElementById: () => null,
      addEventListener: () => undefined,
    };
    const fetch = (url: string, init: (typeof posts)[number]['init']) => {
      posts.push({ url, init });
      return Promise.resolve({});
    };
    runInNewContext(pageScript({ lang: 'fi', t, sessionExpiresInMs: null, csrfToken: '', inApp: false, report }), { window, document, fetch });
    return { error: listeners.error, posts };
  }

  const thrown = (filename: string) => {
    const error = new TypeError('cannot read 131052-308T of "Masennus" 0401234567');
    return { error, message: error.message, filename, lineno: 1, colno: 4321 };
  };

  it("posts an envelope with the error's class, line, column and the route id; never its message, the URL or a stack", () => {
    const page = runPlain(REPORT);
    page.error!(thrown(PAGE_URL));
    expect(page.posts).toHaveLength(1);
    const [post] = page.posts;
    expect(post!.url).toBe(REPORT.url);
    expect(post!.init).toMatchObject({ method: 'POST', credentials: 'omit' });
    const [header, item, payload] = post!.init.body.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header!.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(item).toEqual({ type: 'event' });
    expect(payload).toMatchObject({
      event_id: header!.event_id,
      level: 'error',
      environment: 'production',
      transaction: 'anonymousAppointment.fi',
      exception: { values: [{ type: 'TypeError', value: '(message withheld)', stacktrace: { frames: [{ filename: 'inline-script', lineno: 1, colno: 4321 }] } }] },
    });
    expect(post!.init.body).not.toMatch(/131052|Masennus|0401234567|varaus|Zx9kQ2|oma\.example/);
  });

  it("ignores other scripts' errors, and reports three at most", () => {
    const page = runPlain(REPORT);
    page.error!(thrown('https://extension.example/content.js'));
    page.error!(thrown(''));
    expect(page.posts).toHaveLength(0);
    for (let i = 0; i < 5; i++) page.error!(thrown(`${PAGE_URL}#top`));
    expect(page.posts).toHaveLength(3);
  });

  it('is off without a DSN and on a hydrated page (the SDK reports there)', () => {
    expect(runPlain(null).error).toBeUndefined();
    expect(runPlain(REPORT, false).error).toBeUndefined();
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

describe('warnings on leaving a field (spec 3 §5), GOV.UK’s way', () => {
  class FakeElement {
    id = '';
    hidden = false;
    textContent = '';
    private attributes = new Map<string, string>();
    constructor(attributes: Record<string, string> = {}) {
      for (const [name, value] of Object.entries(attributes)) this.attributes.set(name, value);
    }
    getAttribute(name: string) {
      return this.attributes.get(name) ?? null;
    }
    setAttribute(name: string, value: string) {
      this.attributes.set(name, value);
    }
    removeAttribute(name: string) {
      this.attributes.delete(name);
    }
    hasAttribute(name: string) {
      return this.attributes.has(name);
    }
  }
  class FakeInput extends FakeElement {
    validity = { valueMissing: false, valid: true };
  }

  /** A plain page with one required e-mail field that the server refused, in an empty realm. */
  function plainPage() {
    const listeners: Record<string, ((event: unknown) => void)[]> = {};
    const on = (type: string, fn: (event: unknown) => void) => (listeners[type] ??= []).push(fn);
    const timers: (() => void)[] = [];
    const out = Object.assign(new FakeElement(), { id: 'email-error', textContent: 'Check email address' });
    const input = new FakeInput({
      'data-blur-required': 'Required',
      'data-blur-invalid': 'Check email address',
      'data-error-id': 'email-error',
      'aria-invalid': 'true',
      'aria-describedby': 'email-error',
    });
    const window = { location: { href: 'http://portal/en/my-information' }, setTimeout: (fn: () => void) => timers.push(fn), addEventListener: on };
    const document = {
      readyState: 'complete',
      documentElement: { hasAttribute: (name: string) => name === 'data-static' },
      querySelector: () => null,
      querySelectorAll: () => [],
      getElementById: (id: string) => (id === out.id ? out : null),
      addEventListener: on,
    };
    runInNewContext(pageScript({ lang: 'en', t, sessionExpiresInMs: null, csrfToken: '', inApp: false }), {
      window,
      document,
      HTMLInputElement: FakeInput,
      Element: FakeElement,
    });
    const fire = (type: string) => (listeners[type] ?? []).forEach((fn) => fn({ target: input }));
    const runTimers = () => timers.splice(0).forEach((fn) => fn());
    return { input, out, fire, runTimers };
  }

  it('leaves a shown message where it is when the field is left valid: only aria-invalid goes, at once', () => {
    for (const how of ['keyboard', 'press']) {
      const page = plainPage();
      if (how === 'press') page.fire('mousedown');
      page.fire('focusout');
      expect(page.input.hasAttribute('aria-invalid'), how).toBe(false);
      expect(page.out, how).toMatchObject({ hidden: false, textContent: 'Check email address' });
      expect(page.input.getAttribute('aria-describedby'), how).toBe('email-error');
    }
  });

  it('shows a warning on leaving the field by the keyboard at once, and after the click when a press took the focus', () => {
    const page = plainPage();
    page.input.validity = { valueMissing: true, valid: false };
    page.fire('focusout');
    expect(page.out.textContent).toBe('Required');

    const pressed = plainPage();
    pressed.input.validity = { valueMissing: true, valid: false };
    pressed.out.hidden = true;
    pressed.fire('mousedown');
    pressed.fire('focusout');
    expect(pressed.out.hidden).toBe(true);
    pressed.fire('mouseup');
    expect(pressed.out.hidden).toBe(true);
    pressed.runTimers();
    expect(pressed.out).toMatchObject({ hidden: false, textContent: 'Required' });
    expect(pressed.input.getAttribute('aria-invalid')).toBe('true');
  });
});
