/**
 * Earlier-time offers (issue 24 part 2, ADR 0037): the request page's and the offer link's
 * service. The matching and the sweep are in earlier-time-matching.server.ts.
 *
 * - **Request**: on an upcoming appointment the patient (or their guardian) asks to be told of an
 *   earlier time: the same specialty, this practitioner or any, one of a list of clinics, on or
 *   before a latest date. One active request per appointment; changing it keeps its place in line.
 * - **Matching** (`offerFreedSlot`): when a time is free — a cancellation (cancelAppointment's
 *   after-commit hook), a move (the move's freed time), a new slot (the sweep) — the first
 *   `batchSize` waiting requests it suits, in order of request, get an offer each: a single-use
 *   link (only its token's hash is kept) that closes after `offerMinutes`. The free time's row is
 *   locked (`FOR NO KEY UPDATE`, which a booking's foreign-key check does not wait for) while a
 *   batch is chosen, so two instances matching the same time at once send one batch; the unique
 *   (request, slot) index makes a repeat impossible anyway.
 * - **Take it** (`takeOffer`): the link's offer is claimed with one conditional update (single
 *   use), then the appointment is moved by the move service, whose unique index on a slot's live
 *   appointment lets exactly one of many takers win; the others' offers become `taken` and their
 *   requests stay on the list. The winner's request is fulfilled and the time they left is
 *   matched onward.
 * - **Sweep** (`runEarlierTimeSweep`, every minute on the job runner): ends requests whose
 *   appointment was cancelled, passed or came inside the cancellation limit, expires offers, and
 *   offers every free time that suits a waiting request and has no open batch (new slots, a batch
 *   that expired untaken, a lost after-commit kick).
 *
 * Who may see the visit is asked again whenever something is done on a request (issue 39): the
 * matching sends an offer only while the one who asked may still see the visit, and the offer
 * link shows and takes nothing once they may not. The offers go to the requester's own saved
 * phone and e-mail, one open offer per request at a time; a closed link shows only its state.
 *
 * Every offer written is an access-log row (the system read the appointment, reason `care`);
 * requests, withdrawals, offer page views and takes are logged as the person (or the link's
 * anonymous holder) who did them. Offer messages go through the outbox like every message.
 */
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  appointments,
  appointmentSlots,
  clinics,
  earlierTimeOffers,
  earlierTimeRequests,
  persons,
  practitionerClinics,
  practitioners,
  practitionerSpecialties,
  specialties,
} from '~db/schema';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { textsIn } from '~/i18n/i18n.server';
import { clock } from '~/lib/clock.server';
import { constantTimeEqual, sha256 } from '~/lib/crypto.server';
import { helsinkiDate } from '~/lib/dates';
import { formatDate, formatDateTime } from '~/lib/format';
import { parseAnonymousCode } from '~/models/appointments/anonymous-code';
import type { EarlierTimeStatusView, OfferPageView, TakeOfferResult } from '~/models/appointments/earlier-time';
import type { MoveResult } from '~/models/appointments/move';
import type { BrandKey } from '~/brands';
import { recordEvent } from '~/services/analytics/analytics.server';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { appointmentVisibility, type Viewer } from '~/services/people/viewer.server';
import type { FhirClient } from '~/services/practice-system/fhir-client';
import { afterSlotFreed, endRequestsNoLongerSeen, offerSettings, requesterSees, voidOpenOffers } from './earlier-time-matching.server';
import { isMovable } from './earlier-time-rules';
import { messagePlace } from './ics';
import { moveAppointment } from './move.server';

// ---------------------------------------------------------------------------------------------
// The request

async function visibleAppointment(db: Db, viewer: Viewer, id: number) {
  const [row] = await db
    .select({ appointment: appointments, practitioner: { firstName: practitioners.firstName, lastName: practitioners.lastName } })
    .from(appointments)
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .where(and(eq(appointments.id, id), appointmentVisibility(viewer)))
    .limit(1);
  return row ?? null;
}

/** The clinics where the specialty is given (where its practitioners work), and the appointment's own. */
async function clinicsFor(db: Db, specialtyId: string, ownClinicId: string) {
  const rows = await db
    .selectDistinct({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .leftJoin(practitionerClinics, eq(practitionerClinics.clinicId, clinics.id))
    .leftJoin(
      practitionerSpecialties,
      and(eq(practitionerSpecialties.practitionerId, practitionerClinics.practitionerId), eq(practitionerSpecialties.specialtyId, specialtyId)),
    )
    .where(or(eq(clinics.id, ownClinicId), sql`${practitionerSpecialties.specialtyId} is not null`))
    .orderBy(asc(clinics.name));
  return rows;
}

async function activeRequestOf(db: Db, appointmentId: number) {
  const [row] = await db
    .select()
    .from(earlierTimeRequests)
    .where(and(eq(earlierTimeRequests.appointmentId, appointmentId), eq(earlierTimeRequests.state, 'active')))
    .limit(1);
  return row ?? null;
}

export interface ActiveRequestView {
  requestedText: string;
  latestDateText: string;
  practitionerName: string | null;
  clinicNames: string[];
}

async function activeView(db: Db, request: typeof earlierTimeRequests.$inferSelect, lang: Language): Promise<ActiveRequestView> {
  const names = await db.select({ id: clinics.id, name: clinics.name }).from(clinics).where(inArray(clinics.id, request.clinicIds));
  const [practitioner] = request.practitionerId
    ? await db
        .select({ firstName: practitioners.firstName, lastName: practitioners.lastName })
        .from(practitioners)
        .where(eq(practitioners.id, request.practitionerId))
    : [];
  return {
    requestedText: formatDateTime(request.requestedAt, lang),
    latestDateText: formatDate(request.latestDate, lang),
    practitionerName: practitioner ? `${practitioner.firstName} ${practitioner.lastName}` : null,
    clinicNames: request.clinicIds.map((id) => names.find((c) => c.id === id)?.name ?? id),
  };
}

/** What the request page offers: the choices, their defaults, the contact, and the active request. */
export interface RequestForm {
  appointmentId: number;
  startText: string;
  mayRequest: boolean;
  practitioner: { id: string; name: string };
  clinics: { id: string; name: string }[];
  /** The latest date's range (today … the appointment's day) and its default. */
  latestDate: { min: string; max: string; value: string };
  practitionerChoice: 'same' | 'any';
  clinicIds: string[];
  /**
   * Where the offers go: the viewer's own saved contact (`you`: a new request, their own, or the
   * patient's, who takes the request over when they save it), or — a request someone else made,
   * which the viewer's save does not take over — that person's, which is not shown (`requester`).
   */
  offersTo: { type: 'you'; phone: string | null; email: string | null } | { type: 'requester' };
  active: ActiveRequestView | null;
}

/** Whether the viewer's save makes them the requester: a new request, their own, or they are the patient. */
const savingTakesOver = (viewerId: string, patientId: string, active: { requestedById: string } | null) =>
  active === null || active.requestedById === viewerId || viewerId === patientId;

export async function requestForm(db: Db, viewer: Viewer, appointmentId: number, lang: Language, now = clock.now()): Promise<RequestForm | null> {
  const row = await visibleAppointment(db, viewer, appointmentId);
  if (!row) return null;
  const a = row.appointment;
  const [own] = await db.select({ phone: persons.phone, email: persons.email }).from(persons).where(eq(persons.id, viewer.personId));
  const active = await activeRequestOf(db, a.id);
  const day = helsinkiDate(a.startAt);
  await logAccess(db, {
    actorPersonId: viewer.personId,
    subjectPersonId: a.patientId,
    action: 'view',
    resource: 'appointment:earlier-time-request',
    resourceId: String(a.id),
  });
  return {
    appointmentId: a.id,
    startText: formatDateTime(a.startAt, lang),
    mayRequest: a.cancelledAt === null && isMovable(a.startAt, now, offerSettings().cancellationLimitHours),
    practitioner: { id: a.practitionerId, name: `${row.practitioner.firstName} ${row.practitioner.lastName}` },
    clinics: await clinicsFor(db, a.specialtyId, a.clinicId),
    latestDate: { min: helsinkiDate(now), max: day, value: active?.latestDate ?? day },
    practitionerChoice: active ? (active.practitionerId ? 'same' : 'any') : 'same',
    clinicIds: active?.clinicIds ?? [a.clinicId],
    offersTo: savingTakesOver(viewer.personId, a.patientId, active)
      ? { type: 'you', phone: own?.phone ?? null, email: own?.email ?? null }
      : { type: 'requester' },
    active: active ? await activeView(db, active, lang) : null,
  };
}

export interface RequestInput {
  practitioner: 'same' | 'any';
  clinicIds: string[];
  latestDate: string;
}

export interface RequestContext {
  lang: Language;
  brand: BrandKey;
  /** The portal's origin the request is made on: the offer links point there. */
  origin: string;
  now?: Date;
}

export type RequestResult = 'requested' | 'updated' | 'notFound' | 'notAllowed' | 'invalid' | 'noContact';

/**
 * Puts the appointment on the list for an earlier time, or changes its request (keeping its
 * place in line). Refused for a cancelled appointment or one inside the cancellation limit (it
 * could not be moved), and for limits outside the choices (`invalid`).
 *
 * The offers go to the requester's own saved phone and e-mail (issue 39). A new request is the
 * viewer's; a change keeps the request's requester — and so where its offers go, and their
 * language — unless the viewer is the patient, who takes it over: a guardian's change never
 * re-points a ward's (or the other guardian's) request to the guardian. A viewer who would become
 * the requester with neither a phone nor an e-mail on record is refused (`noContact`).
 */
export async function requestEarlierTime(db: Db, viewer: Viewer, appointmentId: number, input: RequestInput, ctx: RequestContext): Promise<RequestResult> {
  const now = ctx.now ?? clock.now();
  const row = await visibleAppointment(db, viewer, appointmentId);
  if (!row) return 'notFound';
  const a = row.appointment;
  if (a.cancelledAt || !isMovable(a.startAt, now, offerSettings().cancellationLimitHours)) return 'notAllowed';
  const allowed = new Set((await clinicsFor(db, a.specialtyId, a.clinicId)).map((c) => c.id));
  const clinicIds = [...new Set(input.clinicIds)];
  if (clinicIds.length === 0 || clinicIds.some((id) => !allowed.has(id))) return 'invalid';
  if (input.latestDate < helsinkiDate(now) || input.latestDate > helsinkiDate(a.startAt)) return 'invalid';
  const criteria = {
    specialtyId: a.specialtyId,
    practitionerId: input.practitioner === 'same' ? a.practitionerId : null,
    clinicIds,
    latestDate: input.latestDate,
  };
  const owner = { requestedById: viewer.personId, language: ctx.lang, brand: ctx.brand, origin: ctx.origin };
  const result = await withTransaction(db, async (t): Promise<RequestResult> => {
    const [current] = await t
      .select({ id: earlierTimeRequests.id, requestedById: earlierTimeRequests.requestedById })
      .from(earlierTimeRequests)
      .where(and(eq(earlierTimeRequests.appointmentId, a.id), eq(earlierTimeRequests.state, 'active')))
      .for('update');
    const takesOver = savingTakesOver(viewer.personId, a.patientId, current ?? null);
    if (takesOver) {
      const [own] = await t.select({ phone: persons.phone, email: persons.email }).from(persons).where(eq(persons.id, viewer.personId));
      if (!own?.phone && !own?.email) return 'noContact';
    }
    if (current) {
      await t
        .update(earlierTimeRequests)
        .set(takesOver ? { ...criteria, ...owner } : criteria)
        .where(eq(earlierTimeRequests.id, current.id));
    } else {
      // A second post at the same moment meets the active-request unique index and does nothing.
      await t
        .insert(earlierTimeRequests)
        .values({ ...criteria, ...owner, appointmentId: a.id, patientId: a.patientId, requestedAt: now })
        .onConflictDoNothing();
    }
    await logAccess(t, {
      actorPersonId: viewer.personId,
      subjectPersonId: a.patientId,
      action: current ? 'change' : 'create',
      resource: 'appointment:earlier-time-request',
      resourceId: String(a.id),
    });
    await recordEvent(t, 'earlierTimeRequest', {
      appointmentId: a.id,
      specialtyId: a.specialtyId,
      anyPractitioner: input.practitioner === 'any',
      clinics: clinicIds.length,
      changed: Boolean(current),
    });
    return current ? 'updated' : 'requested';
  });
  return result;
}

/** Withdraws the appointment's request; its open offers stop working. */
export async function withdrawEarlierTime(db: Db, viewer: Viewer, appointmentId: number, now = clock.now()): Promise<'withdrawn' | 'notFound'> {
  const row = await visibleAppointment(db, viewer, appointmentId);
  if (!row) return 'notFound';
  await withTransaction(db, async (t) => {
    const ended = await t
      .update(earlierTimeRequests)
      .set({ state: 'withdrawn', endedAt: now })
      .where(and(eq(earlierTimeRequests.appointmentId, appointmentId), eq(earlierTimeRequests.state, 'active')))
      .returning({ id: earlierTimeRequests.id });
    if (ended.length === 0) return;
    await voidOpenOffers(
      t,
      ended.map((r) => r.id),
      now,
    );
    await logAccess(t, {
      actorPersonId: viewer.personId,
      subjectPersonId: row.appointment.patientId,
      action: 'change',
      resource: 'appointment:earlier-time-withdraw',
      resourceId: String(appointmentId),
    });
    await recordEvent(t, 'earlierTimeWithdraw', { appointmentId });
  });
  return 'withdrawn';
}

/**
 * The box on the appointment page, per live (not cancelled, not ended) appointment the page has
 * read (the caller has checked and logged the views): its start comes from the page's own read,
 * so this is one statement, the active requests.
 */
export async function earlierTimeStatuses(
  db: Db,
  live: readonly { id: number; startAt: string }[],
  lang: Language,
): Promise<Record<number, EarlierTimeStatusView>> {
  const result: Record<number, EarlierTimeStatusView> = {};
  if (live.length === 0) return result;
  const now = clock.now();
  const limit = offerSettings().cancellationLimitHours;
  const requests = await db
    .select()
    .from(earlierTimeRequests)
    .where(
      and(
        inArray(
          earlierTimeRequests.appointmentId,
          live.map((a) => a.id),
        ),
        eq(earlierTimeRequests.state, 'active'),
      ),
    );
  for (const appointment of live) {
    const request = requests.find((r) => r.appointmentId === appointment.id);
    result[appointment.id] = request
      ? { type: 'active', ...(await activeView(db, request, lang)) }
      : { type: 'none', mayRequest: isMovable(new Date(appointment.startAt), now, limit) };
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The offer link

async function findOffer(db: Db, code: string) {
  const parsed = parseAnonymousCode(code);
  if (!parsed) return null;
  const [row] = await db
    .select({
      offer: earlierTimeOffers,
      request: earlierTimeRequests,
      appointment: appointments,
      slot: appointmentSlots,
      clinic: clinics,
      specialtyName: specialties.name,
      practitioner: { firstName: practitioners.firstName, lastName: practitioners.lastName },
    })
    .from(earlierTimeOffers)
    .innerJoin(earlierTimeRequests, eq(earlierTimeRequests.id, earlierTimeOffers.requestId))
    .innerJoin(appointments, eq(appointments.id, earlierTimeOffers.appointmentId))
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, earlierTimeOffers.slotId))
    .innerJoin(clinics, eq(clinics.id, appointmentSlots.clinicId))
    .innerJoin(specialties, eq(specialties.id, appointmentSlots.specialtyId))
    .innerJoin(practitioners, eq(practitioners.id, appointmentSlots.practitionerId))
    .where(eq(earlierTimeOffers.id, parsed.appointmentId))
    .limit(1);
  if (!row || !constantTimeEqual(row.offer.tokenHash, sha256(parsed.token))) return null;
  return row;
}

type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

async function slotHolder(db: Db, slotId: number) {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.slotId, slotId), isNull(appointments.cancelledAt)))
    .limit(1);
  return row?.id ?? null;
}

/** The offer's state as its holder sees it now. */
async function offerState(db: Db, row: OfferRow, now: Date): Promise<Exclude<OfferPageView['state'], 'notFound'>> {
  const { offer, request, appointment } = row;
  if (offer.state === 'void') return 'ended';
  const holder = await slotHolder(db, offer.slotId);
  // Taken with this link: the appointment holds the time (a claim whose move never happened is not).
  if (offer.state === 'accepted') return holder === appointment.id ? 'accepted' : holder !== null ? 'taken' : 'ended';
  if (offer.state === 'taken') return 'taken';
  if (holder !== null) return holder === appointment.id ? 'accepted' : 'taken';
  if (request.state !== 'active' || appointment.cancelledAt || appointment.startAt.getTime() <= row.slot.startAt.getTime()) return 'ended';
  if (offer.state === 'expired' || offer.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/** The binding-reservation window (BINDING_CONSENT_HOURS; the booking's rule, spec 3). */
const bindingConsentNeeded = (startAt: Date, now: Date) => {
  const hours = env().BINDING_CONSENT_HOURS;
  return hours > 0 && startAt.getTime() - now.getTime() < hours * 3_600_000;
};

const placeText = async (lang: Language, facts: Parameters<typeof messagePlace>[1]) => messagePlace(await textsIn(lang), facts);

/**
 * What the offer page shows. Only an open offer shows anything of the appointment (and is an
 * access-log row: the link's holder viewed it); a closed link — used, taken, expired, void —
 * shows only its own state, and a link whose requester may no longer see the visit (hidden from
 * guardians since, a ward turned 12, a professional's mark, an ended guardianship) is "no longer
 * available" whatever its state (issue 39).
 */
export async function getOffer(db: Db, code: string, lang: Language, now = clock.now()): Promise<OfferPageView> {
  const row = await findOffer(db, code);
  if (!row) return { state: 'notFound' };
  if (!(await requesterSees(db, row.request, row.appointment, now))) {
    await logAccess(db, {
      actorPersonId: null,
      subjectPersonId: row.appointment.patientId,
      action: 'refused',
      resource: 'appointment:earlier-time-offer-link',
      resourceId: String(row.appointment.id),
    });
    return { state: 'ended' };
  }
  const state = await offerState(db, row, now);
  if (state !== 'open') return { state };
  await logAccess(db, {
    actorPersonId: null,
    subjectPersonId: row.appointment.patientId,
    action: 'view',
    resource: 'appointment:earlier-time-offer-link',
    resourceId: String(row.appointment.id),
  });
  const [currentClinic] = await db.select().from(clinics).where(eq(clinics.id, row.appointment.clinicId));
  return {
    state,
    offerId: row.offer.id,
    current: {
      startText: formatDateTime(row.appointment.startAt, lang),
      placeText: await placeText(lang, { locationType: row.appointment.locationType, isRemote: row.appointment.isRemote, clinic: currentClinic! }),
    },
    offered: {
      startText: formatDateTime(row.slot.startAt, lang),
      placeText: await placeText(lang, { locationType: row.slot.locationType, isRemote: row.slot.isRemote, clinic: row.clinic }),
      practitionerName: `${row.practitioner.firstName} ${row.practitioner.lastName}`,
      specialtyName: row.specialtyName[lang],
    },
    expiresText: formatDateTime(row.offer.expiresAt, lang),
    binding: bindingConsentNeeded(row.slot.startAt, now) ? { hours: env().BINDING_CONSENT_HOURS } : null,
  };
}

/** The take's own step found the request ended or its requester no longer allowed to see the visit: the move rolls back. */
class OfferNoLongerValid extends Error {
  constructor() {
    super('the earlier-time request ended or its requester may no longer see the appointment');
  }
}

/** A take refused because the requester may no longer see the visit: the request ends, the offer is void, the refusal logged. */
async function refuseUnseen(db: Db, row: OfferRow, now: Date, result: string): Promise<'ended'> {
  await withTransaction(db, async (t) => {
    await t
      .update(earlierTimeOffers)
      .set({ state: 'void', answeredAt: now })
      .where(and(eq(earlierTimeOffers.id, row.offer.id), inArray(earlierTimeOffers.state, ['open', 'accepted'])));
    await endRequestsNoLongerSeen(t, row.appointment.id, now);
    await logAccess(t, {
      actorPersonId: null,
      subjectPersonId: row.appointment.patientId,
      action: 'refused',
      resource: 'appointment:earlier-time-take',
      resourceId: String(row.appointment.id),
    });
    await recordEvent(t, 'earlierTimeTake', { offerId: row.offer.id, slotId: row.offer.slotId, result });
  });
  return 'ended';
}

/**
 * "Take it": claims the offer (single use: one conditional update), moves the appointment to the
 * offered time through the move service — whose unique index lets one of many takers win — and
 * records the outcome: the winner's request is fulfilled and its other offers stop working, the
 * other open offers of the time become `taken`, and the time the winner left is offered onward.
 * A loser's request stays on the list. Refused (`ended`) when the one who asked may no longer see
 * the visit — checked before the claim and again inside the move's transaction (issue 39).
 */
export async function takeOffer(
  db: Db,
  code: string,
  options: { now?: Date; bindingApproved?: boolean; practiceSystem?: FhirClient | null } = {},
): Promise<TakeOfferResult> {
  const now = options.now ?? clock.now();
  const row = await findOffer(db, code);
  if (!row) return 'notFound';
  if (!(await requesterSees(db, row.request, row.appointment, now))) return refuseUnseen(db, row, now, 'notVisible');
  const state = await offerState(db, row, now);
  if (state !== 'open') return state === 'accepted' ? 'alreadyYours' : state;
  const { offer, appointment } = row;
  const claimed = await db
    .update(earlierTimeOffers)
    .set({ state: 'accepted', answeredAt: now })
    .where(and(eq(earlierTimeOffers.id, offer.id), eq(earlierTimeOffers.state, 'open'), gt(earlierTimeOffers.expiresAt, now)))
    .returning({ id: earlierTimeOffers.id });
  if (claimed.length === 0) {
    // Another click of the same link, or the offer closed in between: say what it is now.
    const again = await findOffer(db, code);
    const now2 = again ? await offerState(db, again, now) : 'ended';
    return now2 === 'accepted' ? 'alreadyYours' : now2 === 'open' ? 'failed' : now2;
  }
  // The bookkeeping of a win runs inside the move's transaction: the appointment moves and the
  // request is fulfilled, its other offers end and the time's other offers become `taken`, or
  // nothing changes. The appointment's row is locked by the move, so a hiding at the same moment
  // is either seen here (and the move rolls back) or comes after the move.
  let moved: MoveResult;
  try {
    moved = await moveAppointment(
      db,
      { actor: { kind: 'offer', appointmentId: appointment.id }, slotId: offer.slotId, bindingApproved: options.bindingApproved === true },
      {
        now,
        // The time is taken at the practice system first (ADR 0051), as any move.
        practiceSystem: options.practiceSystem,
        inTransaction: async (t) => {
          const fulfilled = await t
            .update(earlierTimeRequests)
            .set({ state: 'fulfilled', endedAt: now })
            .where(and(eq(earlierTimeRequests.id, row.request.id), eq(earlierTimeRequests.state, 'active')))
            .returning({ id: earlierTimeRequests.id });
          if (fulfilled.length === 0 || !(await requesterSees(t, row.request, appointment, now))) throw new OfferNoLongerValid();
          await voidOpenOffers(t, [row.request.id], now);
          // The others who were offered this time: it is taken (their requests stay on the list).
          await t
            .update(earlierTimeOffers)
            .set({ state: 'taken', answeredAt: now })
            .where(and(eq(earlierTimeOffers.slotId, offer.slotId), eq(earlierTimeOffers.state, 'open')));
          await logAccess(t, {
            actorPersonId: null,
            subjectPersonId: appointment.patientId,
            action: 'change',
            resource: 'appointment:earlier-time-take',
            resourceId: String(appointment.id),
          });
          await recordEvent(t, 'earlierTimeTake', { offerId: offer.id, slotId: offer.slotId, result: 'success' });
        },
      },
    );
  } catch (error) {
    if (!(error instanceof OfferNoLongerValid)) throw error;
    return refuseUnseen(db, row, now, 'ended');
  }
  if (moved.type !== 'moved') {
    // Lost the race: `taken`. A refusal the holder can answer (the binding consent) or a passing
    // failure: the offer opens again. Anything else (the appointment can no longer move): void.
    const next =
      moved.type === 'slotTaken'
        ? 'taken'
        : moved.type === 'bindingConsentRequired' || moved.type === 'unknownError' || moved.type === 'practiceSystemUnavailable'
          ? 'open'
          : 'void';
    await withTransaction(db, async (t) => {
      await t
        .update(earlierTimeOffers)
        .set({ state: next, answeredAt: next === 'open' ? null : now })
        .where(and(eq(earlierTimeOffers.id, offer.id), eq(earlierTimeOffers.state, 'accepted')));
      await logAccess(t, {
        actorPersonId: null,
        subjectPersonId: appointment.patientId,
        action: 'refused',
        resource: 'appointment:earlier-time-take',
        resourceId: String(appointment.id),
      });
      await recordEvent(t, 'earlierTimeTake', { offerId: offer.id, slotId: offer.slotId, result: moved.type });
    });
    if (next === 'taken') return 'taken';
    return moved.type === 'bindingConsentRequired' ? 'bindingRequired' : 'failed';
  }
  // The time the winner left goes to the next ones waiting (the move service does it for every
  // move; again here is harmless: a time with an open batch is not offered twice).
  await afterSlotFreed(db, moved.freedSlotId, { now });
  return 'success';
}
