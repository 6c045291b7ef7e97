/**
 * With JS: warns 90 and 30 seconds before the session expires (spec 2 §4) and, at expiry,
 * sends the browser to the session-timed-out page with `next` set to where the user was.
 * Without JS the server's own timeout check does the same on the next request. The server sends
 * the time left rather than the instant, so a browser whose clock is wrong still times it right;
 * every navigation revalidates the root loader and so restarts the count from the server's value.
 */
import { useEffect } from 'react';
import { useTranslation } from '~/i18n/react';
import { useLocation } from 'react-router';
import type { Language } from '~/i18n/config';
import { pagePath } from '~/route-table';
import { useToasts } from '../Toasts';

export const SESSION_WARNINGS_SECONDS = [90, 30] as const;

export function SessionTimer({ expiresInMs, lang }: { expiresInMs: number; lang: Language }) {
  const { t } = useTranslation();
  const { show } = useToasts();
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
        () => window.location.assign(pagePath('expiredSession', lang, {}, new URLSearchParams({ next: here }))),
        Math.max(0, remaining),
      ),
    );
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [expiresInMs, lang, here, show, t]);

  return null;
}
