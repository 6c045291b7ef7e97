/**
 * The Paytrail Payment API's HMAC (docs.paytrail.com, "Authentication"): HMAC-SHA256 (or
 * SHA512) over the `checkout-*` headers (or query parameters of a redirect/callback) sorted
 * alphabetically as `key:value` lines, then one more line with the body (the empty string for
 * GET requests and for redirect and callback parameters), joined by "\n"; hex encoded.
 * The same function signs our requests and verifies the provider's answers, redirects and
 * callbacks (and the built-in test provider's, which uses it the other way round).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type PaytrailAlgorithm = 'sha256' | 'sha512';

/** The `checkout-*` entries of headers or query parameters, keys lower-cased. */
export function checkoutParams(entries: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of entries) {
    const lower = key.toLowerCase();
    if (lower.startsWith('checkout-')) out[lower] = value;
  }
  return out;
}

/** The signed string: sorted `key:value` lines of the checkout-* params, then the body. */
export function signaturePayload(params: Record<string, string>, body: string): string {
  const checkout = checkoutParams(Object.entries(params));
  const lines = Object.keys(checkout)
    .sort()
    .map((key) => `${key}:${checkout[key]}`);
  return [...lines, body].join('\n');
}

export function calculateHmac(secret: string, params: Record<string, string>, body = '', algorithm: PaytrailAlgorithm = 'sha256'): string {
  return createHmac(algorithm, secret).update(signaturePayload(params, body)).digest('hex');
}

/**
 * True when `signature` is the HMAC of the params and body under `secret`, with the algorithm
 * the params name (`checkout-algorithm`, sha256 or sha512; anything else fails). Constant time.
 */
export function verifyHmac(secret: string, params: Record<string, string>, body: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-f]+$/i.test(signature)) return false;
  const algorithm = checkoutParams(Object.entries(params))['checkout-algorithm'];
  if (algorithm !== 'sha256' && algorithm !== 'sha512') return false;
  const expected = Buffer.from(calculateHmac(secret, params, body, algorithm), 'hex');
  const given = Buffer.from(signature.toLowerCase(), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
