/**
 * OAuth 1.0a request signing with HMAC-SHA1 (RFC 5849 §3), as GatewayAPI asks for it: the
 * "two-legged" variant, with no token (its secret the empty string). Written out here rather
 * than taken from a library because it is short, and so that every step is checked against the
 * RFC's own examples (oauth1.server.test.ts).
 *
 * - Percent-encoding (§3.6): every byte of the UTF-8 form except the unreserved
 *   `A–Z a–z 0–9 - . _ ~` as `%XX` with upper-case hex.
 * - Base string URI (§3.4.1.2): scheme and host lower-case, the port only when it is not the
 *   scheme's default, the path; no query, no fragment.
 * - Parameters (§3.4.1.3): the query's, the `oauth_*` protocol parameters (not the signature),
 *   and those of an `application/x-www-form-urlencoded` body; a JSON body is not a parameter
 *   source. Each name and value encoded, sorted by name then value, joined `name=value` by `&`.
 * - Base string (§3.4.1.1): `METHOD&enc(base URI)&enc(parameters)`.
 * - Signature (§3.4.2): base64 HMAC-SHA1 of the base string, keyed `enc(client secret)&enc(token
 *   secret)`.
 * - Authorization header (§3.5.1): `OAuth name="enc(value)", …`.
 */
import { createHmac, randomBytes } from 'node:crypto';

export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The base string URI of §3.4.1.2. */
export function baseStringUri(url: URL): string {
  const scheme = url.protocol.toLowerCase();
  // URL drops a default port already; an explicit non-default one stays.
  const host = url.port ? `${url.hostname.toLowerCase()}:${url.port}` : url.hostname.toLowerCase();
  return `${scheme}//${host}${url.pathname}`;
}

/** The normalised parameters of §3.4.1.3.2. */
function normalizeParameters(params: readonly (readonly [string, string])[]): string {
  return params
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/**
 * The signature base string of a request: its method, its URL (whose query parameters count)
 * and the other parameters (the protocol parameters and those of a form-encoded body).
 */
export function signatureBaseString(method: string, url: URL, params: readonly (readonly [string, string])[]): string {
  const query = [...url.searchParams.entries()];
  return [method.toUpperCase(), percentEncode(baseStringUri(url)), percentEncode(normalizeParameters([...query, ...params]))].join('&');
}

export function hmacSha1Signature(baseString: string, clientSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', `${percentEncode(clientSecret)}&${percentEncode(tokenSecret)}`)
    .update(baseString, 'utf8')
    .digest('base64');
}

export interface OAuth1Request {
  method: string;
  url: URL;
  consumerKey: string;
  consumerSecret: string;
  token?: { key: string; secret: string };
  /** Seconds since the epoch, by the wall clock: the server checks it against its own. */
  timestamp: number;
  /** Unique per request; a random one when not given. */
  nonce?: string;
  /** Parameters of a form-encoded body (none for JSON). */
  bodyParams?: readonly (readonly [string, string])[];
}

/** The protocol parameters of a request, `oauth_signature` included, in header order. */
export function oauth1Parameters(request: OAuth1Request): [string, string][] {
  const protocol: [string, string][] = [
    ['oauth_consumer_key', request.consumerKey],
    ['oauth_nonce', request.nonce ?? randomBytes(16).toString('hex')],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(request.timestamp)],
    ...(request.token ? [['oauth_token', request.token.key] as [string, string]] : []),
    ['oauth_version', '1.0'],
  ];
  const base = signatureBaseString(request.method, request.url, [...protocol, ...(request.bodyParams ?? [])]);
  const signature = hmacSha1Signature(base, request.consumerSecret, request.token?.secret ?? '');
  return [...protocol, ['oauth_signature', signature]];
}

/** The `Authorization: OAuth …` header value of §3.5.1 for the parameters. */
export function authorizationHeader(params: readonly (readonly [string, string])[]): string {
  return `OAuth ${params.map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`).join(', ')}`;
}
