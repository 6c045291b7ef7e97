/**
 * Production strong-identification adapter: an OpenID Connect Relying Party
 * for a Finnish Trust Network (FTN / Luottamusverkosto) identification broker
 * (e.g. Signicat, Telia, Criipto, Idura), built on openid-client v6.
 *
 * Flow: authorization code + PKCE (S256) + state + nonce. The broker's bank /
 * Mobiilivarmenne selection is preselected with `acr_values` (e.g. 'fi-op',
 * 'fi-nordea'), the UI language with `ui_locales`. The ID token's `acr` claim must
 * be exactly the method asked for: a token of another method (or an FTN level
 * instead of the method, or none) is refused, so nobody is logged in by a means
 * weaker than, or other than, the one chosen.
 *
 * Privacy: the identity code (henkilötunnus) is personal data. It never
 * appears in an error message, an error cause or a log line produced here;
 * errors from openid-client are re-wrapped in a sanitised form because their
 * `cause` may carry the full ID-token claims set.
 */
import * as oidc from 'openid-client';

import { isValidIdentityCode } from '~/models/identity-code';
import { IdentificationError, type IdentificationAdapter, type IdentificationStart, type IdentifiedPerson } from './identification-adapter';

export interface OidcAdapterConfig {
  /** Issuer identifier of the broker; discovery is `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Claim carrying the Finnish personal identity code, e.g. 'hetu',
   * 'signicat.national_id' or a nested path like 'person.hetu'.
   * A claim whose literal name contains dots wins over a nested path.
   */
  identityCodeClaim: string;
  /** Requested scopes; default 'openid profile'. 'openid' is always included. */
  scope?: string;
  /** Allow a plain-http issuer (local development and tests only). */
  allowHttp?: boolean;
  /**
   * Token endpoint client authentication. Default 'auto': client_secret_basic
   * unless the broker only advertises client_secret_post.
   */
  tokenEndpointAuthMethod?: 'auto' | 'client_secret_basic' | 'client_secret_post';
  /** HTTP timeout for discovery, token, JWKS and userinfo requests. Default 15 s. */
  timeoutSeconds?: number;
}

const DEFAULT_SCOPE = 'openid profile';

export function createOidcAdapter(config: OidcAdapterConfig): IdentificationAdapter {
  const issuer = parseIssuer(config.issuer, config.allowHttp === true);
  if (!config.clientId) throw new TypeError('OIDC identification: clientId is required');
  if (!config.clientSecret) throw new TypeError('OIDC identification: clientSecret is required');
  if (!config.identityCodeClaim) throw new TypeError('OIDC identification: identityCodeClaim is required');

  const scope = normaliseScope(config.scope);
  const clientAuth = selectClientAuth(config.clientSecret, config.tokenEndpointAuthMethod ?? 'auto');
  // openid-client v6 does NOT verify the ID token's JWS signature by default
  // when the token comes straight from the token endpoint (OIDC Core 3.1.3.7
  // lets TLS stand in for it). For strong identification we want the broker's
  // signature checked against its JWKS anyway: defence in depth against a
  // mis-routed/intercepted token endpoint, and a verifiable assertion.
  const execute: Array<(c: oidc.Configuration) => void> = [oidc.enableNonRepudiationChecks];
  if (config.allowHttp === true) {
    // Tagged @deprecated upstream only to stand out; enabled solely for http test issuers.
    execute.push(oidc.allowInsecureRequests);
  }

  // Lazy, cached discovery. A failed discovery is forgotten so the next call retries.
  let configuration: Promise<oidc.Configuration> | undefined;
  function getConfiguration(): Promise<oidc.Configuration> {
    if (!configuration) {
      const pending = oidc.discovery(issuer, config.clientId, { client_secret: config.clientSecret }, clientAuth, {
        execute,
        timeout: config.timeoutSeconds ?? 15,
      });
      configuration = pending;
      pending.catch(() => {
        if (configuration === pending) configuration = undefined;
      });
    }
    return configuration;
  }

  async function configurationOrThrow(): Promise<oidc.Configuration> {
    try {
      return await getConfiguration();
    } catch (error) {
      throw new IdentificationError('protocol', 'Identification provider discovery failed', {
        cause: sanitiseError(error),
      });
    }
  }

  return {
    kind: 'oidc',

    async authorizationUrl(start: IdentificationStart): Promise<URL> {
      const configuration = await configurationOrThrow();
      const codeChallenge = await oidc.calculatePKCECodeChallenge(start.codeVerifier);
      const parameters: Record<string, string> = {
        response_type: 'code',
        scope,
        redirect_uri: start.redirectUri,
        state: start.state,
        nonce: start.nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        // The callback must be a top-level GET so it carries the SameSite=Lax flow-binding cookie.
        response_mode: 'query',
        ui_locales: start.language,
      };
      if (!start.provider) throw new IdentificationError('protocol', 'No identification method was chosen');
      parameters.acr_values = start.provider;
      try {
        return oidc.buildAuthorizationUrl(configuration, parameters);
      } catch (error) {
        throw new IdentificationError('protocol', 'Could not build the authorization request', {
          cause: sanitiseError(error),
        });
      }
    },

    async complete(callbackUrl, expected): Promise<IdentifiedPerson> {
      const params = callbackUrl.searchParams;

      // 1. State first: an unsolicited or forged callback must not be able to
      //    produce anything but a state error. Compared in constant time.
      const state = params.get('state');
      if (!expected.state || state === null || !constantTimeEqual(state, expected.state)) {
        throw new IdentificationError('state_mismatch', 'Identification callback state does not match');
      }

      // 2. Error responses from the broker.
      const errorCode = params.get('error');
      if (errorCode !== null) {
        if (errorCode === 'access_denied') {
          throw new IdentificationError('cancelled', 'Identification was cancelled');
        }
        throw new IdentificationError('protocol', `Identification provider returned error "${safeToken(errorCode)}"`);
      }

      const configuration = await configurationOrThrow();

      // 3. Code exchange. openid-client derives the token request's
      //    redirect_uri from the URL it is given (query stripped), so rebuild
      //    the callback on top of the redirect URI that was actually sent in
      //    the authorization request: behind a proxy the incoming request URL
      //    may have a different scheme/host.
      const responseUrl = new URL(expected.redirectUri);
      responseUrl.search = '';
      responseUrl.hash = '';
      for (const [key, value] of params) responseUrl.searchParams.append(key, value);

      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, responseUrl, {
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          pkceCodeVerifier: expected.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new IdentificationError('protocol', describeGrantFailure(error), { cause: sanitiseError(error) });
      }

      const claims = tokens.claims();
      if (!claims) {
        throw new IdentificationError('protocol', 'Token response did not contain an ID token');
      }

      // 4. The method used must be the one asked for (OIDC Core 3.1.2.1 makes acr_values a
      //    voluntary request: a broker may answer with another method or level).
      if (!expected.acr || claims.acr !== expected.acr) {
        throw new IdentificationError('acr_mismatch', 'ID token "acr" is not the identification method asked for');
      }

      let identityCode = readIdentityCode(claims, config.identityCodeClaim);
      let firstName = readName(claims, 'given_name');
      let lastName = readName(claims, 'family_name');

      // 5. Some brokers only release the identity code from userinfo.
      if (identityCode === undefined) {
        if (!configuration.serverMetadata().userinfo_endpoint) {
          throw new IdentificationError('no_identity_code', 'ID token did not contain the identity code claim');
        }
        let userinfo: Record<string, unknown>;
        try {
          userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        } catch (error) {
          throw new IdentificationError('protocol', 'Userinfo request failed', { cause: sanitiseError(error) });
        }
        identityCode = readIdentityCode(userinfo, config.identityCodeClaim);
        firstName ??= readName(userinfo, 'given_name');
        lastName ??= readName(userinfo, 'family_name');
      }

      if (identityCode === undefined) {
        throw new IdentificationError('no_identity_code', 'Identification response did not contain the identity code');
      }
      const normalised = identityCode.trim().toUpperCase();
      if (!isValidIdentityCode(normalised, { allowDevelopmentForm: false })) {
        // Do not echo the value: it may still be a real identity code.
        throw new IdentificationError('no_identity_code', 'Identity code claim is not a valid Finnish identity code');
      }

      return { identityCode: normalised, firstName, lastName };
    },
  };
}

// ---------------------------------------------------------------------------
// helpers

function parseIssuer(issuer: string, allowHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new TypeError('OIDC identification: issuer must be an absolute URL');
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    throw new TypeError('OIDC identification: issuer must use https (set allowHttp only for local test issuers)');
  }
  return url;
}

function normaliseScope(scope: string | undefined): string {
  const parts = (scope ?? DEFAULT_SCOPE).split(/\s+/).filter(Boolean);
  if (!parts.includes('openid')) parts.unshift('openid');
  return [...new Set(parts)].join(' ');
}

function selectClientAuth(clientSecret: string, method: NonNullable<OidcAdapterConfig['tokenEndpointAuthMethod']>): oidc.ClientAuth {
  const basic = oidc.ClientSecretBasic(clientSecret);
  const post = oidc.ClientSecretPost(clientSecret);
  if (method === 'client_secret_basic') return basic;
  if (method === 'client_secret_post') return post;
  // 'auto': the metadata is only known after discovery, so decide per request.
  return (as, client, body, headers) => {
    const supported = as.token_endpoint_auth_methods_supported;
    // Per OIDC Discovery the default (absent list) is client_secret_basic.
    const usePost = Array.isArray(supported) && !supported.includes('client_secret_basic') && supported.includes('client_secret_post');
    (usePost ? post : basic)(as, client, body, headers);
  };
}

/** Reads a claim by literal name first (e.g. 'signicat.national_id'), then as a dotted path. */
export function readClaim(claims: Record<string, unknown>, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(claims, path)) return claims[path];
  let current: unknown = claims;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function readIdentityCode(claims: Record<string, unknown>, path: string): string | undefined {
  const value = readClaim(claims, path);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function readName(claims: Record<string, unknown>, claim: string): string | null {
  const value = claims[claim];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function constantTimeEqual(a: string, b: string): boolean {
  // Lengths of random state values are not secret.
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** OAuth error codes are restricted to a safe charset; anything else is not echoed. */
function safeToken(value: string): string {
  return /^[\x20-\x21\x23-\x5B\x5D-\x7E]{1,64}$/.test(value) ? value : 'invalid';
}

const HETU_LIKE = /\d{6}[-+A-FYXWVU]\d{3}[0-9A-Y]/gi;

function redact(text: string): string {
  return text.replace(HETU_LIKE, '[redacted]');
}

function describeGrantFailure(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) {
    return `Token request rejected by the identification provider (${safeToken(error.error)})`;
  }
  if (error instanceof oidc.AuthorizationResponseError) {
    return `Identification provider returned error "${safeToken(error.error)}"`;
  }
  if (error instanceof Error) {
    const detail = innerMessage(error);
    return `Identification response validation failed: ${redact(error.message)}${detail ? ` (${detail})` : ''}`;
  }
  return 'Identification response validation failed';
}

/**
 * openid-client wraps oauth4webapi's errors in a ClientError with a generic
 * message ("invalid response encountered"); the specific reason ("unexpected
 * ID Token \"nonce\" claim value", "JWT signature verification failed") is the
 * message of its `cause`. Only that message is used, never the cause's own
 * `cause`, which holds the raw claims.
 */
function innerMessage(error: Error): string | undefined {
  const inner = error.cause;
  return inner instanceof Error && inner.message !== error.message ? redact(inner.message).slice(0, 300) : undefined;
}

/**
 * Copies only the harmless parts of an upstream error. openid-client /
 * oauth4webapi errors keep raw material in `cause` (ID-token claims, the
 * response parameters, the HTTP Response) which must not reach logs.
 */
function sanitiseError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error('Non-error thrown');
  const safe = new Error(redact(error.message));
  safe.name = error.name;
  const extra = error as Error & { code?: unknown; error?: unknown; error_description?: unknown; status?: unknown };
  const details: Record<string, string | number> = {};
  const detail = innerMessage(error);
  if (detail) details.detail = detail;
  if (typeof extra.code === 'string') details.code = extra.code;
  if (typeof extra.error === 'string') details.error = safeToken(extra.error);
  if (typeof extra.error_description === 'string') details.error_description = redact(extra.error_description).slice(0, 300);
  if (typeof extra.status === 'number') details.status = extra.status;
  Object.assign(safe, details);
  return safe;
}
