/**
 * The e-Authorizations adapter in use (E_AUTHORIZATIONS, ADR 0050): DVV's Web API, or the
 * built-in test service served by this portal at /dev/test-valtuudet — the same client, the same
 * protocol, pointed at our own origin with the test service's public client credentials.
 */
import { env, publicOrigin } from '~/env.server';
import type { EAuthorizations } from './e-authorizations';
import { TEST_SERVICE_CLIENT, TEST_SERVICE_PATH } from './test-service.server';
import { createWebApiClient } from './web-api-client.server';

let webApi: EAuthorizations | undefined;

/** The adapter; `origin` is where the test service is reached (this server's origin). */
export function eAuthorizations(origin = publicOrigin()): EAuthorizations {
  const e = env();
  if (e.E_AUTHORIZATIONS === 'webapi') {
    webApi ??= createWebApiClient({
      kind: 'webapi',
      baseUrl: e.VALTUUDET_URL!,
      clientId: e.VALTUUDET_CLIENT_ID!,
      apiKey: e.VALTUUDET_API_KEY!,
      oauthSecret: e.VALTUUDET_OAUTH_SECRET!,
      timeoutMs: e.VALTUUDET_TIMEOUT_MS,
    });
    return webApi;
  }
  return createWebApiClient({ kind: 'test', baseUrl: `${origin}${TEST_SERVICE_PATH}`, timeoutMs: e.VALTUUDET_TIMEOUT_MS, ...TEST_SERVICE_CLIENT });
}
