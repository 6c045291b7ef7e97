/**
 * The session timer (spec 2 §4): a toast 90 and 30 s before the session expires, and at expiry a
 * POST ending the session (with its CSRF token; a GET never ends one, issue 21), then the
 * timed-out page with `next` set to where the user was. The server sends the time left (in the
 * page's config, and with every poll's answer in `SESSION_LEFT_HEADER`), so a browser whose clock
 * is off still times it right.
 */
import { TOASTS, TOAST_CLASS } from './attributes';

export interface SessionConfig {
  /** Milliseconds until the session expires, by the server's clock. */
  ms: number;
  warnings: { seconds: number; text: string }[];
  /** The timed-out page (without `next`). */
  endPath: string;
  csrfToken: string;
}

function toast(text: string, ms: number): void {
  const region = document.querySelector(`[${TOASTS}]`);
  if (!region) return;
  const el = document.createElement('div');
  el.className = region.getAttribute(TOAST_CLASS) || '';
  el.textContent = text;
  region.appendChild(el);
  setTimeout(() => el.remove(), ms);
}

let config: SessionConfig | null = null;
let timers: number[] = [];

/** (Re)starts the timer with this many milliseconds left; null stops it. */
export function sessionLeft(ms: number | null): void {
  timers.forEach((t) => clearTimeout(t));
  timers = [];
  const s = config;
  if (!s || ms === null) return;
  for (const x of s.warnings) {
    const at = ms - x.seconds * 1000;
    if (at > 0) timers.push(window.setTimeout(toast, at, x.text, 10000));
  }
  timers.push(
    window.setTimeout(
      () => {
        const target = s.endPath + '?next=' + encodeURIComponent(window.location.pathname + window.location.search);
        const go = () => window.location.assign(target);
        fetch(target, { method: 'POST', headers: { 'X-CSRF-Token': s.csrfToken }, redirect: 'manual', credentials: 'same-origin' }).then(go, go);
      },
      Math.max(0, ms),
    ),
  );
}

export function startSession(c: SessionConfig | null): void {
  config = c;
  if (c) sessionLeft(c.ms);
}
