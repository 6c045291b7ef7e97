/**
 * /oauth/callback: the identity provider returns here by a top-level GET redirect
 * (response_mode=query), which carries the SameSite=Lax flow-binding cookie of the browser that
 * started the flow. There is no POST (form_post) variant: a cross-site POST would not carry it.
 * Exempt from the CSRF token check: it is protected by the one-time state bound to this browser,
 * PKCE and nonce.
 */
import { redirect } from 'react-router';
import { requestInfoContext } from '~/context';
import { DEFAULT_LANGUAGE } from '~/i18n/config';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { pagePath } from '~/route-table';
import { clearFlowBinding, readFlowBinding } from '~/lib/http/flow-binding.server';
import { completeIdentification } from '~/services/auth/identification.server';
import { commitSessionCookie, readSessionToken } from '~/lib/http/session-cookie.server';
import { getDb } from '~/services/db/db.server';
import { inAppCookie } from '~/lib/http/in-app-cookie.server';
import { parseUserAgent } from '~/models/auth/device';
import type { Route } from './+types/callback';

export async function loader({ request, context }: Route.LoaderArgs) {
  const outcome = await completeIdentification(
    await getDb(),
    new URL(request.url),
    context.get(requestInfoContext).origin,
    await readFlowBinding(request),
    undefined,
    // Only the labels (browser, system, kind) are kept, never the header (ADR 0032).
    parseUserAgent(request.headers.get('User-Agent')),
    // The session this browser held (a re-identification, ADR 0047): ended by the new one.
    await readSessionToken(request),
  );
  const headers = new Headers({ 'Set-Cookie': await clearFlowBinding() });
  if (!outcome.ok) {
    const lang = outcome.language ?? DEFAULT_LANGUAGE;
    const search = new URLSearchParams({ error: outcome.reason });
    if (outcome.nextPath) search.set('nextPath', outcome.nextPath);
    return redirect(pagePath('login', lang, {}, search), { headers });
  }
  headers.append('Set-Cookie', await commitSessionCookie(outcome.token));
  headers.append('Set-Cookie', await inAppCookie.serialize('', { maxAge: 0 }));
  return redirect(safeRedirectPath(outcome.nextPath, pagePath('front', outcome.language)), { status: 303, headers });
}
