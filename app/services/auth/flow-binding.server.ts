/**
 * Binding a redirect flow to the browser that started it (login CSRF, RFC 9700 §4.7).
 *
 * A flow that sends the browser to another party and expects it back (strong identification,
 * SMS-code re-identification, the payment provider's return and the insurer's permit return)
 * stores the SHA-256 of a random value that only the starting browser holds, in an HttpOnly
 * cookie (`~/lib/http/flow-binding.server`). The return completes the flow only when the
 * cookie's value hashes to the stored one. A link captured from someone else's flow is then
 * useless in another browser.
 */
import { constantTimeEqual, sha256 } from '~/lib/crypto.server';

/** True when the browser's binding value belongs to the flow that stored `bindingHash`. */
export function flowBindingMatches(binding: string | null, bindingHash: string): boolean {
  return binding !== null && constantTimeEqual(sha256(binding), bindingHash);
}
