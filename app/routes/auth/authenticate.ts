/**
 * GET /oauth/authenticate?lang&next&acr_values=<provider>: starts strong identification
 * (rate-limited per client address), binds it to this browser with the flow-binding cookie and
 * redirects to the identity provider.
 */
import { data, redirect } from 'react-router';
import { portalContext, requestInfoContext } from '~/context';
import { env } from '~/env.server';
import { isLanguage } from '~/i18n/config';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { isIdentityProvider } from '~/models/identity-providers';
import { pagePath } from '~/route-table';
import { bindFlowToBrowser } from '~/lib/http/flow-binding.server';
import { startIdentification } from '~/services/auth/identification.server';
import { getDb } from '~/services/db/db.server';
import { hitRateLimit } from '~/services/security/rate-limit.server';
import type { Route } from './+types/authenticate';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const portal = context.get(portalContext);
  const lang = isLanguage(params.get('lang')) ? (params.get('lang') as typeof portal.lang) : portal.lang;
  const provider = params.get('acr_values');
  const next = safeRedirectPath(params.get('next'), pagePath('front', lang));
  if (!isIdentityProvider(provider)) throw redirect(pagePath('login', lang, {}, new URLSearchParams({ nextPath: next })));

  const db = await getDb();
  const { clientIp, origin } = context.get(requestInfoContext);
  const limit = await hitRateLimit(db, `identification:${clientIp}`, env().RATE_LIMIT_IDENTIFICATION_PER_10_MIN, 600);
  if (!limit.allowed) {
    throw data({ error: 'tooManyRequests' }, { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } });
  }
  const binding = await bindFlowToBrowser(request);
  const url = await startIdentification(db, {
    provider,
    language: lang,
    nextPath: next,
    inApp: portal.inApp,
    origin,
    browserBindingHash: binding.bindingHash,
  });
  throw redirect(url.toString(), { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': binding.setCookie } });
}
