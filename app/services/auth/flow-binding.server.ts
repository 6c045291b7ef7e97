/**
 * Binding a redirect flow to the browser that started it (login CSRF, RFC 9700 §4.7).
 *
 * A flow that sends the browser to another party and expects it back (strong identification
 * today; SMS-code re-identification, the payment provider's return and the insurer's permit
 * return as they are built) stores the SHA-256 of a random value that only the starting browser
 * holds, in an HttpOnly cookie. The return completes the flow only when the cookie's value hashes
 * to the stored one. A link captured from someone else's flow is then useless in another browser.
 *
 * The cookie is SameSite=Lax: every flow returns by a top-level GET redirect (OIDC
 * `response_mode=query`), which carries Lax cookies. One value serves every flow a browser has
 * open at once (two tabs), so starting a second flow does not break the first; it lives as long
 * as a flow may and is cleared when a flow completes.
 */
import { createCookie } from 'react-router';
import { constantTimeEqual, randomToken, sha256 } from '~/lib/crypto.server';
import { secureCookies } from './session.server';

/** How long a started flow may take (identification flows expire at the same time). */
export const FLOW_BINDING_TTL_SECONDS = 10 * 60;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const flowBindingCookie = createCookie(secureCookies() ? '__Host-portal_flow' : 'portal_flow', {
  httpOnly: true,
  sameSite: 'lax',
  secure: secureCookies(),
  path: '/',
  maxAge: FLOW_BINDING_TTL_SECONDS,
});

/** The binding value this browser presents, or null when it has none (or a malformed one). */
export async function readFlowBinding(request: Request): Promise<string | null> {
  const value: unknown = await flowBindingCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && TOKEN_PATTERN.test(value) ? value : null;
}

/**
 * Binds a new flow to this browser: the hash to store with the flow, and the Set-Cookie header
 * the response that sends the browser away must carry. Reuses the browser's current value.
 */
export async function bindFlowToBrowser(request: Request): Promise<{ bindingHash: string; setCookie: string }> {
  const binding = (await readFlowBinding(request)) ?? randomToken();
  return { bindingHash: sha256(binding), setCookie: await flowBindingCookie.serialize(binding) };
}

/** True when the browser's binding value belongs to the flow that stored `bindingHash`. */
export function flowBindingMatches(binding: string | null, bindingHash: string): boolean {
  return binding !== null && constantTimeEqual(sha256(binding), bindingHash);
}

/** Set-Cookie header that removes the binding once a flow has completed. */
export function clearFlowBinding(): Promise<string> {
  return flowBindingCookie.serialize('', { maxAge: 0 });
}
