/**
 * Earlier-time offers, the matching (ADR 0037): a free time offered to the requests waiting for
 * it, the offer messages, the end of a request, and the sweep. Kept apart from the request and
 * offer pages' service (earlier-times.server.ts) so that the cancellation and the move service
 * call it without importing the move service back.
 *
 * - `offerFreedSlot`: the first `batchSize` waiting requests a free time suits, in order of
 *   request, get an offer each (a single-use link, only its token's hash kept, closing after
 *   `offerMinutes`) — a request with no open offer, whose requester may still see the visit (the
 *   viewer rules, asked now: a request whose requester no longer may is ended), sent to the
 *   requester's own saved phone and e-mail (issue 39). The time's row is locked (`FOR NO KEY UPDATE`, which a booking's
 *   foreign-key check does not wait for) while a batch is chosen, so two instances matching the
 *   same time at once send one batch; the unique (request, slot) index forbids a repeat anyway.
 * - `afterSlotFreed`: the after-commit hook of a cancellation and a move.
 * - `runEarlierTimeSweep` (every minute on the job runner): ends requests that can no longer be
 *   served, expires offers, and offers every free time that suits a waiting request and has no
 *   open batch (new times, a batch that expired untaken, a lost after-commit hook).
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appointments, appointmentSlots, clinics, earlierTimeOffers, earlierTimeRequests, persons, specialties } from '~db/schema';
import { brand as brandFacts, type BrandKey } from '~/brands';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { textsIn } from '~/i18n/i18n.server';
import { clock } from '~/lib/clock.server';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { helsinkiDate } from '~/lib/dates';
import { formatDateTime } from '~/lib/format';
import { encodeAnonymousCode } from '~/models/appointments/anonymous-code';
import { pagePath } from '~/route-table';
import { recordEvent } from '~/services/analytics/analytics.server';
import { logAccesses, type AccessEntry } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import type { JobRunner } from '~/services/jobs/runner.server';
import { logger } from '~/services/observability/logger.server';
import { deliverAfterCommit, enqueueMessage, type OutboxMessage, type OutboxRow } from '~/services/outbox/outbox.server';
import { personSeesAppointment } from '~/services/people/viewer.server';
import { offerExpiry, requestEndReason, slotSuitsRequest, type OfferSettings } from './earlier-time-rules';
import { messagePlace } from './ics';

export function offerSettings(): OfferSettings {
  const e = env();
  return {
    offerMinutes: e.EARLIER_TIME_OFFER_MINUTES,
    batchSize: e.EARLIER_TIME_BATCH_SIZE,
    minNoticeMinutes: e.EARLIER_TIME_MIN_NOTICE_MINUTES,
    cancellationLimitHours: e.CANCELLATION_LIMIT_HOURS,
  };
}

// ---------------------------------------------------------------------------------------------
// Ending requests

/** The open offers of these requests stop working (the requests ended). */
export async function voidOpenOffers(t: Db, requestIds: number[], now: Date) {
  if (requestIds.length === 0) return;
  await t
    .update(earlierTimeOffers)
    .set({ state: 'void', answeredAt: now })
    .where(and(inArray(earlierTimeOffers.requestId, requestIds), eq(earlierTimeOffers.state, 'open')));
}

/** The active requests that `which` picks end (`ended`) and their open offers stop working, inside the caller's transaction. */
async function endActiveRequests(t: Db, which: SQL, now: Date) {
  const ended = await t
    .update(earlierTimeRequests)
    .set({ state: 'ended', endedAt: now })
    .where(and(which, eq(earlierTimeRequests.state, 'active')))
    .returning({ id: earlierTimeRequests.id });
  await voidOpenOffers(
    t,
    ended.map((r) => r.id),
    now,
  );
}

/** These active requests end and their open offers stop working, inside the caller's transaction. */
async function endRequests(t: Db, requestIds: number[], now: Date) {
  if (requestIds.length > 0) await endActiveRequests(t, inArray(earlierTimeRequests.id, requestIds), now);
}

/**
 * Whether the one who asked may still see the appointment now (the viewer rules, ADR 0034): the
 * patient always; a guardian only while the visit is theirs to see — not once it is hidden from
 * guardians, the ward has turned 12 (unless the guardian booked it), the guardianship has ended.
 */
export async function requesterSees(t: Db, request: { requestedById: string }, appointment: { id: number; patientId: string }, now: Date): Promise<boolean> {
  return request.requestedById === appointment.patientId || personSeesAppointment(t, request.requestedById, appointment.id, now);
}

/**
 * Ends the appointment's active request if the one who asked may no longer see the appointment
 * (the patient hid it from their guardians; issue 39), inside the caller's transaction, so the
 * change and the end commit together. Its open offers stop working.
 */
export async function endRequestsNoLongerSeen(t: Db, appointmentId: number, now = clock.now()): Promise<void> {
  const active = await t
    .select({ id: earlierTimeRequests.id, requestedById: earlierTimeRequests.requestedById, patientId: appointments.patientId })
    .from(earlierTimeRequests)
    .innerJoin(appointments, eq(appointments.id, earlierTimeRequests.appointmentId))
    .where(and(eq(earlierTimeRequests.appointmentId, appointmentId), eq(earlierTimeRequests.state, 'active')))
    .for('update', { of: earlierTimeRequests });
  const unseen: number[] = [];
  for (const request of active) {
    if (!(await requesterSees(t, request, { id: appointmentId, patientId: request.patientId }, now))) unseen.push(request.id);
  }
  await endRequests(t, unseen, now);
}

/**
 * Ends the appointment's active request (the appointment was cancelled),
 * inside the caller's transaction. Its open offers stop working.
 */
export async function endEarlierTimeRequest(t: Db, appointmentId: number, now = clock.now()): Promise<void> {
  await endActiveRequests(t, eq(earlierTimeRequests.appointmentId, appointmentId), now);
}

// ---------------------------------------------------------------------------------------------
// Matching a free time to the waiting requests

/** The offer link of the message, in the message's language, on the origin the request was made on. */
function offerLink(origin: string, lang: Language, code: string): string {
  return `${origin}${pagePath('earlierTimeOffer', lang, { code })}`;
}

interface OfferMessageFacts {
  slotStartAt: Date;
  currentStartAt: Date;
  expiresAt: Date;
  locationType: string;
  isRemote: boolean;
  specialtyName: { fi: string; sv: string; en: string };
  clinic: { name: string; streetAddress: string | null; postalCode: string | null; postOffice: string | null };
}

/** The offer's SMS and e-mail: the times, the place, the service and the link; no name, no other health data. */
async function offerMessages(
  facts: OfferMessageFacts,
  recipient: { phone: string | null; email: string | null; language: Language; brand: BrandKey },
  link: string,
): Promise<OutboxMessage[]> {
  const lang = recipient.language;
  const t = await textsIn(lang);
  const values = {
    time: formatDateTime(facts.slotStartAt, lang),
    current: formatDateTime(facts.currentStartAt, lang),
    expires: formatDateTime(facts.expiresAt, lang),
    place: messagePlace(t, facts),
    service: facts.specialtyName[lang],
    brand: brandFacts(recipient.brand).name,
    link,
  };
  const common = { kind: 'earlierTimeOffer' as const, brand: recipient.brand, language: lang };
  const messages: OutboxMessage[] = [];
  if (recipient.phone) messages.push({ ...common, channel: 'sms', recipient: recipient.phone, body: t('earlierTime.message.sms', values) });
  if (recipient.email) {
    messages.push({
      ...common,
      channel: 'email',
      recipient: recipient.email,
      subject: t('earlierTime.message.emailSubject', values),
      body: `${t('earlierTime.message.emailBody', values)}\n\n${t('earlierTime.message.emailClosing', values)}`,
    });
  }
  return messages;
}

export interface MatchSummary {
  /** Offers written for the time (0: taken, too close, a batch still open, or nobody waiting). */
  offered: number;
}

/**
 * Offers the free time to the next waiting requests it suits (in order of request, at most
 * `batchSize`), unless it is taken, too close, or a batch for it is still open. One transaction;
 * the messages are handed to delivery after it commits.
 */
export async function offerFreedSlot(db: Db, slotId: number, options: { now?: Date; settings?: OfferSettings } = {}): Promise<MatchSummary> {
  const now = options.now ?? clock.now();
  const settings = options.settings ?? offerSettings();
  const queued: OutboxRow[] = [];
  const offered = await withTransaction(db, async (t) => {
    const [found] = await t
      .select({ slot: appointmentSlots, clinic: clinics, specialtyName: specialties.name })
      .from(appointmentSlots)
      .innerJoin(clinics, eq(clinics.id, appointmentSlots.clinicId))
      .innerJoin(specialties, eq(specialties.id, appointmentSlots.specialtyId))
      .where(eq(appointmentSlots.id, slotId))
      .limit(1)
      .for('no key update', { of: appointmentSlots });
    if (!found) return 0;
    const { slot } = found;
    const expiresAt = offerExpiry(slot.startAt, now, settings);
    if (!expiresAt) return 0;
    const [holder] = await t
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.slotId, slotId), isNull(appointments.cancelledAt)))
      .limit(1);
    if (holder) return 0;
    // Offers of this time whose hour has passed are closed; a batch still open waits for its answer.
    await t
      .update(earlierTimeOffers)
      .set({ state: 'expired', answeredAt: now })
      .where(and(eq(earlierTimeOffers.slotId, slotId), eq(earlierTimeOffers.state, 'open'), lte(earlierTimeOffers.expiresAt, now)));
    const [open] = await t
      .select({ id: earlierTimeOffers.id })
      .from(earlierTimeOffers)
      .where(and(eq(earlierTimeOffers.slotId, slotId), eq(earlierTimeOffers.state, 'open')))
      .limit(1);
    if (open) return 0;
    const movableUntil = new Date(now.getTime() + settings.cancellationLimitHours * 3_600_000);
    // The one who asked, and their own saved contact: the offers go there and nowhere else.
    const requester = alias(persons, 'requester');
    const chosen: {
      request: typeof earlierTimeRequests.$inferSelect;
      appointment: typeof appointments.$inferSelect;
      contact: { phone: string | null; email: string | null };
    }[] = [];
    const examined: number[] = [];
    const noLongerSeen: number[] = [];
    while (chosen.length < settings.batchSize) {
      const wanted = settings.batchSize - chosen.length;
      const waiting = await t
        .select({ request: earlierTimeRequests, appointment: appointments, contact: { phone: requester.phone, email: requester.email } })
        .from(earlierTimeRequests)
        .innerJoin(appointments, eq(appointments.id, earlierTimeRequests.appointmentId))
        .innerJoin(requester, eq(requester.id, earlierTimeRequests.requestedById))
        .where(
          and(
            eq(earlierTimeRequests.state, 'active'),
            eq(earlierTimeRequests.specialtyId, slot.specialtyId),
            or(isNull(earlierTimeRequests.practitionerId), eq(earlierTimeRequests.practitionerId, slot.practitionerId)),
            sql`${slot.clinicId} = any(${earlierTimeRequests.clinicIds})`,
            sql`${earlierTimeRequests.latestDate} >= ${slot.localDate}`,
            isNull(appointments.cancelledAt),
            gt(appointments.startAt, slot.startAt),
            sql`${appointments.startAt} >= ${movableUntil.toISOString()}::timestamptz`,
            sql`${appointments.payerType} = any(${sql.param(slot.payerTypes)}::text[])`,
            sql`not exists (select 1 from ${earlierTimeOffers} o where o.request_id = ${earlierTimeRequests.id} and o.slot_id = ${slotId})`,
            // One open offer per request at a time (an offer past its hour is closed below).
            sql`not exists (select 1 from ${earlierTimeOffers} o where o.request_id = ${earlierTimeRequests.id} and o.state = 'open' and o.expires_at > ${now.toISOString()}::timestamptz)`,
            or(isNotNull(requester.phone), isNotNull(requester.email)),
            examined.length ? notInArray(earlierTimeRequests.id, examined) : undefined,
          ),
        )
        .orderBy(asc(earlierTimeRequests.requestedAt), asc(earlierTimeRequests.id))
        .limit(wanted);
      for (const row of waiting) {
        examined.push(row.request.id);
        // The query and the rules say the same; the rules have the last word.
        if (!slotSuitsRequest(slot, row.request, row.appointment, now, settings.cancellationLimitHours)) continue;
        // The viewer rules, now: the one who asked must still be allowed to see the visit.
        if (!(await requesterSees(t, row.request, row.appointment, now))) {
          noLongerSeen.push(row.request.id);
          continue;
        }
        chosen.push(row);
      }
      if (waiting.length < wanted) break;
    }
    // Whoever may no longer see the visit is no longer waiting for it.
    await endRequests(t, noLongerSeen, now);
    if (chosen.length === 0) return 0;
    // An open offer of a chosen request whose hour has passed is closed before the new one opens.
    await t
      .update(earlierTimeOffers)
      .set({ state: 'expired', answeredAt: now })
      .where(
        and(
          inArray(
            earlierTimeOffers.requestId,
            chosen.map((c) => c.request.id),
          ),
          eq(earlierTimeOffers.state, 'open'),
          lte(earlierTimeOffers.expiresAt, now),
        ),
      );
    const access: AccessEntry[] = [];
    let written = 0;
    for (const { request, appointment, contact } of chosen) {
      const token = randomToken(24);
      // A matching of another time on another instance may have just given this request its
      // open offer: the one-open-offer index refuses a second, and this request is skipped.
      const [offer] = await t
        .insert(earlierTimeOffers)
        .values({ requestId: request.id, appointmentId: appointment.id, slotId, tokenHash: sha256(token), expiresAt, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: earlierTimeOffers.id });
      if (!offer) continue;
      written++;
      const lang = request.language;
      const link = offerLink(request.origin, lang, encodeAnonymousCode(offer.id, token));
      const messages = await offerMessages(
        {
          slotStartAt: slot.startAt,
          currentStartAt: appointment.startAt,
          expiresAt,
          locationType: slot.locationType,
          isRemote: slot.isRemote,
          specialtyName: found.specialtyName,
          clinic: found.clinic,
        },
        { phone: contact.phone, email: contact.email, language: lang, brand: request.brand },
        link,
      );
      for (const message of messages) queued.push(await enqueueMessage(t, message));
      access.push({
        actorPersonId: null,
        actorKind: 'system',
        reason: 'care',
        subjectPersonId: appointment.patientId,
        action: 'create',
        resource: 'appointment:earlier-time-offer',
        resourceId: String(appointment.id),
      });
    }
    if (written === 0) return 0;
    await logAccesses(t, access);
    await recordEvent(t, 'earlierTimeOffer', { slotId, specialtyId: slot.specialtyId, offers: written });
    return written;
  });
  await deliverAfterCommit(queued);
  return { offered };
}

/**
 * After a commit that freed a time (a cancellation, a move): offers it to the waiting. Never
 * throws — the caller's change is done; a failure here is the sweep's to make up.
 */
export async function afterSlotFreed(db: Db, slotId: number | null | undefined, options: { now?: Date } = {}): Promise<void> {
  if (!slotId) return;
  try {
    await offerFreedSlot(db, slotId, options);
  } catch (error) {
    logger.warn({ err: error, slotId }, 'earlier-time matching failed; the sweep offers the time');
  }
}

// ---------------------------------------------------------------------------------------------
// The sweep

export interface EarlierTimeSweepSummary {
  /** Requests ended (appointment cancelled, passed, inside the cancellation limit, latest date passed). */
  ended: number;
  /** Offers closed unanswered. */
  expired: number;
  /** Free times offered, and the offers written. */
  slots: number;
  offers: number;
}

/**
 * The periodic work: ends requests that can no longer be served, closes offers whose hour has
 * passed, and offers every free time that suits a waiting request and has no open batch — new
 * times, times whose batch expired untaken, times whose after-commit matching was lost.
 */
export async function runEarlierTimeSweep(db: Db, options: { now?: Date; settings?: OfferSettings; limit?: number } = {}): Promise<EarlierTimeSweepSummary> {
  const now = options.now ?? clock.now();
  const settings = options.settings ?? offerSettings();
  const today = helsinkiDate(now);
  const summary: EarlierTimeSweepSummary = { ended: 0, expired: 0, slots: 0, offers: 0 };

  const active = await db
    .select({ request: earlierTimeRequests, startAt: appointments.startAt, cancelledAt: appointments.cancelledAt })
    .from(earlierTimeRequests)
    .innerJoin(appointments, eq(appointments.id, earlierTimeRequests.appointmentId))
    .where(
      and(
        eq(earlierTimeRequests.state, 'active'),
        or(
          sql`${appointments.cancelledAt} is not null`,
          lte(appointments.startAt, new Date(now.getTime() + settings.cancellationLimitHours * 3_600_000)),
          sql`${earlierTimeRequests.latestDate} < ${today}`,
        ),
      ),
    );
  const ending = active.filter((r) =>
    requestEndReason({ startAt: r.startAt, cancelledAt: r.cancelledAt }, r.request, now, today, settings.cancellationLimitHours),
  );
  if (ending.length) {
    await withTransaction(db, async (t) => {
      const ids = ending.map((r) => r.request.id);
      await t
        .update(earlierTimeRequests)
        .set({ state: 'ended', endedAt: now })
        .where(and(inArray(earlierTimeRequests.id, ids), eq(earlierTimeRequests.state, 'active')));
      await voidOpenOffers(t, ids, now);
    });
    summary.ended = ending.length;
  }

  const expired = await db
    .update(earlierTimeOffers)
    .set({ state: 'expired', answeredAt: now })
    .where(and(eq(earlierTimeOffers.state, 'open'), lte(earlierTimeOffers.expiresAt, now)))
    .returning({ id: earlierTimeOffers.id });
  summary.expired = expired.length;

  const movableUntil = new Date(now.getTime() + settings.cancellationLimitHours * 3_600_000);
  const soonest = new Date(now.getTime() + (settings.minNoticeMinutes + 10) * 60_000);
  const candidates = await db
    .selectDistinct({ id: appointmentSlots.id, startAt: appointmentSlots.startAt })
    .from(appointmentSlots)
    .innerJoin(
      earlierTimeRequests,
      and(
        eq(earlierTimeRequests.state, 'active'),
        eq(earlierTimeRequests.specialtyId, appointmentSlots.specialtyId),
        or(isNull(earlierTimeRequests.practitionerId), eq(earlierTimeRequests.practitionerId, appointmentSlots.practitionerId)),
        sql`${appointmentSlots.clinicId} = any(${earlierTimeRequests.clinicIds})`,
        sql`${appointmentSlots.localDate} <= ${earlierTimeRequests.latestDate}`,
      ),
    )
    .innerJoin(appointments, eq(appointments.id, earlierTimeRequests.appointmentId))
    .where(
      and(
        gt(appointmentSlots.startAt, soonest),
        isNull(appointments.cancelledAt),
        gt(appointments.startAt, appointmentSlots.startAt),
        sql`${appointments.startAt} >= ${movableUntil.toISOString()}::timestamptz`,
        sql`${appointments.payerType} = any(${appointmentSlots.payerTypes})`,
        sql`not exists (select 1 from appointments x where x.slot_id = ${appointmentSlots.id} and x.cancelled_at is null)`,
        sql`not exists (select 1 from ${earlierTimeOffers} o where o.slot_id = ${appointmentSlots.id} and o.state = 'open')`,
        sql`not exists (select 1 from ${earlierTimeOffers} o2 where o2.slot_id = ${appointmentSlots.id} and o2.request_id = ${earlierTimeRequests.id})`,
        // A request with an open offer waits for its answer (the expired ones were closed above).
        sql`not exists (select 1 from ${earlierTimeOffers} o3 where o3.request_id = ${earlierTimeRequests.id} and o3.state = 'open')`,
        sql`exists (select 1 from ${persons} p where p.id = ${earlierTimeRequests.requestedById} and (p.phone is not null or p.email is not null))`,
      ),
    )
    .orderBy(asc(appointmentSlots.startAt))
    .limit(options.limit ?? 100);
  for (const candidate of candidates) {
    const { offered } = await offerFreedSlot(db, candidate.id, { now, settings });
    if (offered) {
      summary.slots++;
      summary.offers += offered;
    }
  }
  return summary;
}

/** The sweep's queue on the instance's job runner (ADR 0019, 0029): every minute, one run per tick. */
const EARLIER_TIME_QUEUE = 'earlier-time-offers';

export async function scheduleEarlierTimeJob(runner: JobRunner, getDb: () => Promise<Db>): Promise<void> {
  await runner.work(EARLIER_TIME_QUEUE, async () => {
    const summary = await runEarlierTimeSweep(await getDb());
    if (summary.ended || summary.expired || summary.offers) logger.info({ ...summary }, 'earlier-time offers swept');
  });
  await runner.schedule(EARLIER_TIME_QUEUE, 1);
}
