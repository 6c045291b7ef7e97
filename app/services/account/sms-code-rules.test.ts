import { describe, expect, it } from 'vitest';
import { challengeStatus, CODE_TTL_MS, lockedAfterWrongTry, MAX_WRONG_TRIES, mayResumeWithSms, nextAttemptAt } from './sms-code-rules';

const now = new Date('2026-03-02T10:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('challengeStatus', () => {
  it('is open until it expires, then expired', () => {
    const c = { expiresAt: at(CODE_TTL_MS), usedAt: null, failedAttempts: 0 };
    expect(challengeStatus(c, now)).toBe('open');
    expect(challengeStatus(c, at(CODE_TTL_MS - 1))).toBe('open');
    expect(challengeStatus(c, at(CODE_TTL_MS))).toBe('expired');
  });
  it('is used once used, and locked after five wrong tries', () => {
    expect(challengeStatus({ expiresAt: at(60_000), usedAt: now, failedAttempts: 0 }, now)).toBe('used');
    expect(challengeStatus({ expiresAt: at(60_000), usedAt: null, failedAttempts: 4 }, now)).toBe('open');
    expect(challengeStatus({ expiresAt: at(60_000), usedAt: null, failedAttempts: 5 }, now)).toBe('locked');
  });
  it('expires within ten minutes', () => {
    expect(CODE_TTL_MS).toBeLessThanOrEqual(10 * 60_000);
  });
});

describe('lockedAfterWrongTry', () => {
  it('locks on the fifth wrong try, not before', () => {
    expect(MAX_WRONG_TRIES).toBe(5);
    expect([0, 1, 2, 3].map(lockedAfterWrongTry)).toEqual([false, false, false, false]);
    expect(lockedAfterWrongTry(3)).toBe(false);
    expect(lockedAfterWrongTry(4)).toBe(true);
  });
});

describe('nextAttemptAt', () => {
  const limit = { max: 3, windowMs: 3_600_000 };
  it('allows sending below the limit', () => {
    expect(nextAttemptAt([], limit, now)).toBeNull();
    expect(nextAttemptAt([at(-10_000), at(-20_000)], limit, now)).toBeNull();
  });
  it('names when the oldest code in the window leaves it', () => {
    expect(nextAttemptAt([at(-10_000), at(-30 * 60_000), at(-20_000)], limit, now)).toEqual(at(30 * 60_000));
  });
  it('ignores codes outside the window', () => {
    expect(nextAttemptAt([at(-2 * 3_600_000), at(-10_000), at(-20_000)], limit, now)).toBeNull();
  });
});

describe('mayResumeWithSms', () => {
  const base = { idleExpiresAt: at(-60_000), absoluteExpiresAt: at(3_600_000) };
  it('resumes an idle timeout within the absolute limit and the lapse window', () => {
    expect(mayResumeWithSms({ ...base, reason: 'idle' }, now, 3_600_000)).toBe(true);
  });
  it('never after a log-out or the absolute limit', () => {
    expect(mayResumeWithSms({ ...base, reason: 'revoked' }, now, 3_600_000)).toBe(false);
    expect(mayResumeWithSms({ ...base, reason: 'absolute' }, now, 3_600_000)).toBe(false);
    expect(mayResumeWithSms({ reason: 'idle', idleExpiresAt: at(-60_000), absoluteExpiresAt: now }, now, 3_600_000)).toBe(false);
  });
  it('not after a longer lapse than allowed', () => {
    expect(mayResumeWithSms({ ...base, reason: 'idle' }, now, 59_000)).toBe(false);
  });
});
