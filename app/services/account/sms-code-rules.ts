/**
 * The rules of SMS codes (SMS login onboarding and SMS-code re-identification), pure so they
 * are unit-tested without a database (docs/decisions/0012-sms-login-and-re-identification.md).
 */

/** A code is valid this long after it was sent (≤ 10 minutes, issue 9). */
export const CODE_TTL_MS = 10 * 60_000;
/** Wrong tries one code survives; the fifth wrong try uses it up. */
export const MAX_WRONG_TRIES = 5;

export interface ChallengeState {
  expiresAt: Date;
  usedAt: Date | null;
  failedAttempts: number;
}

export type ChallengeStatus = 'open' | 'expired' | 'used' | 'locked';

/** Whether a code may still be tried. */
export function challengeStatus(challenge: ChallengeState, now: Date): ChallengeStatus {
  if (challenge.usedAt) return 'used';
  if (challenge.failedAttempts >= MAX_WRONG_TRIES) return 'locked';
  if (challenge.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/** After a wrong try: whether the code is now locked (too many wrong tries). */
export function lockedAfterWrongTry(failedAttemptsBefore: number): boolean {
  return failedAttemptsBefore + 1 >= MAX_WRONG_TRIES;
}

export interface SendLimit {
  /** How many codes may be sent… */
  max: number;
  /** …within this window. */
  windowMs: number;
}

/**
 * Whether another code may be sent, given when the earlier ones in the window were sent: null
 * when it may, otherwise the instant the oldest one leaves the window ("You can enable the SMS
 * login in {relative time}").
 */
export function nextAttemptAt(sentAt: readonly Date[], limit: SendLimit, now: Date): Date | null {
  const since = now.getTime() - limit.windowMs;
  const recent = sentAt
    .map((d) => d.getTime())
    .filter((t) => t > since)
    .sort((a, b) => a - b);
  if (recent.length < limit.max) return null;
  return new Date(recent[recent.length - limit.max]! + limit.windowMs);
}

export interface LapsedSession {
  reason: 'idle' | 'absolute' | 'revoked';
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/**
 * Whether a lapsed session may be resumed with an SMS code: only an idle timeout, within the
 * absolute limit, and not longer ago than `maxLapseMs`. Never after a log-out (revoked) or the
 * absolute limit — those need bank identification.
 */
export function mayResumeWithSms(session: LapsedSession, now: Date, maxLapseMs: number): boolean {
  if (session.reason !== 'idle') return false;
  if (session.absoluteExpiresAt.getTime() <= now.getTime()) return false;
  return now.getTime() - session.idleExpiresAt.getTime() <= maxLapseMs;
}
