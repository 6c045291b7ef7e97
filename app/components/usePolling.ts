/**
 * Refreshes the page's loader data every `intervalMs` while the page is visible (and once when
 * it becomes visible again after the interval). Stops when `enabled` is false (e.g. after a
 * failure, spec 1 §8). Without JS nothing polls: the page shows a Refresh link instead.
 *
 * This is the React side of polling: a page rendered by React (a hydrated document, or a plain
 * page reached by a client navigation from one). A plain document is polled by the page script
 * instead (components/shell/page-script.server.ts), through the region the page marks with an
 * `id` and `data-poll-ms`; a page that polls does both, with the same interval and stop rule.
 *
 * A poll is not the user's activity, so it must not extend the session's idle timeout (issue
 * 21): its data request carries `X-Portal-Poll: 1` (~/lib/polling), which the session middleware
 * honours. React Router makes that request itself (one `<path>.data` fetch per revalidation)
 * and has no way to add a header to it, so a poll marks the next fetch of exactly its page's
 * data path: `fetch` is wrapped once, and the mark is taken by the first matching request and
 * dropped when the revalidation ends. A navigation to another page never matches; at worst a
 * click that reloads this very page while a poll is on its way is not counted as activity.
 */
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { POLL_HEADER } from '~/lib/polling';

/** The data path of the poll under way (React Router's single-fetch URL of the page), if any. */
let markedPath: string | null = null;
let installed = false;

function dataPath(pathname: string): string {
  return pathname.endsWith('/') ? `${pathname}_.data` : `${pathname}.data`;
}

function installPollMarker(): void {
  if (installed) return;
  installed = true;
  const original = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (markedPath !== null) {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      if (url.origin === window.location.origin && url.pathname === markedPath) {
        markedPath = null;
        const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
        headers.set(POLL_HEADER, '1');
        return original.call(window, input, { ...init, headers });
      }
    }
    return original.call(window, input, init);
  };
}

/** One poll: the page's loaders run again, their request marked as a poll. */
async function poll(revalidate: () => Promise<void>): Promise<void> {
  installPollMarker();
  markedPath = dataPath(window.location.pathname);
  try {
    await revalidate();
  } finally {
    markedPath = null;
  }
}

export function usePolling(intervalMs: number, enabled = true) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!enabled) return;
    let last = performance.now();
    const tick = () => {
      if (document.visibilityState !== 'visible') return;
      last = performance.now();
      void poll(revalidate);
    };
    const timer = window.setInterval(tick, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && performance.now() - last >= intervalMs) tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs, enabled, revalidate]);
}
