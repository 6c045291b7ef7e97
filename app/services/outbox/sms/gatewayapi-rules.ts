/**
 * GatewayAPI's answers to `POST /rest/mtsms`, read into what the outbox does next (ADR 0030):
 * sent (with the message id), retry later, or never retry. Pure, so that every status and
 * error code the provider documents is a unit test.
 *
 * The provider's documentation (gatewayapi.com/docs/rest.html, the "REST API" page; source
 * github.com/onlinecity/gatewayapi-docs, docs/rest.rst and docs/errors.rst):
 * - 200 with `{"ids": [421332671], "usage": {…}}`: accepted, one id per recipient;
 * - 400 invalid arguments, 401 invalid API key or signature, 403 unauthorised IP address,
 *   422 invalid JSON body, 500 an exception on their side; the body is
 *   `{"code": "0x0213", "incident_uuid": "…", "message": "Unauthorized IP-address: %1",
 *   "variables": ["1.2.3.4"]}` (`code` and `variables` left out when empty);
 * - error codes are 16-bit hex; the low byte 00–0F means the same in every group: 05 shutting
 *   down, 06 insufficient resources, 09 resource temporarily unavailable (EAGAIN).
 *
 * The provider's `message` and `variables` are never kept: they may quote the recipient's
 * number (0x0214, 0x0215, 0x0310). A reason is the HTTP status and the code only.
 */

export type GatewayApiOutcome = { kind: 'sent'; providerId: string } | { kind: 'temporary'; reason: string } | { kind: 'permanent'; reason: string };

/**
 * API error codes that another try can get past, though they come with a 4xx status:
 * a temporary blacklisting of the number, credit to be topped up, and the replay protection
 * of OAuth (an expired timestamp or a used nonce: the next try has a new one of each).
 */
export const TEMPORARY_CODES: Readonly<Record<string, string>> = {
  '0x0214': 'temporary blacklist for the number',
  '0x0216': 'insufficient credit',
  '0x0225': 'expired timestamp',
  '0x0226': 'invalid or used nonce',
};

/** The low byte of a code that means "try again later" in every group (errors.rst, "General"). */
const TEMPORARY_LOW_BYTES = new Set([0x05, 0x06, 0x09]);

/** The provider's error code from an answer body, when it has a well-formed one. */
export function errorCode(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' && /^0x[0-9a-f]{4}$/i.test(code) ? `0x${code.slice(2).toUpperCase()}` : null;
}

function isTemporaryCode(code: string | null): boolean {
  if (code === null) return false;
  return code in TEMPORARY_CODES || TEMPORARY_LOW_BYTES.has(Number.parseInt(code.slice(4), 16));
}

/** What an HTTP answer (status and parsed JSON body, or null) means for the message. */
export function gatewayApiOutcome(status: number, body: unknown): GatewayApiOutcome {
  const code = errorCode(body);
  const reason = `HTTP ${status}${code ? ` ${code}` : ''}`;
  if (status >= 200 && status < 300) {
    const ids = typeof body === 'object' && body !== null ? (body as { ids?: unknown }).ids : undefined;
    const id = Array.isArray(ids) ? ids[0] : undefined;
    if ((typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && /^\d+$/.test(id))) {
      return { kind: 'sent', providerId: String(id) };
    }
    // Accepted without an id: the message may be on its way, so it is not sent again.
    return { kind: 'permanent', reason: `${reason} without a message id` };
  }
  // Overloaded or failing on their side, or a limit on ours: try again later.
  if (status === 408 || status === 425 || status === 429 || status >= 500) return { kind: 'temporary', reason };
  if (status >= 400 && isTemporaryCode(code)) return { kind: 'temporary', reason };
  // Invalid arguments or number, credentials, signature, IP address, body; and redirects (a
  // wrong URL is configuration, not chance).
  return { kind: 'permanent', reason };
}
