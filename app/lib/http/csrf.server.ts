/**
 * CSRF protection for every mutation:
 *  1. a same-origin check on the Origin header (when the browser sends one), and
 *  2. a token: the session's own token for logged-in users; for anonymous visitors a signed
 *     double-submit cookie: `<random token>.<HMAC-SHA256 of it under the session secret>`, and
 *     the form (or header) must carry the same value.
 * Forms carry the token in the `csrf` field (remix-utils AuthenticityTokenInput); JSON calls in
 * the `csrfToken` query parameter (as the spec's API) or an X-CSRF-Token header.
 *
 * The anonymous token used to come from remix-utils' CSRF class. Its "signature" is a plain
 * SHA-256 of the token (the secret is not used), and it draws the token one random byte at a
 * time, which made a first anonymous page view spend more on CSRF than on anything but
 * rendering (ADR 0010). This is the same double-submit scheme with a real HMAC and one
 * `randomBytes` call; a cookie that does not verify is replaced instead of being kept.
 */
import { createHmac } from 'node:crypto';
import { createCookie } from 'react-router';
import { env, sessionSecret } from '~/env.server';
import { constantTimeEqual, randomToken } from '~/lib/crypto.server';
import { findFormField } from './form-stream.server';
import { secureCookies } from './session-cookie.server';

const CSRF_FIELD = 'csrf';

const anonymousCookie = createCookie(secureCookies() ? '__Host-portal_csrf' : 'portal_csrf', {
  path: '/',
  httpOnly: true,
  secure: secureCookies(),
  sameSite: 'lax',
});

export class CsrfFailure extends Error {
  constructor(public readonly reason: string) {
    super(`CSRF check failed: ${reason}`);
  }
}

function signature(token: string): string {
  return createHmac('sha256', sessionSecret()).update(token).digest('base64url');
}

/** Whether a cookie value is a token with its valid signature. */
function isSignedToken(value: string): boolean {
  const dot = value.indexOf('.');
  return dot > 0 && constantTimeEqual(value.slice(dot + 1), signature(value.slice(0, dot)));
}

export const anonymousCsrf = {
  /** A new signed token (the value of the cookie and of the forms' field). */
  generate(): string {
    const token = randomToken();
    return `${token}.${signature(token)}`;
  },

  /**
   * The visitor's token and, when it is new, the Set-Cookie header that stores it. An existing
   * cookie is kept only when its signature verifies.
   */
  async commitToken(request: Request): Promise<[token: string, setCookie: string | null]> {
    const existing: unknown = await anonymousCookie.parse(request.headers.get('Cookie'));
    if (typeof existing === 'string' && isSignedToken(existing)) return [existing, null];
    const token = anonymousCsrf.generate();
    return [token, await anonymousCookie.serialize(token)];
  },

  /** Throws CsrfFailure unless the request's cookie holds a signed token equal to `provided`. */
  async validate(provided: string, request: Request): Promise<void> {
    const cookie: unknown = await anonymousCookie.parse(request.headers.get('Cookie'));
    if (cookie === null || cookie === undefined) throw new CsrfFailure('missing_token_in_cookie');
    if (typeof cookie !== 'string') throw new CsrfFailure('invalid_token_in_cookie');
    if (!isSignedToken(cookie)) throw new CsrfFailure('tampered_token_in_cookie');
    if (!constantTimeEqual(provided, cookie)) throw new CsrfFailure('mismatched_token');
  },
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isMutation(request: Request): boolean {
  return MUTATING.has(request.method.toUpperCase());
}

/**
 * The token the request carries: the header, the query or the form's field. The field is read
 * from a copy of the body as a stream, at most REQUEST_BODY_MAX_BYTES of it, stopping at the
 * field (the portal's forms carry it first, before any file), so an upload without a token is
 * refused after a few bytes of it; the body is never buffered whole.
 */
async function providedToken(request: Request): Promise<string | null> {
  const header = request.headers.get('X-CSRF-Token');
  if (header) return header;
  const query = new URL(request.url).searchParams.get('csrfToken');
  if (query) return query;
  return findFormField(request, CSRF_FIELD, env().REQUEST_BODY_MAX_BYTES);
}

/** Throws CsrfFailure unless the request is same-origin and carries the right token. */
export async function verifyCsrf(request: Request, expectedOrigin: string, sessionToken: string | null) {
  const origin = request.headers.get('Origin');
  if (origin && origin !== 'null' && origin !== expectedOrigin) throw new CsrfFailure('origin');
  if (origin === 'null') throw new CsrfFailure('origin');
  const token = await providedToken(request);
  if (!token) throw new CsrfFailure('missing token');
  if (sessionToken) {
    if (!constantTimeEqual(token, sessionToken)) throw new CsrfFailure('mismatched session token');
    return;
  }
  await anonymousCsrf.validate(token, request);
}
