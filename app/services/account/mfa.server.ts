/**
 * SMS login (spec 2 §3 "MFA status types", §4 "SMS login toggle", §7 /api/mfa*, /api/pin) and
 * SMS-code re-identification of a lapsed session
 * (docs/decisions/0012-sms-login-and-re-identification.md).
 *
 * Codes are four random digits, sent through the outbox, kept only as an HMAC, single-use,
 * valid 10 minutes and used up by the fifth wrong try; sending is limited per person and per
 * client address. Codes and phone numbers are never logged. A session resumed with a code
 * (identity provider `sms-code`) may not change SMS login: that needs bank identification.
 */
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { mfaDevices, persons, sessions, smsChallenges } from '~db/schema';
import { env, sessionSecret } from '~/env.server';
import { constantTimeEqual } from '~/lib/crypto.server';
import { normalizeFinnishPhone } from '~/models/contact';
import type { Features } from '~/models/features';
import type { Language } from '~/i18n/config';
import { logAccess } from '~/services/audit/access-log.server';
import { resumeSession, revokeSession, SMS_CODE_PROVIDER, type SessionRow } from '~/services/auth/session.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { deliverAfterCommit, enqueueMessage, type OutboxRow } from '~/services/outbox/outbox.server';
import { hitRateLimit } from '~/services/security/rate-limit.server';
import { clock } from '~/lib/clock.server';
import { challengeStatus, CODE_TTL_MS, lockedAfterWrongTry, mayResumeWithSms, nextAttemptAt } from './sms-code-rules';

const MFA_RESOURCE = 'person:sms-login';

/** spec 2 §3 "MFA status types". */
export type MfaStatus =
  | { type: 'environment-has-mfa-disabled' }
  | { type: 'user-has-no-verified-mfa-device' }
  | { type: 'user-wants-to-enable-mfa'; phone: string; expiresAt: string }
  | { type: 'too-many-onboarding-attempts'; nextAttempt: string }
  | { type: 'enabled'; verifiedPhoneNumber: string };

/** spec 2 §7 PUT /api/mfa-onboarding. */
export type OnboardingAnswer = { type: 'mfa-ok' } | { type: 'mfa-challenge-failed' } | { type: 'too-many-mfa-attempts' };

export type StartOnboardingResult =
  | { type: 'code-sent'; expiresAt: Date }
  | { type: 'too-many-onboarding-attempts'; nextAttempt: Date }
  | { type: 'invalid-phone' }
  | { type: 'needs-bank-identification' }
  | { type: 'environment-has-mfa-disabled' };

/** The SMS with the code in it: its text (from the i18n resources) and the language it is in. */
export interface CodeMessage {
  language: Language;
  text: (code: string) => string;
}

function codeHash(challengeId: string, code: string): string {
  return createHmac('sha256', sessionSecret()).update(`sms-code:${challengeId}:${code}`).digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

function onboardingLimit() {
  const e = env();
  return { max: e.MFA_ONBOARDING_MAX_CODES, windowMs: e.MFA_ONBOARDING_WINDOW_MINUTES * 60_000 };
}

async function recentChallenges(db: Db, personId: string, purpose: 'onboarding' | 'reauth', since: Date) {
  return db
    .select()
    .from(smsChallenges)
    .where(and(eq(smsChallenges.personId, personId), eq(smsChallenges.purpose, purpose), gt(smsChallenges.createdAt, since)))
    .orderBy(desc(smsChallenges.createdAt));
}

/** Inserts a challenge with a fresh code and puts the SMS in the outbox, in one transaction. */
async function sendChallenge(
  db: Db,
  input: { personId: string; purpose: 'onboarding' | 'reauth'; phone: string; sessionIdHash?: string; bindingHash?: string },
  message: CodeMessage,
  now: Date,
): Promise<Date> {
  const code = newCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const sms = await withTransaction(db, async (t): Promise<OutboxRow> => {
    const id = randomUUID();
    await t.insert(smsChallenges).values({
      id,
      personId: input.personId,
      purpose: input.purpose,
      codeHash: codeHash(id, code),
      phone: input.phone,
      sessionIdHash: input.sessionIdHash ?? null,
      bindingHash: input.bindingHash ?? null,
      expiresAt,
      createdAt: now,
    });
    return enqueueMessage(t, {
      channel: 'sms',
      kind: 'loginCode',
      brand: env().BRAND,
      language: message.language,
      recipient: input.phone,
      body: message.text(code),
    });
  });
  // A code is awaited by someone at the screen: handed to delivery as soon as it is committed.
  await deliverAfterCommit([sms]);
  return expiresAt;
}

type ChallengeRow = typeof smsChallenges.$inferSelect;

/**
 * Checks a code against a challenge: a wrong code counts a try (the fifth locks the code), a
 * right one uses it. Concurrent tries are serialised by the row lock.
 */
async function tryCode(
  t: Db,
  challengeId: string,
  code: string,
  now: Date,
): Promise<{ type: 'ok'; row: ChallengeRow } | { type: 'wrong' } | { type: 'locked' } | { type: 'expired' }> {
  const [row] = await t.select().from(smsChallenges).where(eq(smsChallenges.id, challengeId)).for('update');
  if (!row) return { type: 'expired' };
  const status = challengeStatus(row, now);
  if (status === 'locked') return { type: 'locked' };
  if (status !== 'open') return { type: 'expired' };
  if (/^\d{4}$/.test(code) && constantTimeEqual(codeHash(row.id, code), row.codeHash)) {
    await t.update(smsChallenges).set({ usedAt: now }).where(eq(smsChallenges.id, row.id));
    return { type: 'ok', row };
  }
  await t
    .update(smsChallenges)
    .set({ failedAttempts: row.failedAttempts + 1 })
    .where(eq(smsChallenges.id, row.id));
  return lockedAfterWrongTry(row.failedAttempts) ? { type: 'locked' } : { type: 'wrong' };
}

// ---------------------------------------------------------------------------------------------
// SMS login (onboarding)

/** The person's SMS login status (spec 2 §3). */
export async function mfaStatus(db: Db, personId: string, features: Features, now = clock.now()): Promise<MfaStatus> {
  if (!features.mfa) return { type: 'environment-has-mfa-disabled' };
  const [device] = await db.select().from(mfaDevices).where(eq(mfaDevices.personId, personId)).limit(1);
  if (device) return { type: 'enabled', verifiedPhoneNumber: device.verifiedPhone };
  const limit = onboardingLimit();
  const recent = await recentChallenges(db, personId, 'onboarding', new Date(now.getTime() - limit.windowMs));
  const open = recent.find((c) => challengeStatus(c, now) === 'open');
  if (open) return { type: 'user-wants-to-enable-mfa', phone: open.phone, expiresAt: open.expiresAt.toISOString() };
  const next = nextAttemptAt(
    recent.map((c) => c.createdAt),
    limit,
    now,
  );
  if (next) return { type: 'too-many-onboarding-attempts', nextAttempt: next.toISOString() };
  return { type: 'user-has-no-verified-mfa-device' };
}

/** A session resumed with an SMS code may not change SMS login (bank identification needed). */
export function mayChangeMfa(session: Pick<SessionRow, 'identityProvider'>): boolean {
  return session.identityProvider !== SMS_CODE_PROVIDER;
}

/** Starts enabling SMS login: sends a code to `phone` at once (POST /api/mfa-onboarding). */
export async function startOnboarding(
  db: Db,
  auth: { person: { id: string }; session: Pick<SessionRow, 'identityProvider'>; features: Features },
  input: { phone: unknown; clientIp: string },
  message: CodeMessage,
  now = clock.now(),
): Promise<StartOnboardingResult> {
  if (!auth.features.mfa) return { type: 'environment-has-mfa-disabled' };
  if (!mayChangeMfa(auth.session)) return { type: 'needs-bank-identification' };
  const phone = typeof input.phone === 'string' ? normalizeFinnishPhone(input.phone) : null;
  if (!phone) return { type: 'invalid-phone' };
  const limit = onboardingLimit();
  const recent = await recentChallenges(db, auth.person.id, 'onboarding', new Date(now.getTime() - limit.windowMs));
  const next = nextAttemptAt(
    recent.map((c) => c.createdAt),
    limit,
    now,
  );
  if (next) return { type: 'too-many-onboarding-attempts', nextAttempt: next };
  const ip = await hitRateLimit(db, `sms-code:${input.clientIp}`, env().RATE_LIMIT_SMS_CODES_PER_10_MIN, 600, now);
  if (!ip.allowed) return { type: 'too-many-onboarding-attempts', nextAttempt: new Date(now.getTime() + ip.retryAfterSeconds * 1000) };
  // Earlier open codes stop working: only the newest code can enable.
  await db
    .update(smsChallenges)
    .set({ usedAt: now })
    .where(and(eq(smsChallenges.personId, auth.person.id), eq(smsChallenges.purpose, 'onboarding'), isNull(smsChallenges.usedAt)));
  const expiresAt = await sendChallenge(db, { personId: auth.person.id, purpose: 'onboarding', phone }, message, now);
  await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'create', resource: MFA_RESOURCE });
  return { type: 'code-sent', expiresAt };
}

/** Checks the onboarding code (PUT /api/mfa-onboarding); the right one enables SMS login. */
export async function verifyOnboarding(
  db: Db,
  auth: { person: { id: string }; session: Pick<SessionRow, 'identityProvider'>; features: Features },
  input: { code: unknown; clientIp: string },
  now = clock.now(),
): Promise<OnboardingAnswer> {
  if (!auth.features.mfa || !mayChangeMfa(auth.session)) return { type: 'mfa-challenge-failed' };
  const ip = await hitRateLimit(db, `sms-code:${input.clientIp}`, env().RATE_LIMIT_SMS_CODES_PER_10_MIN, 600, now);
  if (!ip.allowed) return { type: 'too-many-mfa-attempts' };
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  const [latest] = await recentChallenges(db, auth.person.id, 'onboarding', new Date(now.getTime() - CODE_TTL_MS));
  if (!latest) return { type: 'mfa-challenge-failed' };
  return withTransaction(db, async (t) => {
    const result = await tryCode(t, latest.id, code, now);
    if (result.type === 'locked') return { type: 'too-many-mfa-attempts' as const };
    if (result.type !== 'ok') return { type: 'mfa-challenge-failed' as const };
    await t
      .insert(mfaDevices)
      .values({ personId: auth.person.id, verifiedPhone: result.row.phone, enabledAt: now })
      .onConflictDoUpdate({ target: mfaDevices.personId, set: { verifiedPhone: result.row.phone, enabledAt: now } });
    await logAccess(t, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'change', resource: MFA_RESOURCE });
    return { type: 'mfa-ok' as const };
  });
}

/** Cancels an onboarding in progress: its open code stops working. */
export async function cancelOnboarding(db: Db, personId: string, now = clock.now()): Promise<void> {
  await db
    .update(smsChallenges)
    .set({ usedAt: now })
    .where(and(eq(smsChallenges.personId, personId), eq(smsChallenges.purpose, 'onboarding'), isNull(smsChallenges.usedAt)));
}

/** Turns SMS login off (POST /api/mfa action=disable). */
export async function disableMfa(
  db: Db,
  auth: { person: { id: string }; session: Pick<SessionRow, 'identityProvider'> },
): Promise<'ok' | 'needs-bank-identification'> {
  if (!mayChangeMfa(auth.session)) return 'needs-bank-identification';
  await withTransaction(db, async (t) => {
    await t.delete(mfaDevices).where(eq(mfaDevices.personId, auth.person.id));
    await logAccess(t, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'change', resource: MFA_RESOURCE });
  });
  return 'ok';
}

// ---------------------------------------------------------------------------------------------
// SMS-code re-identification of a lapsed session

export interface Resumable {
  session: SessionRow;
  person: { id: string; language: 'fi' | 'sv' | 'en' };
  phone: string;
}

/**
 * The lapsed session behind this cookie token when it may be resumed with an SMS code: an idle
 * timeout within the absolute limit and the lapse window, of a person with SMS login enabled
 * and the mfa feature on. Null otherwise (log-out, absolute limit, no SMS login: bank login).
 */
export async function resumableSession(
  db: Db,
  lookup: { status: string; reason?: string; row?: SessionRow },
  features: (personId: string) => Promise<Features>,
  now = clock.now(),
): Promise<Resumable | null> {
  if (lookup.status !== 'expired' || !lookup.row) return null;
  const row = lookup.row;
  const reason = lookup.reason as 'idle' | 'absolute' | 'revoked';
  if (
    !mayResumeWithSms({ reason, idleExpiresAt: row.idleExpiresAt, absoluteExpiresAt: row.absoluteExpiresAt }, now, env().SMS_REAUTH_MAX_LAPSE_MINUTES * 60_000)
  ) {
    return null;
  }
  const [found] = await db
    .select({ id: persons.id, language: persons.language, phone: mfaDevices.verifiedPhone })
    .from(persons)
    .innerJoin(mfaDevices, eq(mfaDevices.personId, persons.id))
    .where(eq(persons.id, row.personId))
    .limit(1);
  if (!found || !(await features(found.id)).mfa) return null;
  return { session: row, person: { id: found.id, language: found.language }, phone: found.phone };
}

export type SendReauthResult = { type: 'code-sent' } | { type: 'too-many-codes'; retryAfterSeconds: number };

/** Sends a re-identification code to the verified phone, bound to the lapsed session and the browser. */
export async function sendReauthCode(
  db: Db,
  resumable: Resumable,
  input: { bindingHash: string; clientIp: string },
  message: CodeMessage,
  now = clock.now(),
): Promise<SendReauthResult> {
  const e = env();
  const ip = await hitRateLimit(db, `sms-code:${input.clientIp}`, e.RATE_LIMIT_SMS_CODES_PER_10_MIN, 600, now);
  if (!ip.allowed) return { type: 'too-many-codes', retryAfterSeconds: ip.retryAfterSeconds };
  const windowMs = 15 * 60_000;
  const recent = await recentChallenges(db, resumable.person.id, 'reauth', new Date(now.getTime() - windowMs));
  const next = nextAttemptAt(
    recent.map((c) => c.createdAt),
    { max: e.SMS_REAUTH_MAX_CODES_PER_15_MIN, windowMs },
    now,
  );
  if (next) return { type: 'too-many-codes', retryAfterSeconds: Math.ceil((next.getTime() - now.getTime()) / 1000) };
  await db
    .update(smsChallenges)
    .set({ usedAt: now })
    .where(and(eq(smsChallenges.personId, resumable.person.id), eq(smsChallenges.purpose, 'reauth'), isNull(smsChallenges.usedAt)));
  await sendChallenge(
    db,
    {
      personId: resumable.person.id,
      purpose: 'reauth',
      phone: resumable.phone,
      sessionIdHash: resumable.session.idHash,
      bindingHash: input.bindingHash,
    },
    message,
    now,
  );
  return { type: 'code-sent' };
}

/** The open re-identification code of this lapsed session, if one was sent. */
export async function openReauthChallenge(db: Db, resumable: Resumable, now = clock.now()): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(smsChallenges)
    .where(
      and(
        eq(smsChallenges.personId, resumable.person.id),
        eq(smsChallenges.purpose, 'reauth'),
        eq(smsChallenges.sessionIdHash, resumable.session.idHash),
        isNull(smsChallenges.usedAt),
      ),
    )
    .orderBy(desc(smsChallenges.createdAt))
    .limit(1);
  return row && challengeStatus(row, now) === 'open' ? row : null;
}

export type PinResult =
  { type: 'success'; token: string; session: SessionRow } | { type: 'identification-failed' } | { type: 'too-many-retries' } | { type: 'no-code' };

/**
 * Checks a re-identification code (POST /api/pin). The right code from the browser that asked
 * for it resumes the session (a new one, see resumeSession). The fifth wrong code ends the
 * lapsed session for good (logged out: bank identification needed).
 */
export async function verifyReauthCode(
  db: Db,
  resumable: Resumable,
  input: { code: unknown; binding: (bindingHash: string) => boolean; clientIp: string },
  now = clock.now(),
): Promise<PinResult> {
  const challenge = await openReauthChallenge(db, resumable, now);
  if (!challenge || !challenge.bindingHash || !input.binding(challenge.bindingHash)) return { type: 'no-code' };
  const ip = await hitRateLimit(db, `sms-code:${input.clientIp}`, env().RATE_LIMIT_SMS_CODES_PER_10_MIN, 600, now);
  if (!ip.allowed) return { type: 'too-many-retries' };
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  return withTransaction(db, async (t) => {
    const result = await tryCode(t, challenge.id, code, now);
    if (result.type === 'ok') {
      // The lapsed session must still be the same, unrevoked one.
      const [current] = await t.select().from(sessions).where(eq(sessions.idHash, resumable.session.idHash)).for('update');
      if (!current || current.revokedAt) return { type: 'no-code' as const };
      const resumed = await resumeSession(t, current, now);
      await logAccess(t, { actorPersonId: resumable.person.id, subjectPersonId: resumable.person.id, action: 'login', resource: 'session:sms-code' });
      return { type: 'success' as const, token: resumed.token, session: resumed.row };
    }
    if (result.type === 'locked') {
      await revokeSession(t, resumable.session.idHash, now);
      await logAccess(t, { actorPersonId: resumable.person.id, subjectPersonId: resumable.person.id, action: 'refused', resource: 'session:sms-code' });
      return { type: 'too-many-retries' as const };
    }
    return result.type === 'wrong' ? { type: 'identification-failed' as const } : { type: 'no-code' as const };
  });
}
