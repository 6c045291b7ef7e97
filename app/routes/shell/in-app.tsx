/**
 * Entry for the provider's mobile app: /{lang}/in-app?next=… marks the visit as in-app
 * (sessionScope inAppBooking), which hides header and footer and hands external links to the
 * app, then continues to `next` (our own relative paths only).
 *
 * Only the app itself (or the person typing the address) may switch a session into the in-app
 * layout: a link from another site (`Sec-Fetch-Site: cross-site`) would otherwise hide a
 * victim's header, log-out and cancel buttons by a GET (issue 21). Such a visit just continues
 * to `next`; the app's web view opens the address directly (`none`).
 */
import { redirect } from 'react-router';
import { authContext, portalContext } from '~/context';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { pagePath } from '~/route-table';
import { setSessionScope } from '~/services/auth/session.server';
import { getDb } from '~/services/db/db.server';
import { inAppCookie } from '~/lib/http/in-app-cookie.server';
import type { Route } from './+types/in-app';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const auth = context.get(authContext);
  const next = safeRedirectPath(new URL(request.url).searchParams.get('next'), pagePath('front', lang));
  if (request.headers.get('Sec-Fetch-Site') === 'cross-site') throw redirect(next);
  if (auth) await setSessionScope(await getDb(), auth.session.idHash, 'inAppBooking');
  throw redirect(next, { headers: { 'Set-Cookie': await inAppCookie.serialize('1') } });
}
