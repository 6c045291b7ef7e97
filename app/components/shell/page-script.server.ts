/**
 * The one script every page gets, hydrated or not (ADR 0009): small, framework-free, inlined by
 * entry.server.tsx as React's `bootstrapScriptContent` (nonce'd, outside React's tree, so a
 * hydrated page's React never sees it and the browser bundle never carries it).
 *
 * On every page:
 * - **Session timer** (logged in, spec 2 §4): a toast 90 and 30 s before the session expires, and
 *   at expiry a POST ending the session (with its CSRF token; a GET never ends one, issue 21),
 *   then the timed-out page with `next` set to where the user was. The server sends the time
 *   left, so a browser whose clock is off still times it right. A hydrated page restarts it after
 *   each client navigation (`window.portalPage.session(ms)`, components/shell/SessionTimer).
 * - **In-app link bridge**: inside the mobile app's web view, external https links go to the
 *   native app (`ReactNativeWebView.postMessage`), which opens them in the system browser.
 *
 * On plain pages (`<html data-static>`; a hydrated page's React does these itself):
 * - **Flash expiry**: an element with `data-flash-ms` is hidden after that many milliseconds.
 * - **Confirmation dialogs**: a link with `data-dialog` opens that `<dialog>` (components/ConfirmLink).
 * - **Pending submit**: a submitted form's `data-pending` button shows that text and is disabled
 *   (after the submission has read it); a second submit of the same form is ignored.
 * - **Auto-submit**: a change in a `form[data-auto-submit]` submits it.
 * - **Character counters**: a textarea with `data-count-in` (the counter's id), `data-count-max`,
 *   `data-count-text` (with `{count}`) and `data-count-over` keeps its counter's text, marks it
 *   `data-over` past the limit and is then invalid (so a `data-needs-valid` button is disabled).
 * - **Warnings on leaving a field** (spec 3 §5): an input with `data-blur-required` (and, for a
 *   typed field, `data-blur-invalid`) shows that text in its error element (`data-error-id`) when
 *   it is left empty (or malformed by its native constraints), marked `aria-invalid` and tied to
 *   it with `aria-describedby`. The same texts the server sends. A shown message (the server's
 *   or this one) stays in place until the next submit (GOV.UK's pattern): a valid value only
 *   drops `aria-invalid`, so leaving a field never moves what the pointer is pressing, and a new
 *   warning waits until a press that took the focus has been released.
 * - **Valid before submit**: a `data-needs-valid` button is disabled while its form fails its
 *   native constraints (the zod schema's, through conform's `getZodConstraint`); without JS it
 *   stays enabled and the server answers with the same errors.
 * - **Polling**: an element with an id and `data-poll-ms` is refreshed from the same URL every
 *   so often while the page is visible (and when it becomes visible again), the request marked
 *   `X-Portal-Poll: 1` so it does not count as the user's activity (lib/polling). The server's
 *   new render of the element gives it its attributes and content (the element stays, so a live
 *   region keeps announcing); if that render has no `data-poll-ms` (the payment is settled, the list failed)
 *   polling stops. A failed request stops it too; a redirected one goes where it leads.
 *
 * With a DSN, a plain page also gets `plainPageReporter` (ADR 0038): an error the page's inline
 * scripts throw is posted to Sentry's envelope endpoint as its class, line, column and route id.
 *
 * The browser code is `portalPage` below, sent as its own source text (`String(portalPage)`): it
 * must not refer to anything outside itself (tested: page-script.server.test.ts), and it is kept
 * small and plain (no optional chaining), as the page-weight budget counts it.
 */
import { pagePath } from '~/route-table';
import type { Language } from '~/i18n/config';
import type { TFunction } from '~/i18n/translate';
import { POLL_HEADER } from '~/lib/polling';

export const SESSION_WARNINGS_SECONDS = [90, 30] as const;

/** What the browser code needs from the server, as JSON. */
export interface PageScriptConfig {
  session: null | {
    /** Milliseconds until the session expires, by the server's clock (first: a poll reads it from the HTML). */
    ms: number;
    warnings: { seconds: number; text: string }[];
    /** The timed-out page (without `next`). */
    endPath: string;
    csrfToken: string;
  };
  inApp: boolean;
  pollHeader: string;
}

/** A plain page's error reports: Sentry's envelope endpoint of the DSN, the page's route id, the environment. */
export interface PlainPageReport {
  url: string;
  route: string;
  environment: string;
}

/** The browser side. Runs once per document; `c` is its PageScriptConfig. */
function portalPage(c: PageScriptConfig): void {
  const w = window;
  const d = document;
  const api: { session?: (ms: number | null) => void } = ((w as unknown as { portalPage: object }).portalPage = {});
  const staticPage = d.documentElement.hasAttribute('data-static');

  function toast(text: string, ms: number): void {
    const region = d.querySelector('[data-page-toasts]');
    if (!region) return;
    const el = d.createElement('div');
    el.className = region.getAttribute('data-toast-class') || '';
    el.textContent = text;
    region.appendChild(el);
    setTimeout(function () {
      el.remove();
    }, ms);
  }

  // Session timer.
  let timers: number[] = [];
  api.session = function (ms) {
    timers.forEach(function (t) {
      w.clearTimeout(t);
    });
    timers = [];
    const s = c.session;
    if (!s || ms === null) return;
    s.warnings.forEach(function (x) {
      const at = ms - x.seconds * 1000;
      if (at > 0) timers.push(w.setTimeout(toast, at, x.text, 10000));
    });
    timers.push(
      w.setTimeout(function () {
        const target = s!.endPath + '?next=' + encodeURIComponent(w.location.pathname + w.location.search);
        const go = function () {
          w.location.assign(target);
        };
        fetch(target, { method: 'POST', headers: { 'X-CSRF-Token': s!.csrfToken }, redirect: 'manual', credentials: 'same-origin' }).then(go, go);
      }, Math.max(0, ms)),
    );
  };
  if (c.session) api.session(c.session.ms);

  // In-app link bridge.
  if (c.inApp) {
    d.addEventListener('click', function (e) {
      const bridge = (w as unknown as { ReactNativeWebView?: { postMessage(m: string): void } }).ReactNativeWebView;
      const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!bridge || e.defaultPrevented || !(a instanceof HTMLAnchorElement)) return;
      const url = new URL(a.href, w.location.href);
      if (url.protocol !== 'https:' || url.origin === w.location.origin) return;
      e.preventDefault();
      bridge.postMessage(JSON.stringify({ type: 'openExternalUrl', url: url.href }));
    });
  }

  if (!staticPage) return;

  // Pending submit, once per form.
  d.addEventListener('submit', function (e) {
    const f = e.target as HTMLFormElement;
    if (f.hasAttribute('data-submitting')) {
      e.preventDefault();
      return;
    }
    const b = (e.submitter && e.submitter.hasAttribute('data-pending') ? e.submitter : f.querySelector('[data-pending]')) as HTMLButtonElement | null;
    if (!b) return;
    f.setAttribute('data-submitting', '');
    setTimeout(function () {
      b!.setAttribute('data-label', b!.textContent || '');
      b!.disabled = true;
      b!.textContent = b!.getAttribute('data-pending');
    });
  });
  // Back to this page from the next one (the back-forward cache keeps it as it was): usable again.
  w.addEventListener('pageshow', function (e) {
    if (!e.persisted) return;
    [].forEach.call(d.querySelectorAll('form[data-submitting]'), function (f: HTMLFormElement) {
      f.removeAttribute('data-submitting');
      [].forEach.call(f.querySelectorAll('[data-label]'), function (b: HTMLButtonElement) {
        b.disabled = false;
        b.textContent = b.getAttribute('data-label');
        b.removeAttribute('data-label');
      });
    });
  });

  // A confirmation link opens its dialog (components/ConfirmLink); without JS it opens the page.
  d.addEventListener('click', function (e) {
    const a = e.target instanceof Element ? e.target.closest('a[data-dialog]') : null;
    const dialog = a ? d.getElementById(a.getAttribute('data-dialog') || '') : null;
    if (!(dialog instanceof HTMLDialogElement) || !dialog.showModal) return;
    e.preventDefault();
    dialog.showModal();
  });

  // Auto-submit.
  d.addEventListener('change', function (e) {
    const f = e.target instanceof Element ? e.target.closest('form[data-auto-submit]') : null;
    if (f instanceof HTMLFormElement) f.requestSubmit();
  });

  // Character counters: a textarea's count in its counter element, past the limit an invalid field.
  function count(field: HTMLTextAreaElement): void {
    const counter = d.getElementById(field.getAttribute('data-count-in') || '');
    if (!counter) return;
    const n = Array.from(field.value).length;
    const over = n > Number(field.getAttribute('data-count-max'));
    const overText = field.getAttribute('data-count-over') || '';
    counter.textContent = (field.getAttribute('data-count-text') || '').replace('{count}', String(n)) + (over ? ' – ' + overText : '');
    counter.toggleAttribute('data-over', over);
    field.setCustomValidity(over ? overText : '');
    if (over) field.setAttribute('aria-invalid', 'true');
  }
  d.addEventListener('input', function (e) {
    if (e.target instanceof HTMLTextAreaElement && e.target.hasAttribute('data-count-in')) count(e.target);
  });

  // Buttons enabled only while their form passes its (zod-derived) native constraints.
  function checkValid(f: HTMLFormElement): void {
    const ok = f.checkValidity();
    [].forEach.call(f.querySelectorAll('[data-needs-valid]'), function (b: HTMLButtonElement) {
      b.disabled = !ok;
    });
  }
  function onEdit(e: Event): void {
    const f = e.target instanceof Element ? e.target.closest('form') : null;
    if (f && f.querySelector('[data-needs-valid]')) checkValid(f);
  }
  d.addEventListener('input', onEdit);
  d.addEventListener('change', onEdit);

  // Warnings on leaving a field: the server's texts, from the field's native constraints. A
  // message once shown (by the server's answer or here) stays where it is until the next submit
  // (GOV.UK's error pattern): a field left valid only loses `aria-invalid`, which changes no
  // size, so nothing moves under a pointer whose press took the focus away. A new warning waits
  // for that press to end (its click has landed) before it takes its line.
  let pressed = false;
  let waiting: HTMLInputElement[] = [];
  function warn(input: HTMLInputElement, later: boolean): void {
    const out = d.getElementById(input.getAttribute('data-error-id') || '');
    if (!out) return;
    const v = input.validity;
    const text = v.valueMissing
      ? input.getAttribute('data-blur-required')
      : v.valid
        ? ''
        : input.getAttribute('data-blur-invalid') || '';
    if (!text) {
      input.removeAttribute('aria-invalid');
      return;
    }
    if (later) {
      waiting.push(input);
      return;
    }
    out.textContent = text;
    out.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    const ids = (input.getAttribute('aria-describedby') || '').split(' ').filter(function (id) {
      return id && id !== out.id;
    });
    ids.push(out.id);
    input.setAttribute('aria-describedby', ids.join(' '));
  }
  d.addEventListener('focusout', function (e) {
    const input = e.target;
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute('data-blur-required')) return;
    warn(input, pressed);
  });
  // A press (a mouse button, or a tap's mousedown) that moves the focus: warnings after its click.
  d.addEventListener('mousedown', function () {
    pressed = true;
  }, true);
  function released(): void {
    pressed = false;
    if (!waiting.length) return;
    w.setTimeout(function () {
      const inputs = waiting;
      waiting = [];
      inputs.forEach(function (input) {
        warn(input, false);
      });
    }, 0);
  }
  w.addEventListener('mouseup', released, true);
  // A release outside the window never arrives: the keyboard ends the wait too.
  d.addEventListener('keydown', released);

  function start(): void {
    [].forEach.call(d.querySelectorAll('form'), function (f: HTMLFormElement) {
      if (f.querySelector('[data-needs-valid]')) checkValid(f);
    });
    // Flash expiry.
    [].forEach.call(d.querySelectorAll('[data-flash-ms]'), function (el: HTMLElement) {
      setTimeout(function () {
        el.hidden = true;
      }, Number(el.getAttribute('data-flash-ms')));
    });
    // Polling.
    [].forEach.call(d.querySelectorAll('[data-poll-ms][id]'), function (region: HTMLElement) {
      const id = region.id;
      const every = Number(region.getAttribute('data-poll-ms'));
      let last = performance.now();
      let timer = 0;
      const stop = function () {
        w.clearInterval(timer);
        d.removeEventListener('visibilitychange', onVisible);
      };
      const tick = function () {
        if (d.visibilityState !== 'visible') return;
        last = performance.now();
        const headers: Record<string, string> = {};
        headers[c.pollHeader] = '1';
        fetch(w.location.href, { headers: headers, credentials: 'same-origin' })
          .then(function (r) {
            if (!r.ok) throw r;
            // The page now lives elsewhere (a settled payment's own page; the login page once
            // the session has ended): go there.
            if (r.redirected) {
              stop();
              w.location.assign(r.url);
              throw r;
            }
            return r.text();
          })
          .then(function (html) {
            // The server's time left comes with every answer (this script's config in it): the
            // timer follows it, so a session that another tab keeps alive does not end here and
            // one the server idles out is warned about in time.
            const left = /"session":\{"ms":(\d+)/.exec(html);
            if (left && api.session) api.session(Number(left[1]));
            const next = new DOMParser().parseFromString(html, 'text/html').getElementById(id);
            const current = d.getElementById(id);
            if (!next || !current) throw next;
            // The element stays (a live region inside it announces the change); its attributes
            // and content become the new render's.
            Array.from(current.attributes).forEach(function (a) {
              if (!next.hasAttribute(a.name)) current.removeAttribute(a.name);
            });
            Array.from(next.attributes).forEach(function (a) {
              current.setAttribute(a.name, a.value);
            });
            current.replaceChildren(...Array.from(next.childNodes));
            if (!current.hasAttribute('data-poll-ms')) stop();
          })
          .catch(stop);
      };
      function onVisible(): void {
        if (d.visibilityState === 'visible' && performance.now() - last >= every) tick();
      }
      timer = w.setInterval(tick, every);
      d.addEventListener('visibilitychange', onVisible);
    });
  }
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', start);
  else start();
}

/**
 * Error reports of a plain page (ADR 0038; a hydrated page has the SDK), sent after the page
 * script only when a DSN is configured: an error thrown by the page's inline scripts (their
 * errors name the document; extensions' and other origins' do not) is posted to the DSN's
 * envelope endpoint as its class, line and column and the route id, never its message, the URL
 * or a stack; three per page at most. Like `portalPage`, sent as its own text.
 */
function plainPageReporter(r: PlainPageReport): void {
  const w = window;
  if (!document.documentElement.hasAttribute('data-static')) return;
  let left = 3;
  w.addEventListener('error', function (e: ErrorEvent) {
    if (left <= 0 || (e.filename || '').split('#')[0] !== w.location.href.split('#')[0]) return;
    left -= 1;
    const name = e.error && typeof e.error.name === 'string' && /^\w{1,64}$/.test(e.error.name) ? e.error.name : 'Error';
    let id = '';
    while (id.length < 32) id += Math.floor(Math.random() * 16).toString(16);
    const event = {
      event_id: id,
      platform: 'javascript',
      level: 'error',
      environment: r.environment,
      transaction: r.route,
      tags: { document: 'plain' },
      exception: {
        values: [
          {
            type: name,
            value: '(message withheld)',
            mechanism: { type: 'onerror', handled: false },
            stacktrace: { frames: [{ filename: 'inline-script', lineno: e.lineno, colno: e.colno, in_app: true }] },
          },
        ],
      },
    };
    const body = JSON.stringify({ event_id: id }) + '\n' + JSON.stringify({ type: 'event' }) + '\n' + JSON.stringify(event);
    fetch(r.url, { method: 'POST', body: body, keepalive: true, credentials: 'omit' }).catch(function () {
      // Nowhere to report that a report failed.
    });
  });
}

/** The browser code's text, made once (every response sends it). */
const PORTAL_PAGE_SOURCE = String(portalPage);
const PLAIN_PAGE_REPORTER_SOURCE = String(plainPageReporter);

/**
 * Sentry's envelope endpoint of a DSN (`https://key@host[/prefix]/project`), with the key in the
 * query as the browser SDK sends it; null for a DSN it cannot read.
 */
export function envelopeUrl(dsn: string): string | null {
  try {
    const url = new URL(dsn);
    const parts = url.pathname.split('/');
    const project = parts.pop();
    if (!url.username || !project) return null;
    return `${url.protocol}//${url.host}${parts.join('/')}/api/${project}/envelope/?sentry_key=${url.username}&sentry_version=7`;
  } catch {
    return null;
  }
}

/** The script for one response. */
export function pageScript(options: {
  lang: Language;
  t: TFunction;
  sessionExpiresInMs: number | null;
  csrfToken: string;
  inApp: boolean;
  report?: PlainPageReport | null;
}): string {
  const config: PageScriptConfig = {
    session:
      options.sessionExpiresInMs === null
        ? null
        : {
            ms: options.sessionExpiresInMs,
            warnings: SESSION_WARNINGS_SECONDS.map((seconds) => ({ seconds, text: options.t('session.warning', { seconds }) })),
            endPath: pagePath('expiredSession', options.lang),
            csrfToken: options.csrfToken,
          },
    inApp: options.inApp,
    pollHeader: POLL_HEADER,
  };
  // `<` escaped so no text in the JSON can close the script element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const reporter = options.report ? `(${PLAIN_PAGE_REPORTER_SOURCE})(${json(options.report)});` : '';
  return `(${PORTAL_PAGE_SOURCE})(${json(config)});${reporter}`;
}
