/**
 * SMART Backend Services authorisation (ADR 0051): the portal is a confidential backend client of
 * the practice system. It proves itself with a short-lived JWT signed with its private key (ES384,
 * `client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer`) and gets a
 * bearer token by the OAuth 2.0 client-credentials grant. The same module checks such an
 * assertion for the local FHIR server (local-fhir-server.ts), so both sides of the protocol are
 * one piece of code tested against each other over HTTP.
 *
 * Pure of the database and of the environment parser; the clock is passed in.
 */
import { createPrivateKey, randomUUID, sign, verify, type KeyObject } from 'node:crypto';

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** SMART Backend Services: an assertion lives at most five minutes. */
const MAX_ASSERTION_SECONDS = 300;

function b64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** A PEM from the environment, where line breaks may be written as `\n`. */
export function pemFromEnv(value: string): string {
  return value.includes('\\n') ? value.replaceAll('\\n', '\n') : value;
}

export function privateKeyOf(pem: string): KeyObject {
  const key = createPrivateKey(pemFromEnv(pem));
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'secp384r1') {
    throw new Error('the FHIR client key must be an EC P-384 private key (ES384)');
  }
  return key;
}

export interface AssertionInput {
  clientId: string;
  /** The token endpoint's URL: the assertion's audience. */
  tokenUrl: string;
  key: KeyObject;
  keyId?: string;
  now: Date;
}

/** The signed client assertion (iss = sub = client id, aud = token URL, exp ≤ 5 min, a fresh jti). */
export function clientAssertion(input: AssertionInput): string {
  const iat = Math.floor(input.now.getTime() / 1000);
  const header = { alg: 'ES384', typ: 'JWT', ...(input.keyId ? { kid: input.keyId } : {}) };
  const claims = { iss: input.clientId, sub: input.clientId, aud: input.tokenUrl, iat, exp: iat + MAX_ASSERTION_SECONDS, jti: randomUUID() };
  const signingInput = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const signature = sign('sha384', Buffer.from(signingInput), { key: input.key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${b64url(signature)}`;
}

export type AssertionProblem = 'malformed' | 'algorithm' | 'unknownClient' | 'signature' | 'audience' | 'expired' | 'lifetime' | 'replayed';

export interface AssertionCheck {
  /** The registered clients' public keys by client id. */
  publicKeys: ReadonlyMap<string, KeyObject>;
  tokenUrl: string;
  now: Date;
  /** Whether this jti was seen before (and remembers it); replays are refused. */
  seenJti: (clientId: string, jti: string, expiresAt: number) => boolean;
}

/** Checks a client assertion as the authorisation server does: the client id it proves, or why not. */
export function checkClientAssertion(jwt: string, check: AssertionCheck): { ok: true; clientId: string } | { ok: false; problem: AssertionProblem } {
  const parts = jwt.split('.');
  if (parts.length !== 3) return { ok: false, problem: 'malformed' };
  let header: { alg?: unknown };
  let claims: { iss?: unknown; sub?: unknown; aud?: unknown; exp?: unknown; jti?: unknown };
  try {
    header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (header.alg !== 'ES384') return { ok: false, problem: 'algorithm' };
  if (typeof claims.iss !== 'string' || claims.iss !== claims.sub) return { ok: false, problem: 'unknownClient' };
  const key = check.publicKeys.get(claims.iss);
  if (!key) return { ok: false, problem: 'unknownClient' };
  const valid = verify('sha384', Buffer.from(`${parts[0]}.${parts[1]}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(parts[2]!, 'base64url'));
  if (!valid) return { ok: false, problem: 'signature' };
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(check.tokenUrl)) return { ok: false, problem: 'audience' };
  const nowSeconds = Math.floor(check.now.getTime() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return { ok: false, problem: 'expired' };
  if (claims.exp > nowSeconds + MAX_ASSERTION_SECONDS) return { ok: false, problem: 'lifetime' };
  if (typeof claims.jti !== 'string' || !claims.jti) return { ok: false, problem: 'malformed' };
  if (check.seenJti(claims.iss, claims.jti, claims.exp)) return { ok: false, problem: 'replayed' };
  return { ok: true, clientId: claims.iss };
}
