/**
 * CSRF protection for every mutation:
 *  1. a same-origin check on the Origin header (when the browser sends one), and
 *  2. a token: the session's own token for logged-in users; for anonymous visitors the signed
 *     double-submit cookie of remix-utils' CSRF.
 * Forms carry the token in the `csrf` field (remix-utils AuthenticityTokenInput); JSON calls in
 * the `csrfToken` query parameter (as the spec's API) or an X-CSRF-Token header.
 */
import { createCookie } from 'react-router';
import { CSRF, CSRFError } from 'remix-utils/csrf/server';
import { sessionSecret } from '~/env.server';
import { constantTimeEqual } from '~/lib/crypto.server';
import { secureCookies } from '~/services/auth/session.server';

export const CSRF_FIELD = 'csrf';

const anonymousCookie = createCookie(secureCookies() ? '__Host-portal_csrf' : 'portal_csrf', {
  path: '/',
  httpOnly: true,
  secure: secureCookies(),
  sameSite: 'lax',
});

export const anonymousCsrf = new CSRF({ cookie: anonymousCookie, formDataKey: CSRF_FIELD, secret: sessionSecret() });

export class CsrfFailure extends Error {
  constructor(public readonly reason: string) {
    super(`CSRF check failed: ${reason}`);
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isMutation(request: Request): boolean {
  return MUTATING.has(request.method.toUpperCase());
}

async function providedToken(request: Request): Promise<string | null> {
  const header = request.headers.get('X-CSRF-Token');
  if (header) return header;
  const query = new URL(request.url).searchParams.get('csrfToken');
  if (query) return query;
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const value = (await request.clone().formData()).get(CSRF_FIELD);
    return typeof value === 'string' ? value : null;
  }
  return null;
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
  const form = new FormData();
  form.set(CSRF_FIELD, token);
  try {
    await anonymousCsrf.validate(form, request.headers);
  } catch (error) {
    throw new CsrfFailure(error instanceof CSRFError ? error.code : 'invalid');
  }
}
