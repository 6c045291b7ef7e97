/**
 * The session cookie (HTTP glue of `services/auth/session.server.ts`, which owns the session
 * rows): it holds only the random token, signed; the row is found under the token's SHA-256.
 * Also whether cookies are Secure (and `__Host-` prefixed), which every cookie of the portal
 * follows.
 */
import { createHmac } from 'node:crypto';
import { createCookie } from 'react-router';
import { env, isProductionDeployment, sessionSecret } from '~/env.server';
import { constantTimeEqual } from '~/lib/crypto.server';

/** Secure cookies (and the __Host- prefix) whenever the portal is served over https. */
export function secureCookies(): boolean {
  const origin = env().PUBLIC_ORIGIN;
  return isProductionDeployment() || (origin?.startsWith('https://') ?? false);
}

export const sessionCookie = createCookie(secureCookies() ? '__Host-portal_session' : 'portal_session', {
  httpOnly: true,
  sameSite: 'lax',
  secure: secureCookies(),
  path: '/',
  secrets: [sessionSecret()],
  // No max-age: a browser session cookie. The server-side timeouts decide the lifetime.
});

/**
 * The value of the cookie `name` in a Cookie header, as React Router's cookies read it (cookie-es):
 * the first cookie of that name, trimmed, unquoted and percent-decoded.
 */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    let value = pair.slice(equals + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The session token this browser presents, or null. The cookie is the one `sessionCookie` writes
 * (React Router's format: base64 of the JSON value, a dot, the unpadded base64 HMAC-SHA256 of it
 * under the session secret), verified here with one synchronous HMAC: React Router's own parse
 * imports the key and verifies through WebCrypto on every request, which cost more than the
 * session's database lookup (ADR 0010).
 */
export async function readSessionToken(request: Request): Promise<string | null> {
  const cookie = cookieValue(request.headers.get('Cookie'), sessionCookie.name);
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  if (dot < 0) return null;
  const data = cookie.slice(0, dot);
  const expected = createHmac('sha256', sessionSecret()).update(data).digest('base64').replace(/=+$/, '');
  if (!constantTimeEqual(cookie.slice(dot + 1), expected)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  return typeof value === 'string' && value.length > 20 ? value : null;
}

/** Set-Cookie header that stores a new session's token. */
export async function commitSessionCookie(token: string): Promise<string> {
  return sessionCookie.serialize(token);
}

/** Set-Cookie header that removes the session cookie. */
export async function clearSessionCookie(): Promise<string> {
  return sessionCookie.serialize('', { maxAge: 0 });
}
