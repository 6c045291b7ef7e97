/**
 * With JS: warns 90 and 30 seconds before the session expires (spec 2 §4) and, at expiry,
 * ends the session with a POST carrying its CSRF token (a GET never ends one, issue 21) and
 * sends the browser to the session-timed-out page with `next` set to where the user was.
 * Without JS the server's own timeout check does the same on the next request. The server sends
 * the time left rather than the instant, so a browser whose clock is wrong still times it right;
 * every navigation revalidates the root loader and so restarts the count from the server's value.
 */
import { useEffect } from 'react';
import { useTranslation } from '~/i18n/react';
import { useLocation } from 'react-router';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import type { Language } from '~/i18n/config';
import { pagePath } from '~/route-table';
import { useToasts } from '../Toasts';

export const SESSION_WARNINGS_SECONDS = [90, 30] as const;

/**
 * Ends the session as a timeout (the page's action lapses it, with the session's CSRF token in
 * the header) and then opens the timed-out page. If the POST fails the page still opens; it
 * then offers to log out while the session lasts.
 */
async function endSession(target: string, csrfToken: string): Promise<void> {
  try {
    await fetch(target, { method: 'POST', headers: { 'X-CSRF-Token': csrfToken }, redirect: 'manual', credentials: 'same-origin' });
  } catch {
    // Offline: the server's own timeout check ends it anyway.
  }
  window.location.assign(target);
}

export function SessionTimer({ expiresInMs, lang }: { expiresInMs: number; lang: Language }) {
  const { t } = useTranslation();
  const { show } = useToasts();
  const csrfToken = useAuthenticityToken();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    const remaining = expiresInMs;
    const timers: number[] = [];
    for (const seconds of SESSION_WARNINGS_SECONDS) {
      const at = remaining - seconds * 1000;
      // Only warnings still in the future (spec: "only if still in the future").
      if (at > 0) {
        timers.push(
          window.setTimeout(
            () => show({ id: `session-${seconds}`, type: 'info', text: t('session.warning', { seconds }), durationMs: 10_000 }),
            at,
          ),
        );
      }
    }
    timers.push(
      window.setTimeout(
        () => void endSession(pagePath('expiredSession', lang, {}, new URLSearchParams({ next: here })), csrfToken),
        Math.max(0, remaining),
      ),
    );
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [expiresInMs, lang, here, show, t, csrfToken]);

  return null;
}
