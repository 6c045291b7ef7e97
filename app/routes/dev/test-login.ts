/**
 * Test support (DEPLOYMENT_ENV=test with the built-in test identification service only; 404
 * everywhere else): GET /dev/test-fixtures/login?identityCode=…&lang=… logs this browser in with
 * one request, for end-to-end tests that are not about logging in (issue 38).
 *
 * It is the real identification flow, taken on the server side: the flow is started and bound
 * to a browser value as /oauth/authenticate does, the test identification service approves the
 * identity code as its page does, and the callback's code is redeemed as /oauth/callback does
 * (PKCE, nonce, one-time state, the person and their guardianships, the session, the access
 * log). Only the browser's two trips to the service and the pages between are left out; the
 * tests of logging in itself (tests/e2e/auth) go through them.
 */
import { requestInfoContext } from '~/context';
import { isLanguage } from '~/i18n/config';
import { json } from '~/lib/http/api.server';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { commitSessionCookie, readSessionToken } from '~/lib/http/session-cookie.server';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { parseUserAgent } from '~/models/auth/device';
import { completeIdentification, identificationAdapter, startIdentification } from '~/services/auth/identification.server';
import { approveTestIdentification } from '~/services/auth/test-idp.server';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/test-login';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { origin } = context.get(requestInfoContext);
  const adapter = identificationAdapter(origin);
  requireTestDeployment(adapter.kind === 'test');
  const params = new URL(request.url).searchParams;
  const lang = params.get('lang');
  const language = isLanguage(lang) ? lang : 'fi';
  const db = await getDb();

  // /oauth/authenticate: the flow, bound to a value only this browser would hold.
  const browserBinding = randomToken();
  const authorization = await startIdentification(
    db,
    { provider: params.get('provider') ?? 'fi-op', language, nextPath: '/', inApp: false, origin, browserBindingHash: sha256(browserBinding) },
    adapter,
  );
  // The test identification service's page: the person confirms their identity code.
  const query = authorization.searchParams;
  const approval = await approveTestIdentification(db, {
    identityCode: params.get('identityCode') ?? '',
    redirectUri: query.get('redirect_uri') ?? '',
    state: query.get('state') ?? '',
    nonce: query.get('nonce') ?? '',
    codeChallenge: query.get('code_challenge') ?? '',
  });
  if (!approval.ok) return json({ error: approval.error }, 400);
  // /oauth/callback, from the browser that started the flow.
  const outcome = await completeIdentification(
    db,
    new URL(approval.redirectTo),
    origin,
    browserBinding,
    adapter,
    parseUserAgent(request.headers.get('User-Agent')),
    await readSessionToken(request),
  );
  if (!outcome.ok) return json({ error: outcome.reason }, 400);
  return Response.json({ type: 'loggedIn' }, { headers: { 'Set-Cookie': await commitSessionCookie(outcome.token), 'Cache-Control': 'no-store' } });
}
