/**
 * Session timed out (minimal header, no menu or footer): explains the logout and offers bank
 * login, returning to `next` afterwards.
 *
 * A GET never ends or changes a session (issue 21: a link or an image elsewhere would log the
 * user out, "logout CSRF"). The browser's timer ends it with a POST here carrying the session's
 * CSRF token (the page script, app/browser/session.ts) and then opens this page. Opened while the session
 * is still active (the back button after logging in again, a link), the page asks instead: the
 * log-out confirmation, whose form posts to the log-out page, and Cancel back to `next`.
 */
import { data, Link, Form, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useTranslation } from '~/i18n/react';
import { authContext, expiredSessionContext, portalContext } from '~/context';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { pageTitle } from '~/lib/http/page.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { pagePath } from '~/route-table';
import { lapseSession, revokeSession } from '~/services/auth/session.server';
import { clearSessionCookie } from '~/lib/http/session-cookie.server';
import { resumableFromRequest } from '~/lib/http/reauth.server';
import { getDb } from '~/services/db/db.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/expired-session';

function nextOf(request: Request, lang: Language): string {
  return safeRedirectPath(new URL(request.url).searchParams.get('next'), pagePath('front', lang));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const next = nextOf(request, lang);
  if (context.get(authContext)) {
    // Still logged in: nothing changes here; the user decides.
    return data({
      title: pageTitle(context, 'logout.title'),
      state: 'active' as const,
      lang,
      next,
      logoutPath: pagePath('logout', lang),
    });
  }
  const reason = context.get(expiredSessionContext) ?? 'absolute';
  const e = env();
  const idle = reason === 'idle';
  // With SMS login on and an idle lapse inside the limits, the cookie stays: it names the session
  // an SMS code may resume (ADR 0012). Otherwise it goes, and only bank login is offered.
  const sms = idle && (await resumableFromRequest(await getDb(), request)) !== null;
  return data(
    {
      title: pageTitle(context, 'session.expiredTitle'),
      state: 'ended' as const,
      lang,
      next,
      idle,
      sms,
      smsPath: pagePath('smsAuthentication', lang, {}, new URLSearchParams({ next })),
      count: idle ? e.SESSION_IDLE_MINUTES : e.SESSION_ABSOLUTE_HOURS,
      unit: idle ? ('minutes' as const) : ('hours' as const),
    },
    sms ? {} : { headers: { 'Set-Cookie': await clearSessionCookie() } },
  );
}

/**
 * The browser's timer at expiry (a POST with the session's CSRF token, checked by the root
 * middleware): ends the session as the timeout it is, then shows this page. The timer may fire
 * a moment before the server's clock, so an active session ends here too. An idle lapse stays
 * resumable with an SMS code (ADR 0012); the absolute limit does not. Without a session (it had
 * already expired) the root middleware has answered with this page before.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = context.get(portalContext);
  const auth = context.get(authContext);
  if (auth) {
    const { idleExpiresAt, absoluteExpiresAt, idHash } = auth.session;
    const db = await getDb();
    if (idleExpiresAt < absoluteExpiresAt) await lapseSession(db, idHash);
    else await revokeSession(db, idHash);
  }
  return redirect(pagePath('expiredSession', lang, {}, new URLSearchParams({ next: nextOf(request, lang) })), 303);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ExpiredSession({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.state === 'active') {
    return (
      <section className={ui.card}>
        <h1>{t('logout.title')}</h1>
        <p>{t('logout.question')}</p>
        <Form method="post" action={loaderData.logoutPath} reloadDocument>
          <AuthenticityTokenInput name="csrf" />
          <div className={ui.buttonRow}>
            <button type="submit" className={ui.button.primary}>
              {t('logout.confirm')}
            </button>
            <Link className={ui.button.secondary} to={loaderData.next}>
              {t('logout.cancel')}
            </Link>
          </div>
        </Form>
      </section>
    );
  }
  const { lang, next, idle, count, unit } = loaderData;
  const unitText = t(`session.unit.${unit}`, { count });
  return (
    <section className={ui.card}>
      <h1>{t('session.expiredTitle')}</h1>
      <p>{t(idle ? 'session.expiredIdleText' : 'session.expiredText', { count, unit: unitText })}</p>
      {loaderData.sms ? (
        <Form method="post" action={loaderData.smsPath} reloadDocument>
          <AuthenticityTokenInput name="csrf" />
          <p>{t('myInformation.sms.offer')}</p>
          <button type="submit" name="intent" value="send" className={ui.button.primary}>
            {t('myInformation.sms.order')}
          </button>
        </Form>
      ) : (
        <Link className={ui.button.primary} to={pagePath('login', lang, {}, new URLSearchParams({ nextPath: next }))}>
          {t('session.logInWithBank')}
        </Link>
      )}
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
