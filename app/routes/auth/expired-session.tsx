/**
 * Session timed out (minimal header, no menu or footer): explains the logout and offers bank
 * login, returning to `next` afterwards.
 */
import { useTranslation } from '~/i18n/react';
import { data, Link, Form } from 'react-router';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import type { RouteHandle } from '~/components/hydration';
import { authContext, expiredSessionContext, portalContext } from '~/context';
import { env } from '~/env.server';
import { pageTitle } from '~/lib/http/page.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { pagePath } from '~/route-table';
import { lapseSession, revokeSession } from '~/services/auth/session.server';
import { clearSessionCookie } from '~/lib/http/session-cookie.server';
import { resumableFromRequest } from '~/lib/http/reauth.server';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { getDb } from '~/services/db/db.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/expired-session';

/**
 * The browser's timer can fire a moment before the server's clock: arriving here ends the
 * session too, before any loader (the root's included) sees it.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }, next) => {
    const auth = context.get(authContext);
    if (auth) {
      // An idle lapse stays resumable with an SMS code (ADR 0012); the absolute limit does not.
      const { idleExpiresAt, absoluteExpiresAt } = auth.session;
      const idle = idleExpiresAt < absoluteExpiresAt;
      if (idle) await lapseSession(await getDb(), auth.session.idHash);
      else await revokeSession(await getDb(), auth.session.idHash);
      context.set(expiredSessionContext, idle ? 'idle' : 'absolute');
      context.set(authContext, null);
    }
    return next();
  },
];

/** Plain HTML for anonymous visitors: nothing on the page needs JS (ADR 0009). */
export const handle: RouteHandle = { hydrate: 'logged-in' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const next = safeRedirectPath(new URL(request.url).searchParams.get('next'), pagePath('front', lang));
  const reason = context.get(expiredSessionContext) ?? 'absolute';
  const e = env();
  const idle = reason === 'idle';
  // With SMS login on and an idle lapse inside the limits, the cookie stays: it names the session
  // an SMS code may resume (ADR 0012). Otherwise it goes, and only bank login is offered.
  const sms = idle && (await resumableFromRequest(await getDb(), request)) !== null;
  return data(
    {
      title: pageTitle(context, 'session.expiredTitle'),
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

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ExpiredSession({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
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

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
