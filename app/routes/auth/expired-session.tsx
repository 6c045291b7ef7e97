/**
 * Session timed out (minimal header, no menu or footer): explains the logout and offers bank
 * login, returning to `next` afterwards.
 */
import { useTranslation } from '~/i18n/react';
import { data, Link } from 'react-router';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import type { RouteHandle } from '~/components/hydration';
import { authContext, expiredSessionContext, portalContext } from '~/context';
import { env } from '~/env.server';
import { pageTitle } from '~/lib/page.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { pagePath } from '~/route-table';
import { clearSessionCookie, revokeSession } from '~/services/auth/session.server';
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
      await revokeSession(await getDb(), auth.session.idHash);
      const { idleExpiresAt, absoluteExpiresAt } = auth.session;
      context.set(expiredSessionContext, idleExpiresAt < absoluteExpiresAt ? 'idle' : 'absolute');
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
  return data(
    {
      title: pageTitle(context, 'session.expiredTitle'),
      lang,
      next,
      idle,
      count: idle ? e.SESSION_IDLE_MINUTES : e.SESSION_ABSOLUTE_HOURS,
      unit: idle ? 'minutes' : 'hours',
    },
    { headers: { 'Set-Cookie': await clearSessionCookie() } },
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
      <Link className={ui.button.primary} to={pagePath('login', lang, {}, new URLSearchParams({ nextPath: next }))}>
        {t('session.logInWithBank')}
      </Link>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
