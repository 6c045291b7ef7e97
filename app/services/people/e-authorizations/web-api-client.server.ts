/**
 * The Suomi.fi e-Authorizations Web API client (ADR 0050): API-key calls signed with the
 * X-AsiointivaltuudetAuthorization header (checksum.ts), the session's queries also with the
 * OAuth 2.0 bearer token from the selection's code, the token endpoint with HTTP Basic (client
 * id and OAuth password). Every call has a timeout; a failure is an EAuthorizationsError with a
 * code (logged by the caller with the code only, never an identity code).
 *
 * Paths (relative to the configured base URL, which may have a path of its own):
 *   GET  /service/{hpa|ypa}/user/register/{clientId}/{identityCode}?requestId=…   → { sessionId, userId }
 *   GET  /oauth/authorize?client_id&response_type=code&redirect_uri&user&lang      (the browser)
 *   POST /oauth/token?code&grant_type=authorization_code&redirect_uri              → { access_token }
 *   GET  /service/hpa/api/delegate/{sessionId}?requestId=…                         → [{ personId, name }]
 *   GET  /service/hpa/api/authorization/{sessionId}/{principalId}?requestId&issue  → { result: ALLOWED|DISALLOWED }
 *   GET  /service/ypa/api/organizationRoles/{sessionId}?requestId=…                → [{ name, identifier, roles }]
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { clock } from '~/lib/clock.server';
import { AUTHORIZATION_HEADER, authorizationHeader } from './checksum';
import { EAuthorizationsError, type EAuthorizations, type EAuthSession, type MandateKind } from './e-authorizations';

export interface WebApiConfig {
  kind: 'test' | 'webapi';
  /** The service's base URL, e.g. https://asiointivaltuustarkastus.suomi.fi or <origin>/dev/test-valtuudet. */
  baseUrl: string;
  clientId: string;
  apiKey: string;
  oauthSecret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The wall-clock instant a request is stamped with (default: the app's clock on the wall). */
  wallNow?: () => Date;
}

const registerAnswer = z.object({ sessionId: z.string().min(1), userId: z.string().min(1) });
const tokenAnswer = z.object({ access_token: z.string().min(1) });
const delegateAnswer = z.array(z.object({ personId: z.string().min(1), name: z.string() }));
const authorizationAnswer = z.object({ result: z.string() });
const organizationsAnswer = z.array(z.object({ name: z.string(), identifier: z.string().min(1), roles: z.array(z.string()) }));

export function createWebApiClient(config: WebApiConfig): EAuthorizations {
  const doFetch = config.fetch ?? fetch;
  const base = new URL(config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);

  const urlOf = (path: string, query: Record<string, string>) => {
    const url = new URL(path.replace(/^\//, ''), base);
    url.search = new URLSearchParams(query).toString();
    return url;
  };

  async function call<T>(url: URL, init: { method?: string; headers: Record<string, string> }, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: init.method ?? 'GET',
        headers: { accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(config.timeoutMs),
        redirect: 'manual',
      });
    } catch {
      throw new EAuthorizationsError('unavailable', 'no answer');
    }
    const text = await response.text().catch(() => '');
    if (response.status === 401 || response.status === 403) {
      // The test service names its reason; DVV's answers 401 for an expired session (ADR 0050).
      const body = safeJson(text);
      const reason = body?.reason;
      if (body?.error === 'invalid_client') throw new EAuthorizationsError('refused', 'client credentials refused');
      if (reason === 'timestamp') throw new EAuthorizationsError('clockSkew', 'timestamp refused');
      if (reason === 'checksum' || reason === 'unknownClient' || reason === 'missing' || reason === 'malformed') {
        throw new EAuthorizationsError('refused', 'authentication refused');
      }
      throw new EAuthorizationsError('sessionExpired', `status ${response.status}`);
    }
    if (response.status >= 500) throw new EAuthorizationsError('unavailable', `status ${response.status}`);
    if (!response.ok) throw new EAuthorizationsError('protocol', `status ${response.status}`);
    const parsed = schema.safeParse(safeJson(text));
    if (!parsed.success) throw new EAuthorizationsError('protocol', 'unexpected answer');
    return parsed.data;
  }

  /** The API-key header for this URL, its timestamp by the wall clock (what the service checks). */
  const signed = (url: URL) => ({
    [AUTHORIZATION_HEADER]: authorizationHeader(
      config.clientId,
      url.pathname + url.search,
      (config.wallNow?.() ?? clock.toWall(clock.now())).toISOString(),
      config.apiKey,
    ),
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const servicePath = (kind: MandateKind) => `service/${kind}`;

  return {
    kind: config.kind,
    async register(kind, identityCode) {
      const url = urlOf(`${servicePath(kind)}/user/register/${encodeURIComponent(config.clientId)}/${encodeURIComponent(identityCode)}`, {
        requestId: randomUUID(),
      });
      const answer = await call(url, { headers: signed(url) }, registerAnswer);
      return { kind, ...answer };
    },
    selectionUrl(session: EAuthSession, input) {
      return urlOf('oauth/authorize', {
        client_id: config.clientId,
        response_type: 'code',
        redirect_uri: input.redirectUri,
        user: session.userId,
        lang: input.language,
      });
    },
    async accessToken(code, redirectUri) {
      const url = urlOf('oauth/token', { code, grant_type: 'authorization_code', redirect_uri: redirectUri });
      const basic = Buffer.from(`${config.clientId}:${config.oauthSecret}`).toString('base64');
      const answer = await call(url, { method: 'POST', headers: { authorization: `Basic ${basic}` } }, tokenAnswer);
      return answer.access_token;
    },
    async principals(session, token) {
      const url = urlOf(`service/hpa/api/delegate/${encodeURIComponent(session.sessionId)}`, { requestId: randomUUID() });
      return call(url, { headers: { ...signed(url), ...bearer(token) } }, delegateAnswer);
    },
    async authorized(session, token, principalId, issue) {
      const url = urlOf(`service/hpa/api/authorization/${encodeURIComponent(session.sessionId)}/${encodeURIComponent(principalId)}`, {
        requestId: randomUUID(),
        issue,
      });
      const answer = await call(url, { headers: { ...signed(url), ...bearer(token) } }, authorizationAnswer);
      if (answer.result === 'ALLOWED') return true;
      if (answer.result === 'DISALLOWED') return false;
      throw new EAuthorizationsError('protocol', 'unexpected result');
    },
    async organizationRoles(session, token) {
      const url = urlOf(`service/ypa/api/organizationRoles/${encodeURIComponent(session.sessionId)}`, { requestId: randomUUID() });
      const answer = await call(url, { headers: { ...signed(url), ...bearer(token) } }, organizationsAnswer);
      return answer.map((o) => ({ businessId: o.identifier, name: o.name, roles: o.roles }));
    },
  };
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
