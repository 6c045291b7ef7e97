/**
 * Retention (issue 27, ADR 0040): at an instant of the app's clock, each rule deletes the rows
 * older than its period and keeps the newer ones (one minute either side of the cut), rows that
 * are still work (queued messages, scheduled reminders) stay whatever their age, the access log
 * stays whatever its age, an active earlier-time request and the offers it still needs stay, and a
 * backlog goes in bounded batches. On PostgreSQL the job is a pg-boss schedule at the configured
 * Helsinki time whose worker runs the same function.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAppointment, createClinic, createPerson, createPractitioner, createSlot, createSpecialty } from '~db/factories';
import {
  accessLog,
  accessibilityFeedback,
  analyticsEvents,
  appointmentReminders,
  earlierTimeOffers,
  earlierTimeRequests,
  identificationFlows,
  outbox,
  paymentEvents,
  rateLimits,
  sessions,
  smsChallenges,
  testIdpCodes,
  testEauthSessions,
} from '~db/schema';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { helsinkiDate } from '~/lib/dates';
import { makeIdentityCode } from '~/models/identity-code';
import { parseEnv } from '~/env.server';
import type { Db } from '~/services/db/db.server';
import { RETENTION_QUEUE, RETENTION_RULES, runRetention, scheduleRetentionJob, type RetentionSettings } from '~/services/jobs/retention.server';
import { startJobRunner } from '~/services/jobs/runner.server';
import { databaseKinds, postgresUrlFor, testDatabaseUrl, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

/** The environment schema's defaults (ADR 0040), with a small batch so that a run takes several. */
const SETTINGS: RetentionSettings = { ...parseEnv({}), RETENTION_BATCH_SIZE: 10 };

let individual = 400;
/** The databases that have the clinic, specialty and practitioner the appointments need. */
const withReferences = new WeakSet<Db>();

/** One row of every kind just before its cut (`old`: goes) and just after it (`fresh`: stays). */
async function plant(db: Db, now: Date) {
  const at = (ms: number) => new Date(now.getTime() - ms);
  const cut = { old: MINUTE, fresh: -MINUTE } as const;
  const ids = { old: {} as Record<string, string | number>, fresh: {} as Record<string, string | number> };
  const tag = randomUUID().slice(0, 8);
  individual += 2;
  const person = await createPerson(db, {
    identityCode: makeIdentityCode('1980-05-05', individual),
    firstName: 'Retention',
    lastName: `Testi${individual}`,
  });
  if (!withReferences.has(db)) {
    await createClinic(db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
    await createSpecialty(
      db,
      SPECIALTIES.find((s) => s.id === 'YLE')!,
    );
    await createPractitioner(db, {
      id: 'P0001',
      firstName: 'Anna',
      lastName: 'Lahtinen',
      title: { fi: 'Yleislääkäri', sv: 'Allmänläkare', en: 'General practitioner' },
      specialtyIds: ['YLE'],
      clinicIds: ['KA'],
    });
    withReferences.add(db);
  }

  const slot = (startAt: Date) => createSlot(db, { clinicId: 'KA', practitionerId: 'P0001', specialtyId: 'YLE', startAt });
  const earlierTimeRequest = (appointmentId: number, startAt: Date) => ({
    appointmentId,
    patientId: person.id,
    requestedById: person.id,
    specialtyId: 'YLE',
    clinicIds: ['KA'],
    latestDate: helsinkiDate(startAt),
    language: 'fi' as const,
    brand: 'general' as const,
    origin: 'https://portal.test',
  });
  // Still waiting for an earlier time, whatever its age: an appointment a month ahead, asked for 400 days ago.
  const waitingStart = at(-30 * DAY);
  const { appointment: waiting } = await createAppointment(db, {
    patientId: person.id,
    kindId: 'VO',
    kindName: { fi: 'Käynti', sv: 'Besök', en: 'Visit' },
    startAt: waitingStart,
    durationMinutes: 20,
    clinicId: 'KA',
    practitionerId: 'P0001',
    specialtyId: 'YLE',
  });
  const [waitingRequest] = await db
    .insert(earlierTimeRequests)
    .values({ ...earlierTimeRequest(waiting.id, waitingStart), requestedAt: at(400 * DAY) })
    .returning({ id: earlierTimeRequests.id });
  const endedRequestOffers = {} as Record<'old' | 'fresh', number>;
  const earlyOffers: number[] = [];

  for (const side of ['old', 'fresh'] as const) {
    const extra = cut[side];
    const key = `${tag}-${side}`;
    await db.insert(rateLimits).values({ key, windowStart: at(SETTINGS.RETENTION_RATE_LIMIT_HOURS * HOUR + extra), count: 1 });
    ids[side].rate_limits = key;

    const expiresLogin = at(SETTINGS.RETENTION_LOGIN_HOURS * HOUR + extra);
    await db.insert(identificationFlows).values({
      stateHash: key,
      nonce: 'n',
      codeVerifier: 'v',
      provider: 'test',
      language: 'fi',
      nextPath: '/fi',
      browserBindingHash: 'b',
      expiresAt: expiresLogin,
    });
    ids[side].identification_flows = key;
    await db.insert(testIdpCodes).values({
      codeHash: key,
      identityCode: person.identityCode,
      nonce: 'n',
      codeChallenge: 'c',
      redirectUri: 'http://localhost/cb',
      expiresAt: expiresLogin,
    });
    ids[side].test_idp_codes = key;
    await db
      .insert(testEauthSessions)
      .values({ sessionId: key, userId: key, kind: 'hpa', clientId: 'c', identityCode: person.identityCode, expiresAt: expiresLogin });
    ids[side].test_eauth_sessions = key;
    const [challenge] = await db
      .insert(smsChallenges)
      .values({
        personId: person.id,
        purpose: 'reauth',
        codeHash: 'h',
        phone: '+358405550000',
        expiresAt: expiresLogin,
        createdAt: at(SETTINGS.RETENTION_LOGIN_HOURS * HOUR + extra + 5 * MINUTE),
      })
      .returning({ id: smsChallenges.id });
    ids[side].sms_challenges = challenge!.id;

    const absolute = at(SETTINGS.RETENTION_SESSION_DAYS * DAY + extra);
    await db.insert(sessions).values({
      idHash: key,
      personId: person.id,
      csrfToken: 'c',
      identityProvider: 'test',
      authenticatedAt: new Date(absolute.getTime() - 12 * HOUR),
      lastSeenAt: new Date(absolute.getTime() - 12 * HOUR),
      // Revoked long before its absolute expiry: still kept until that expiry's period has passed.
      idleExpiresAt: new Date(absolute.getTime() - 11 * HOUR),
      revokedAt: new Date(absolute.getTime() - 11 * HOUR),
      absoluteExpiresAt: absolute,
    });
    ids[side].sessions = key;

    const [code] = await db
      .insert(outbox)
      .values({
        channel: 'sms',
        recipient: '+358405550000',
        body: 'Kirjautumiskoodi 1234',
        kind: 'loginCode',
        state: 'sent',
        createdAt: at(SETTINGS.RETENTION_LOGIN_HOURS * HOUR + extra),
      })
      .returning({ id: outbox.id });
    ids[side]['outbox:loginCode'] = code!.id;
    const [message] = await db
      .insert(outbox)
      .values({
        channel: 'email',
        recipient: 'a@example.fi',
        subject: 's',
        body: 'Vastaanotto ma 10.00',
        kind: 'confirmation',
        state: side === 'old' ? 'failed' : 'sent',
        createdAt: at(SETTINGS.RETENTION_OUTBOX_DAYS * DAY + extra),
      })
      .returning({ id: outbox.id });
    ids[side].outbox = message!.id;

    const start = at(SETTINGS.RETENTION_REMINDER_DAYS * DAY + extra);
    const { appointment } = await createAppointment(db, {
      patientId: person.id,
      kindId: 'VO',
      kindName: { fi: 'Käynti', sv: 'Besök', en: 'Visit' },
      startAt: start,
      durationMinutes: 20,
      clinicId: 'KA',
      practitionerId: 'P0001',
      specialtyId: 'YLE',
    });
    await db.insert(appointmentReminders).values({
      appointmentId: appointment.id,
      startAt: start,
      dueAt: new Date(start.getTime() - DAY),
      state: 'written',
      writtenAt: new Date(start.getTime() - DAY),
      channels: ['sms'],
      brand: 'general',
      language: 'fi',
      phone: '+358405550000',
    });
    ids[side].appointment_reminders = appointment.id;

    // An earlier-time request that ended at the cut, and the last offer it was sent (voided when
    // it ended, closing an hour later): the offer goes with its request.
    const ended = at(SETTINGS.RETENTION_EARLIER_TIME_DAYS * DAY + extra);
    const [request] = await db
      .insert(earlierTimeRequests)
      .values({ ...earlierTimeRequest(appointment.id, start), state: 'withdrawn', requestedAt: new Date(ended.getTime() - 5 * DAY), endedAt: ended })
      .returning({ id: earlierTimeRequests.id });
    ids[side].earlier_time_requests = request!.id;
    const [voided] = await db
      .insert(earlierTimeOffers)
      .values({
        requestId: request!.id,
        appointmentId: appointment.id,
        slotId: (await slot(new Date(start.getTime() - DAY))).id,
        tokenHash: 'h',
        state: 'void',
        expiresAt: new Date(ended.getTime() + HOUR),
        createdAt: new Date(ended.getTime() - HOUR),
        answeredAt: ended,
      })
      .returning({ id: earlierTimeOffers.id });
    endedRequestOffers[side] = voided!.id;
    // One it was sent two days before the cut, for a time still ahead: it goes on its own (its request no longer waits).
    const early = at(SETTINGS.RETENTION_EARLIER_TIME_DAYS * DAY + 2 * DAY);
    const [earlyOffer] = await db
      .insert(earlierTimeOffers)
      .values({
        requestId: request!.id,
        appointmentId: appointment.id,
        slotId: (await slot(at(-10 * DAY))).id,
        tokenHash: 'h',
        state: 'expired',
        expiresAt: early,
        createdAt: new Date(early.getTime() - 2 * HOUR),
        answeredAt: early,
      })
      .returning({ id: earlierTimeOffers.id });
    earlyOffers.push(earlyOffer!.id);

    // An offer to the request still waiting, closed at the cut, whose time started an hour after.
    const closed = at(SETTINGS.RETENTION_EARLIER_TIME_DAYS * DAY + extra);
    const [offer] = await db
      .insert(earlierTimeOffers)
      .values({
        requestId: waitingRequest!.id,
        appointmentId: waiting.id,
        slotId: (await slot(new Date(closed.getTime() + HOUR))).id,
        tokenHash: 'h',
        state: 'expired',
        expiresAt: closed,
        createdAt: new Date(closed.getTime() - 2 * HOUR),
        answeredAt: closed,
      })
      .returning({ id: earlierTimeOffers.id });
    ids[side].earlier_time_offers = offer!.id;

    const [event] = await db
      .insert(paymentEvents)
      .values({ via: 'callback', signatureValid: true, outcome: 'ignored', at: at(SETTINGS.RETENTION_PAYMENT_EVENT_DAYS * DAY + extra) })
      .returning({ id: paymentEvents.id });
    ids[side].payment_events = event!.id;
    const [analytics] = await db
      .insert(analyticsEvents)
      .values({ name: 'checkIn', properties: {}, at: at(SETTINGS.RETENTION_ANALYTICS_DAYS * DAY + extra) })
      .returning({ id: analyticsEvents.id });
    ids[side].analytics_events = analytics!.id;
    const [feedback] = await db
      .insert(accessibilityFeedback)
      .values({
        brand: 'general',
        language: 'fi',
        location: 'Etusivu',
        description: 'Kontrasti',
        createdAt: at(SETTINGS.RETENTION_ACCESSIBILITY_FEEDBACK_DAYS * DAY + extra),
      })
      .returning({ id: accessibilityFeedback.id });
    ids[side].accessibility_feedback = feedback!.id;
  }

  // Still work, whatever their age: a queued message and a scheduled reminder.
  const [queued] = await db
    .insert(outbox)
    .values({ channel: 'sms', recipient: '+358405550001', body: 'Muistutus', kind: 'reminder', state: 'queued', createdAt: at(400 * DAY) })
    .returning({ id: outbox.id });
  const longAgo = at(400 * DAY);
  const { appointment: pending } = await createAppointment(db, {
    patientId: person.id,
    kindId: 'VO',
    kindName: { fi: 'Käynti', sv: 'Besök', en: 'Visit' },
    startAt: longAgo,
    durationMinutes: 20,
    clinicId: 'KA',
    practitionerId: 'P0001',
    specialtyId: 'YLE',
  });
  await db.insert(appointmentReminders).values({
    appointmentId: pending.id,
    startAt: longAgo,
    dueAt: new Date(longAgo.getTime() - DAY),
    brand: 'general',
    language: 'fi',
    phone: '+358405550001',
  });
  // The access log, eleven years back and today: the law keeps it (ADR 0040).
  const [oldView] = await db
    .insert(accessLog)
    .values({ at: at(11 * 365 * DAY), actorPersonId: person.id, actorKind: 'patient', subjectPersonId: person.id, action: 'view', resource: 'appointment' })
    .returning({ id: accessLog.id });
  const [newView] = await db
    .insert(accessLog)
    .values({ at: now, actorPersonId: person.id, actorKind: 'patient', subjectPersonId: person.id, action: 'view', resource: 'appointment' })
    .returning({ id: accessLog.id });
  // An offer to the waiting request that closed long ago for a time still ahead: while it is
  // there, the matching does not offer that time to the request again.
  const [aheadOffer] = await db
    .insert(earlierTimeOffers)
    .values({
      requestId: waitingRequest!.id,
      appointmentId: waiting.id,
      slotId: (await slot(at(-10 * DAY))).id,
      tokenHash: 'h',
      state: 'expired',
      expiresAt: at(400 * DAY),
      createdAt: at(400 * DAY + 2 * HOUR),
      answeredAt: at(400 * DAY),
    })
    .returning({ id: earlierTimeOffers.id });
  return {
    ids,
    queuedId: queued!.id,
    pendingReminderId: pending.id,
    accessLogIds: [oldView!.id, newView!.id],
    waitingRequestId: waitingRequest!.id,
    aheadOfferId: aheadOffer!.id,
    endedRequestOffers,
    earlyOffers,
  };
}

type Planted = Awaited<ReturnType<typeof plant>>;

/** Which of a rule's planted rows are still there. */
async function present(db: Db, rule: string, values: (string | number)[]): Promise<(string | number)[]> {
  const pick = async <T extends string | number>(query: Promise<{ id: T }[]>) => (await query).map((r) => r.id);
  const strings = values as string[];
  const numbers = values as number[];
  switch (rule) {
    case 'rate_limits':
      return pick(db.select({ id: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, strings)));
    case 'identification_flows':
      return pick(db.select({ id: identificationFlows.stateHash }).from(identificationFlows).where(inArray(identificationFlows.stateHash, strings)));
    case 'test_idp_codes':
      return pick(db.select({ id: testIdpCodes.codeHash }).from(testIdpCodes).where(inArray(testIdpCodes.codeHash, strings)));
    case 'test_eauth_sessions':
      return pick(db.select({ id: testEauthSessions.sessionId }).from(testEauthSessions).where(inArray(testEauthSessions.sessionId, strings)));
    case 'sms_challenges':
      return pick(db.select({ id: smsChallenges.id }).from(smsChallenges).where(inArray(smsChallenges.id, strings)));
    case 'sessions':
      return pick(db.select({ id: sessions.idHash }).from(sessions).where(inArray(sessions.idHash, strings)));
    case 'outbox':
    case 'outbox:loginCode':
      return pick(db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, numbers)));
    case 'appointment_reminders':
      return pick(db.select({ id: appointmentReminders.appointmentId }).from(appointmentReminders).where(inArray(appointmentReminders.appointmentId, numbers)));
    case 'payment_events':
      return pick(db.select({ id: paymentEvents.id }).from(paymentEvents).where(inArray(paymentEvents.id, numbers)));
    case 'analytics_events':
      return pick(db.select({ id: analyticsEvents.id }).from(analyticsEvents).where(inArray(analyticsEvents.id, numbers)));
    case 'earlier_time_offers':
      return pick(db.select({ id: earlierTimeOffers.id }).from(earlierTimeOffers).where(inArray(earlierTimeOffers.id, numbers)));
    case 'earlier_time_requests':
      return pick(db.select({ id: earlierTimeRequests.id }).from(earlierTimeRequests).where(inArray(earlierTimeRequests.id, numbers)));
    case 'accessibility_feedback':
      return pick(db.select({ id: accessibilityFeedback.id }).from(accessibilityFeedback).where(inArray(accessibilityFeedback.id, numbers)));
    default:
      throw new Error(`no check for ${rule}`);
  }
}

async function expectCut(db: Db, planted: Planted) {
  for (const rule of RETENTION_RULES) {
    const old = planted.ids.old[rule.name]!;
    const fresh = planted.ids.fresh[rule.name]!;
    expect({ rule: rule.name, left: await present(db, rule.name, [old, fresh]) }).toEqual({ rule: rule.name, left: [fresh] });
  }
  expect(await present(db, 'outbox', [planted.queuedId])).toEqual([planted.queuedId]);
  expect(await present(db, 'appointment_reminders', [planted.pendingReminderId])).toEqual([planted.pendingReminderId]);
  expect(await present(db, 'earlier_time_requests', [planted.waitingRequestId])).toEqual([planted.waitingRequestId]);
  expect(await present(db, 'earlier_time_offers', [planted.aheadOfferId])).toEqual([planted.aheadOfferId]);
  // An ended request's last offer went with it (or stays with it); its offers closed before the
  // cut went whether the request did or not.
  const { old: oldOffer, fresh: freshOffer } = planted.endedRequestOffers;
  expect(await present(db, 'earlier_time_offers', [oldOffer, freshOffer])).toEqual([freshOffer]);
  expect(await present(db, 'earlier_time_offers', planted.earlyOffers)).toEqual([]);
  const log = await db.select({ id: accessLog.id }).from(accessLog).where(inArray(accessLog.id, planted.accessLogIds));
  expect(log.map((r) => r.id).sort((a, b) => a - b)).toEqual([...planted.accessLogIds].sort((a, b) => a - b));
}

describe.each(databaseKinds())('retention on %s', (kind) => {
  const t = withTestDatabase(kind);

  it('deletes what is older than each period and keeps what is newer, at the clock’s now', async () => {
    const now = clock.now();
    const planted = await plant(t.db, now);
    const summary = await runRetention(t.db, SETTINGS);
    for (const rule of RETENTION_RULES) expect(summary[rule.name], rule.name).toBeGreaterThanOrEqual(1);
    await expectCut(t.db, planted);
    // A second run finds nothing more of these.
    const again = await runRetention(t.db, SETTINGS);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it('cuts at a fixed instant: the night the clocks go back (Helsinki 04:00 → 03:00)', async () => {
    const now = new Date('2027-10-31T03:30:00+03:00');
    const planted = await plant(t.db, now);
    await runRetention(t.db, SETTINGS, { now });
    await expectCut(t.db, planted);
  });

  it('takes a backlog in batches of RETENTION_BATCH_SIZE, and at most maxBatches in one run', async () => {
    const now = clock.now();
    // Whatever the earlier cases left is gone first, so the counts below are this backlog's.
    await runRetention(t.db, SETTINGS, { now });
    const old = new Date(now.getTime() - 3 * DAY);
    const keys = Array.from({ length: 35 }, (_, i) => `backlog-${kind}-${i}`);
    await t.db.insert(rateLimits).values(keys.map((key) => ({ key, windowStart: old, count: 1 })));
    const bounded = await runRetention(t.db, SETTINGS, { now, maxBatches: 2 });
    expect(bounded.rate_limits).toBe(20);
    expect(await present(t.db, 'rate_limits', keys)).toHaveLength(15);
    const rest = await runRetention(t.db, SETTINGS, { now });
    expect(rest.rate_limits).toBe(15);
    expect(await present(t.db, 'rate_limits', keys)).toEqual([]);
  });

  it('finds each rule’s rows through its index', async () => {
    // With sequential scans off the planner takes any usable index: a rule whose condition no
    // index serves would still show a Seq Scan.
    const now = clock.now();
    for (const rule of RETENTION_RULES) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = (await tx.execute(sql`explain select ctid from ${rule.table} where ${rule.where(now, SETTINGS)} limit 10`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return result.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan, rule.name).toContain(rule.index);
    }
  });

  it.runIf(kind === 'postgres')(
    'is a pg-boss schedule at RETENTION_DAILY_AT Helsinki time whose worker runs it',
    async () => {
      const url = postgresUrlFor(testDatabaseUrl()!, t.database.location);
      const planted = await plant(t.db, clock.now());
      const runner = await startJobRunner({ DATABASE_URL: url });
      try {
        await scheduleRetentionJob(runner, { ...SETTINGS, RETENTION_DAILY_AT: '02:17' }, async () => t.db);
        const schedules = await runner.boss!.getSchedules();
        expect(schedules.map((s) => [s.name, s.cron, s.timezone])).toContainEqual([RETENTION_QUEUE, '17 2 * * *', 'Europe/Helsinki']);
        await runner.send(RETENTION_QUEUE, {});
        const deadline = performance.now() + 20_000;
        const oldKey = planted.ids.old.rate_limits as string;
        while ((await t.db.select().from(rateLimits).where(eq(rateLimits.key, oldKey))).length > 0 && performance.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        // Let the run finish its other rules.
        const last = planted.ids.old.accessibility_feedback as number;
        while ((await present(t.db, 'accessibility_feedback', [last])).length > 0 && performance.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        await expectCut(t.db, planted);
      } finally {
        await runner.stop();
      }
    },
    40_000,
  );
});
