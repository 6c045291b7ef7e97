import { describe, expect, it } from 'vitest';
import { sessionEnd } from './session.server';

const now = new Date('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const live = { revokedAt: null, idleExpiresAt: at(60_000), absoluteExpiresAt: at(3_600_000) };

describe('sessionEnd', () => {
  it('is null while both limits are ahead and the session is not revoked', () => {
    expect(sessionEnd(live, now)).toBeNull();
  });

  it('ends a session at each limit itself, revocation first, then the absolute limit', () => {
    expect(sessionEnd({ ...live, idleExpiresAt: now }, now)).toBe('idle');
    expect(sessionEnd({ ...live, absoluteExpiresAt: now }, now)).toBe('absolute');
    expect(sessionEnd({ ...live, idleExpiresAt: now, absoluteExpiresAt: now }, now)).toBe('absolute');
    expect(sessionEnd({ ...live, revokedAt: at(-1), idleExpiresAt: now }, now)).toBe('revoked');
  });
});
