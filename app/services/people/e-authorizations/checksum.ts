/**
 * The Suomi.fi e-Authorizations Web API's request authentication (ADR 0050): every API-key call
 * carries `X-AsiointivaltuudetAuthorization: <client id> <timestamp> <checksum>`, where the
 * timestamp is ISO 8601 and the checksum is the Base64 of HMAC-SHA256, keyed with the API key,
 * over the request path (everything after the host: path and query) and the timestamp, joined by
 * one space. The service refuses a timestamp more than five minutes from its own clock. Both
 * sides use this module: the adapter to sign, the built-in test service to check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const AUTHORIZATION_HEADER = 'X-AsiointivaltuudetAuthorization';
/** The service's clock tolerance, either way. */
const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;

/** Base64(HMAC-SHA256(apiKey, `${path} ${timestamp}`)). */
export function checksum(pathAndQuery: string, timestamp: string, apiKey: string): string {
  return createHmac('sha256', apiKey).update(`${pathAndQuery} ${timestamp}`, 'utf8').digest('base64');
}

/** The header's value for one request. */
export function authorizationHeader(clientId: string, pathAndQuery: string, timestamp: string, apiKey: string): string {
  return `${clientId} ${timestamp} ${checksum(pathAndQuery, timestamp, apiKey)}`;
}

export type HeaderCheck = { ok: true; clientId: string } | { ok: false; reason: 'missing' | 'malformed' | 'unknownClient' | 'checksum' | 'timestamp' };

// ISO 8601 date and time with an offset (Z or ±hh:mm), seconds and fractions optional.
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The service's side: the header names a known client, its checksum is that client's key's over
 * this path and the header's timestamp, and the timestamp is within the tolerance of `nowMs`.
 */
export function checkAuthorizationHeader(
  value: string | null,
  pathAndQuery: string,
  keyOf: (clientId: string) => string | undefined,
  nowMs: number,
): HeaderCheck {
  if (!value) return { ok: false, reason: 'missing' };
  const parts = value.split(' ');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [clientId, timestamp, given] = parts as [string, string, string];
  if (!ISO_TIMESTAMP.test(timestamp) || Number.isNaN(Date.parse(timestamp))) return { ok: false, reason: 'malformed' };
  const apiKey = keyOf(clientId);
  if (apiKey === undefined) return { ok: false, reason: 'unknownClient' };
  const expected = Buffer.from(checksum(pathAndQuery, timestamp, apiKey));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'checksum' };
  if (Math.abs(Date.parse(timestamp) - nowMs) > TIMESTAMP_TOLERANCE_MS) return { ok: false, reason: 'timestamp' };
  return { ok: true, clientId };
}
