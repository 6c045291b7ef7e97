/**
 * The per-person limit of messages as a service answers it, pure: a refusal
 * `{ ok: false, reason: 'too-many', retryAfterSeconds }` (an HR user's service counts their
 * messages itself, ADR 0042). The send action (app/lib/http/messaging-form.server.ts) answers it
 * as it answers a customer over the limit: 429 with Retry-After and the form kept.
 */

/** Over the per-person limit of messages: nothing is stored; the form may be sent again after `retryAfterSeconds`. */
export interface TooManyMessages {
  ok: false;
  reason: 'too-many';
  retryAfterSeconds: number;
}

/** Whether a service's answer to a message is the refusal over the per-person limit of messages. */
export function isTooManyMessages(sent: { ok: boolean }): sent is TooManyMessages {
  if (sent.ok) return false;
  const refusal = sent as { reason?: unknown; retryAfterSeconds?: unknown };
  return refusal.reason === 'too-many' && typeof refusal.retryAfterSeconds === 'number';
}
