/**
 * Signed file URLs: a token `<object id>.<action>.<expiry>.<mac>` where the MAC is an
 * HMAC-SHA256 over the action, the object, the user it was minted for, the content type and
 * the expiry. The user and the content type are not in the token (nothing personal in URLs):
 * the verifier supplies them from the session and the object's row, so a token works only for
 * the one user, the one object and the one content type it was minted for, and only until it
 * expires. See docs/decisions/0011-file-storage.md.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type SignedAction = 'put' | 'get';

export interface SignedClaims {
  action: SignedAction;
  objectId: string;
  userId: string;
  contentType: string;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
}

export interface ParsedToken {
  objectId: string;
  action: SignedAction;
  expiresAt: number;
  mac: string;
}

export type TokenCheck = { ok: true } | { ok: false; reason: 'expired' | 'signature' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

/** The signing key: STORAGE_SIGNING_SECRET as is, or derived from the session secret (HKDF). */
export function deriveSigningKey(secret: string, derived: boolean): Buffer {
  if (!derived) return Buffer.from(secret, 'utf8');
  return Buffer.from(hkdfSync('sha256', secret, 'patient-portal', 'stored-object-url-v1', 32));
}

function mac(key: Buffer, claims: SignedClaims): string {
  const message = ['v1', claims.action, claims.objectId, claims.userId, claims.contentType, claims.expiresAt].join('\n');
  return createHmac('sha256', key).update(message).digest('base64url');
}

export function signToken(key: Buffer, claims: SignedClaims): string {
  return `${claims.objectId}.${claims.action}.${claims.expiresAt}.${mac(key, claims)}`;
}

/** The token's parts, or null when it is not a token at all. */
export function parseToken(token: string | undefined | null): ParsedToken | null {
  if (!token || token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [objectId, action, expiry, signature] = parts as [string, string, string, string];
  if (!UUID.test(objectId) || (action !== 'put' && action !== 'get')) return null;
  if (!/^\d{1,12}$/.test(expiry) || !MAC.test(signature)) return null;
  return { objectId, action, expiresAt: Number(expiry), mac: signature };
}

/** Checks a parsed token against the user and content type it must be bound to. */
export function verifyToken(key: Buffer, token: ParsedToken, expected: { userId: string; contentType: string }, now: Date): TokenCheck {
  const wanted = mac(key, { ...expected, action: token.action, objectId: token.objectId, expiresAt: token.expiresAt });
  const given = Buffer.from(token.mac);
  const right = Buffer.from(wanted);
  if (given.length !== right.length || !timingSafeEqual(given, right)) return { ok: false, reason: 'signature' };
  if (token.expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true };
}
