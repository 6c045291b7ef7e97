import { describe, expect, it } from 'vitest';
import { deriveSigningKey, parseToken, signToken, verifyToken, type SignedClaims } from './signing.server';

const KEY = deriveSigningKey('a-session-secret-of-at-least-32-characters', true);
const NOW = new Date('2026-11-23T10:00:00.000Z');
const claims: SignedClaims = {
  action: 'put',
  objectId: '3f2b8a9e-1c4d-4e5f-8a6b-7c8d9e0f1a2b',
  userId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  contentType: 'image/jpeg',
  expiresAt: NOW.getTime() / 1000 + 120,
};
const expected = { userId: claims.userId, contentType: claims.contentType };

describe('signed file tokens', () => {
  it('verifies for the user, content type and time it was minted for', () => {
    const token = parseToken(signToken(KEY, claims))!;
    expect(token).toMatchObject({ objectId: claims.objectId, action: 'put', expiresAt: claims.expiresAt });
    expect(verifyToken(KEY, token, expected, NOW)).toEqual({ ok: true });
    expect(verifyToken(KEY, token, expected, new Date(NOW.getTime() + 119_000))).toEqual({ ok: true });
  });

  it('carries neither the user nor the content type', () => {
    const text = signToken(KEY, claims);
    expect(text).not.toContain(claims.userId);
    expect(text).not.toContain('jpeg');
  });

  it('expires after 120 s', () => {
    const token = parseToken(signToken(KEY, claims))!;
    expect(verifyToken(KEY, token, expected, new Date(NOW.getTime() + 120_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('is bound to one user, one content type, one object, one action and one key', () => {
    const token = parseToken(signToken(KEY, claims))!;
    const other = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
    expect(verifyToken(KEY, token, { ...expected, userId: other }, NOW).ok).toBe(false);
    expect(verifyToken(KEY, token, { ...expected, contentType: 'image/png' }, NOW).ok).toBe(false);
    expect(verifyToken(KEY, { ...token, objectId: other }, expected, NOW).ok).toBe(false);
    expect(verifyToken(KEY, { ...token, action: 'get' }, expected, NOW).ok).toBe(false);
    const otherKey = deriveSigningKey('another-session-secret-of-32-characters!', true);
    expect(verifyToken(otherKey, token, expected, NOW).ok).toBe(false);
  });

  it('cannot be extended by editing the expiry', () => {
    const token = parseToken(signToken(KEY, claims))!;
    expect(verifyToken(KEY, { ...token, expiresAt: token.expiresAt + 3600 }, expected, NOW)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('is not parsed when malformed', () => {
    const good = signToken(KEY, claims);
    for (const bad of [
      '',
      null,
      undefined,
      'x',
      good.replace('.put.', '.delete.'),
      good.replace(claims.objectId, 'not-a-uuid'),
      `${good}.extra`,
      good.slice(0, -1),
      'a'.repeat(300),
    ]) {
      expect(parseToken(bad)).toBeNull();
    }
  });

  it('uses STORAGE_SIGNING_SECRET as given, and derives a distinct key from the session secret', () => {
    const secret = 'x'.repeat(40);
    expect(deriveSigningKey(secret, false).equals(Buffer.from(secret))).toBe(true);
    expect(deriveSigningKey(secret, true).equals(Buffer.from(secret))).toBe(false);
    expect(deriveSigningKey(secret, true)).toHaveLength(32);
  });
});
