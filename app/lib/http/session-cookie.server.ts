/**
 * The session cookie (HTTP glue of `services/auth/session.server.ts`, which owns the session
 * rows): it holds only the random token, signed; the row is found under the token's SHA-256.
 * Also whether cookies are Secure (and `__Host-` prefixed), which every cookie of the portal
 * follows.
 */
import { createCookie } from 'react-router';
import { env, isProductionDeployment, sessionSecret } from '~/env.server';

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

/** The session token this browser presents, or null. */
export async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get('Cookie'));
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
