/**
 * /oauth/callback: the identity provider returns here by GET (query) or POST (form_post).
 * Exempt from the CSRF token check: it is protected by the one-time state, PKCE and nonce.
 */
import { redirect } from 'react-router';
import { requestInfoContext } from '~/context';
import { DEFAULT_LANGUAGE } from '~/i18n/config';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { pagePath } from '~/route-table';
import { completeIdentification } from '~/services/auth/identification.server';
import { commitSessionCookie } from '~/services/auth/session.server';
import { getDb } from '~/services/db/db.server';
import { inAppCookie } from '~/services/shell/in-app.server';
import type { Route } from './+types/callback';

async function finish(callbackUrl: URL, origin: string) {
  const outcome = await completeIdentification(await getDb(), callbackUrl, origin);
  if (!outcome.ok) {
    const lang = outcome.language ?? DEFAULT_LANGUAGE;
    const search = new URLSearchParams({ error: outcome.reason });
    if (outcome.nextPath) search.set('nextPath', outcome.nextPath);
    return redirect(pagePath('login', lang, {}, search));
  }
  const headers = new Headers();
  headers.append('Set-Cookie', await commitSessionCookie(outcome.token));
  headers.append('Set-Cookie', await inAppCookie.serialize('', { maxAge: 0 }));
  return redirect(safeRedirectPath(outcome.nextPath, pagePath('front', outcome.language)), { status: 303, headers });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return finish(new URL(request.url), context.get(requestInfoContext).origin);
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData();
  for (const [key, value] of form) if (typeof value === 'string') url.searchParams.set(key, value);
  return finish(url, context.get(requestInfoContext).origin);
}
