/**
 * The flow-binding cookie (HTTP glue of `services/auth/flow-binding.server.ts`, which checks a
 * returning browser's value against the stored hash; RFC 9700 §4.7).
 *
 * A flow that sends the browser to another party and expects it back stores the SHA-256 of a
 * random value that only the starting browser holds, in this HttpOnly cookie. It is
 * SameSite=Lax: every flow returns by a top-level GET redirect (OIDC `response_mode=query`),
 * which carries Lax cookies. One value serves every flow a browser has open at once (two tabs),
 * so starting a second flow does not break the first; it lives as long as a flow may and is
 * cleared when a flow completes.
 */
import { createCookie } from 'react-router';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { FLOW_BINDING_TTL_SECONDS } from '~/models/auth/flow-binding';
import { secureCookies } from './session-cookie.server';

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

/** Set-Cookie header that removes the binding once a flow has completed. */
export function clearFlowBinding(): Promise<string> {
  return flowBindingCookie.serialize('', { maxAge: 0 });
}
