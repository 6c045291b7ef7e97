import { createHash } from 'node:crypto';

import * as oidc from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { simulateUserAtAuthorizationEndpoint, startFakeOidcProvider, type FakeOidcProvider } from '../../../tests/fixtures/fake-oidc-provider';
import { IdentificationError, type IdentificationAdapter, type IdentificationErrorCode, type IdentificationStart } from './identification-adapter';
import { createOidcAdapter, readClaim, type OidcAdapterConfig } from './oidc-adapter.server';

const DEMO_IDENTITY_CODE = '150385-9024';
const CLIENT_ID = 'patient-portal';
const CLIENT_SECRET = 'sekreetti: with spaces & symbols/+=';
const REDIRECT_URI = 'https://portal.example.fi/auth/callback';

let provider: FakeOidcProvider;
let adapter: IdentificationAdapter;

function makeAdapter(overrides: Partial<OidcAdapterConfig> = {}, issuer = provider.issuer): IdentificationAdapter {
  return createOidcAdapter({
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    identityCodeClaim: 'hetu',
    scope: 'openid profile',
    allowHttp: true,
    ...overrides,
  });
}

function newStart(overrides: Partial<IdentificationStart> = {}): IdentificationStart {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    redirectUri: REDIRECT_URI,
    provider: 'fi-op',
    language: 'fi',
    ...overrides,
  };
}

function expectedOf(start: IdentificationStart) {
  return { state: start.state, nonce: start.nonce, codeVerifier: start.codeVerifier, redirectUri: start.redirectUri, acr: start.provider };
}

/** Runs the browser part of the flow and returns what the callback route would receive. */
async function identify(a: IdentificationAdapter = adapter, start = newStart()) {
  const authorizationUrl = await a.authorizationUrl(start);
  const callbackUrl = await simulateUserAtAuthorizationEndpoint(authorizationUrl);
  return { start, callbackUrl };
}

async function expectIdentificationError(promise: Promise<unknown>, code: IdentificationErrorCode): Promise<IdentificationError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected IdentificationError(${code}) but the call succeeded`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdentificationError);
  const identificationError = error as IdentificationError;
  expect(identificationError.code).toBe(code);
  // The identity code must never leak through errors (message, cause, or anything serialisable).
  const cause = identificationError.cause as (Error & Record<string, unknown>) | undefined;
  const dump = [
    identificationError.message,
    identificationError.stack ?? '',
    cause?.message ?? '',
    JSON.stringify(cause ?? null),
    JSON.stringify(identificationError),
  ].join('\n');
  expect(dump).not.toContain(DEMO_IDENTITY_CODE);
  return identificationError;
}

beforeAll(async () => {
  provider = await startFakeOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  adapter = makeAdapter();
});

afterAll(async () => {
  await provider.close();
});

beforeEach(() => {
  provider.reset();
});

describe('createOidcAdapter: authorization request', () => {
  it('is an oidc adapter', () => {
    expect(adapter.kind).toBe('oidc');
  });

  it('carries PKCE S256, state, nonce, redirect_uri, acr_values and ui_locales', async () => {
    const start = newStart({ provider: 'fi-nordea', language: 'sv' });
    const url = await adapter.authorizationUrl(start);

    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('scope')).toBe('openid profile');
    expect(q.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(q.get('state')).toBe(start.state);
    expect(q.get('nonce')).toBe(start.nonce);
    expect(q.get('code_challenge_method')).toBe('S256');
    // A top-level GET back to us, which carries the SameSite=Lax flow-binding cookie.
    expect(q.get('response_mode')).toBe('query');
    expect(q.get('code_challenge')).toBe(createHash('sha256').update(start.codeVerifier).digest('base64url'));
    expect(q.get('code_challenge')).toBe(await oidc.calculatePKCECodeChallenge(start.codeVerifier));
    expect(q.get('acr_values')).toBe('fi-nordea');
    expect(q.get('ui_locales')).toBe('sv');
    // The secret and verifier never travel through the browser.
    expect(url.href).not.toContain(start.codeVerifier);
    expect(url.href).not.toContain(encodeURIComponent(CLIENT_SECRET));

    // The provider sees exactly these parameters.
    await simulateUserAtAuthorizationEndpoint(url);
    expect(provider.authorizeRequests).toHaveLength(1);
    expect(provider.authorizeRequests[0]!.get('acr_values')).toBe('fi-nordea');
    expect(provider.authorizeRequests[0]!.get('code_challenge')).toBe(q.get('code_challenge'));
  });

  it('always requests the openid scope', async () => {
    const url = await makeAdapter({ scope: 'profile' }).authorizationUrl(newStart());
    expect(url.searchParams.get('scope')).toBe('openid profile');
  });

  it('refuses a plain-http issuer unless allowHttp is set', () => {
    expect(() => makeAdapter({ allowHttp: false })).toThrow(/https/);
  });
});

describe('createOidcAdapter: completion', () => {
  it('completes a full round trip and returns the identity code and names', async () => {
    const { start, callbackUrl } = await identify();
    expect(callbackUrl.origin + callbackUrl.pathname).toBe(REDIRECT_URI);
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();

    const person = await adapter.complete(callbackUrl, expectedOf(start));
    expect(person).toEqual({ identityCode: DEMO_IDENTITY_CODE, firstName: 'Tiina', lastName: 'Testaaja' });

    expect(provider.tokenRequests).toHaveLength(1);
    const tokenRequest = provider.tokenRequests[0]!;
    expect(tokenRequest.authMethod).toBe('client_secret_basic');
    expect(tokenRequest.params.get('code_verifier')).toBe(start.codeVerifier);
    expect(tokenRequest.params.get('redirect_uri')).toBe(REDIRECT_URI);
  });

  it('accepts a callback received on a different host (behind a proxy): redirect_uri comes from the expected values', async () => {
    const { start, callbackUrl } = await identify();
    const internal = new URL(`http://10.0.0.5:3000/auth/callback${callbackUrl.search}`);
    const person = await adapter.complete(internal, expectedOf(start));
    expect(person.identityCode).toBe(DEMO_IDENTITY_CODE);
    expect(provider.tokenRequests[0]!.params.get('redirect_uri')).toBe(REDIRECT_URI);
  });

  it('rejects a tampered state (state_mismatch) without calling the token endpoint', async () => {
    const { start, callbackUrl } = await identify();
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', oidc.randomState());
    await expectIdentificationError(adapter.complete(tampered, expectedOf(start)), 'state_mismatch');

    const missing = new URL(callbackUrl);
    missing.searchParams.delete('state');
    await expectIdentificationError(adapter.complete(missing, expectedOf(start)), 'state_mismatch');

    expect(provider.tokenRequests).toHaveLength(0);
  });

  it('rejects an ID token with a wrong nonce', async () => {
    provider.tamper = { nonce: oidc.randomNonce() };
    const { start, callbackUrl } = await identify();
    const error = await expectIdentificationError(adapter.complete(callbackUrl, expectedOf(start)), 'protocol');
    expect(error.message).toContain('"nonce"');
  });

  it('rejects an ID token whose acr is not the method asked for (acr_mismatch), before reading the person', async () => {
    for (const acr of ['fi-nordea', 'http://ftn.ficora.fi/2017/loa3', null]) {
      provider.reset();
      provider.tamper = { acr };
      const { start, callbackUrl } = await identify(adapter, newStart({ provider: 'fi-op' }));
      await expectIdentificationError(adapter.complete(callbackUrl, expectedOf(start)), 'acr_mismatch');
      expect(provider.authorizeRequests[0]!.get('acr_values')).toBe('fi-op');
    }
  });

  it('refuses to start without a chosen method', async () => {
    await expectIdentificationError(adapter.authorizationUrl(newStart({ provider: '' })), 'protocol');
  });

  it('rejects a completion with the wrong expected nonce', async () => {
    const { start, callbackUrl } = await identify();
    await expectIdentificationError(adapter.complete(callbackUrl, { ...expectedOf(start), nonce: oidc.randomNonce() }), 'protocol');
  });

  it('reports a wrong code_verifier, rejected by the provider, as a protocol error', async () => {
    const { start, callbackUrl } = await identify();
    const error = await expectIdentificationError(
      adapter.complete(callbackUrl, { ...expectedOf(start), codeVerifier: oidc.randomPKCECodeVerifier() }),
      'protocol',
    );
    expect(error.message).toContain('invalid_grant');
    expect(provider.tokenRequests).toHaveLength(1);
  });

  it('maps error=access_denied to cancelled', async () => {
    provider.nextAuthorizeOutcome = 'cancel';
    const { start, callbackUrl } = await identify();
    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
    await expectIdentificationError(adapter.complete(callbackUrl, expectedOf(start)), 'cancelled');
    expect(provider.tokenRequests).toHaveLength(0);
  });

  it('maps other provider errors to protocol', async () => {
    const start = newStart();
    const callbackUrl = new URL(REDIRECT_URI);
    callbackUrl.searchParams.set('error', 'server_error');
    callbackUrl.searchParams.set('state', start.state);
    const error = await expectIdentificationError(adapter.complete(callbackUrl, expectedOf(start)), 'protocol');
    expect(error.message).toContain('server_error');
  });

  it('rejects an ID token signed by another key', async () => {
    // Note: openid-client v6 skips this check by default for token-endpoint ID
    // tokens; the adapter enables it (enableNonRepudiationChecks).
    provider.tamper = { signWithForeignKey: true };
    const { start, callbackUrl } = await identify();
    const error = await expectIdentificationError(adapter.complete(callbackUrl, expectedOf(start)), 'protocol');
    expect(error.message).toMatch(/signature verification failed/i);
  });

  it('rejects an ID token issued to another client', async () => {
    provider.tamper = { audience: 'someone-else' };
    const { start, callbackUrl } = await identify();
    const error = await expectIdentificationError(adapter.complete(callbackUrl, expectedOf(start)), 'protocol');
    expect(error.message).toContain('"aud"');
  });

  it('rejects a replayed authorization code', async () => {
    const { start, callbackUrl } = await identify();
    await adapter.complete(callbackUrl, expectedOf(start));
    await expectIdentificationError(adapter.complete(callbackUrl, expectedOf(start)), 'protocol');
  });
});

describe('createOidcAdapter: identity code claim', () => {
  it('falls back to userinfo when the ID token lacks the identity code', async () => {
    const withoutHetu = { ...provider.identityClaims };
    delete withoutHetu.hetu;
    provider.identityClaims = withoutHetu;
    provider.userinfoClaims = { hetu: DEMO_IDENTITY_CODE };
    const { start, callbackUrl } = await identify();
    const person = await adapter.complete(callbackUrl, expectedOf(start));
    expect(person).toEqual({ identityCode: DEMO_IDENTITY_CODE, firstName: 'Tiina', lastName: 'Testaaja' });
  });

  it('reads a literal dotted claim name (signicat.national_id)', async () => {
    provider.identityClaims = { sub: 'abc', 'signicat.national_id': DEMO_IDENTITY_CODE, given_name: 'Tiina' };
    const { start, callbackUrl } = await identify();
    const person = await makeAdapter({ identityCodeClaim: 'signicat.national_id' }).complete(callbackUrl, expectedOf(start));
    expect(person).toEqual({ identityCode: DEMO_IDENTITY_CODE, firstName: 'Tiina', lastName: null });
  });

  it('reads a nested dotted claim path', async () => {
    provider.identityClaims = { sub: 'abc', person: { hetu: DEMO_IDENTITY_CODE } };
    const { start, callbackUrl } = await identify();
    const person = await makeAdapter({ identityCodeClaim: 'person.hetu' }).complete(callbackUrl, expectedOf(start));
    expect(person.identityCode).toBe(DEMO_IDENTITY_CODE);
  });

  it('fails with no_identity_code when neither the ID token nor userinfo has it', async () => {
    provider.identityClaims = { sub: 'abc', given_name: 'Tiina' };
    const { start, callbackUrl } = await identify();
    await expectIdentificationError(adapter.complete(callbackUrl, expectedOf(start)), 'no_identity_code');
  });

  it('fails with no_identity_code on a malformed identity code, without echoing it', async () => {
    provider.identityClaims = { sub: 'abc', hetu: '150385-9025' }; // wrong check character
    const { start, callbackUrl } = await identify();
    const error = await expectIdentificationError(adapter.complete(callbackUrl, expectedOf(start)), 'no_identity_code');
    expect(error.message).not.toContain('150385-9025');
  });
});

describe('createOidcAdapter: discovery and client authentication', () => {
  it('discovers lazily, caches, and retries after a failed discovery', async () => {
    const lazy = makeAdapter();
    provider.discoveryFailures = 1;
    await expectIdentificationError(lazy.authorizationUrl(newStart()), 'protocol');
    expect(provider.discoveryFailures).toBe(0);

    const url = await lazy.authorizationUrl(newStart());
    expect(url.pathname).toBe('/authorize');

    // Cached: a discovery outage no longer matters.
    provider.discoveryFailures = 5;
    await expect(lazy.authorizationUrl(newStart())).resolves.toBeInstanceOf(URL);
    expect(provider.discoveryFailures).toBe(5);
  });

  it('maps an unreachable issuer to a protocol error', async () => {
    const unreachable = makeAdapter({ timeoutSeconds: 2 }, 'http://127.0.0.1:9');
    await expectIdentificationError(unreachable.authorizationUrl(newStart()), 'protocol');
  });

  it('uses client_secret_post when the provider only supports it', async () => {
    const postOnly = await startFakeOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tokenEndpointAuthMethods: ['client_secret_post'],
    });
    try {
      const a = makeAdapter({}, postOnly.issuer);
      const start = newStart();
      const callbackUrl = await simulateUserAtAuthorizationEndpoint(await a.authorizationUrl(start));
      const person = await a.complete(callbackUrl, expectedOf(start));
      expect(person.identityCode).toBe(DEMO_IDENTITY_CODE);
      expect(postOnly.tokenRequests[0]!.authMethod).toBe('client_secret_post');
    } finally {
      await postOnly.close();
    }
  });

  it('rejects a wrong client secret as a protocol error', async () => {
    const wrong = makeAdapter({ clientSecret: 'nope' });
    const { start, callbackUrl } = await identify(wrong);
    const error = await expectIdentificationError(wrong.complete(callbackUrl, expectedOf(start)), 'protocol');
    expect(error.message).toContain('invalid_client');
  });
});

describe('readClaim', () => {
  it('reads literal dotted names first, then nested paths', () => {
    expect(readClaim({ a: { b: 'x' } }, 'a.b')).toBe('x');
    expect(readClaim({ 'a.b': 'literal', a: { b: 'x' } }, 'a.b')).toBe('literal');
    expect(readClaim({ a: 'x' }, 'a.b')).toBeUndefined();
  });
});
