/**
 * Polling: an element with an id and `data-poll-ms` is refreshed from the page's URL every so
 * often while the page is visible (and when it becomes visible again), the request marked with
 * the poll header so it does not count as the user's activity (lib/polling). The server's new
 * render of the element gives it its attributes and content (the element stays, so a live region
 * keeps announcing); behaviours in the new content start by themselves (behaviours.ts). A render
 * without `data-poll-ms` (the payment is settled, the list failed) stops it, as does a failed
 * request; a redirected one goes where it leads. The answer's `SESSION_LEFT_HEADER` restarts the
 * session timer, so a session another tab keeps alive does not end here.
 */
import { POLL_MS, SESSION_LEFT_HEADER } from './attributes';
import { behaviour } from './behaviours';
import { sessionLeft } from './session';

export function registerPolling(pollHeader: string): void {
  behaviour(`[${POLL_MS}][id]`, (region) => {
    const doc = region.ownerDocument;
    const id = region.id;
    const every = Number(region.getAttribute(POLL_MS));
    let last = performance.now();
    const stop = () => {
      clearInterval(timer);
      doc.removeEventListener('visibilitychange', onVisible);
    };
    const tick = () => {
      if (doc.visibilityState !== 'visible') return;
      last = performance.now();
      fetch(window.location.href, { headers: { [pollHeader]: '1' }, credentials: 'same-origin' })
        .then((r) => {
          if (!r.ok) throw r;
          if (r.redirected) {
            stop();
            window.location.assign(r.url);
            throw r;
          }
          const left = r.headers.get(SESSION_LEFT_HEADER);
          if (left !== null && /^\d+$/.test(left)) sessionLeft(Number(left));
          return r.text();
        })
        .then((html) => {
          const next = new DOMParser().parseFromString(html, 'text/html').getElementById(id);
          const current = doc.getElementById(id);
          if (!next || !current) throw next;
          Array.from(current.attributes).forEach((a) => {
            if (!next.hasAttribute(a.name)) current.removeAttribute(a.name);
          });
          Array.from(next.attributes).forEach((a) => current.setAttribute(a.name, a.value));
          current.replaceChildren(...Array.from(next.childNodes).map((n) => doc.importNode(n, true)));
          if (!current.hasAttribute(POLL_MS)) stop();
        })
        .catch(stop);
    };
    const onVisible = () => {
      if (doc.visibilityState === 'visible' && performance.now() - last >= every) tick();
    };
    const timer = setInterval(tick, every);
    doc.addEventListener('visibilitychange', onVisible);
  });
}
