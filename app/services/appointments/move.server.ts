/**
 * Moving an appointment to another free time (issue 24, ADR 0036): the one service behind the
 * "Change time" pages (logged in: the anonymous link leads there through strong identification,
 * as cancelling does, issue 39) and the earlier-time offers' "take it".
 *
 * A move is one transaction: the appointment row is locked and checked again, it takes the new
 * slot (its copy of time, place, practitioner and price is rewritten, its revision goes up) and
 * so lets go of the old one, the reminder is computed again for the new start, the confirmation
 * of the new time is queued in the outbox, and the access log and the analytics event are
 * written; or nothing changes. The partial unique index `appointments_slot_live_idx` still
 * guarantees one live appointment per slot: the loser of a race for the new time gets a unique
 * violation, its whole transaction rolls back and it answers `slotTaken` (its old time kept).
 *
 * The limits of cancelling apply (moveCheck: no move inside the cancellation limit), the new
 * time must be of the same service and offered to the appointment's payer, and the payer's
 * rules are asked again for it (the billing block of who pays, the occupational agreement's
 * cover, the insurer's treatment chain for a direct-compensation permit).
 *
 * A remote visit's fee paid online in advance follows the visit only to a remote time of the
 * same price; moved elsewhere it is refunded (or, not yet paid, credited) in the same
 * transaction, and the refund is sent to the payment provider after the commit (ADR 0048).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { appointmentReminders, appointments, persons } from '~db/schema';
import { brand as brandFacts } from '~/brands';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { textsIn } from '~/i18n/i18n.server';
import { clock } from '~/lib/clock.server';
import { formatDateTime, formatMoney } from '~/lib/format';
import type { MovePayerRefusal, MovePreview, MoveRefusal, MoveResult, MovedTime } from '~/models/appointments/move';
import { recordEvent } from '~/services/analytics/analytics.server';
import { logAccess } from '~/services/audit/access-log.server';
import { payerOfAppointment, type Payer, type PayerBooking } from '~/services/booking/payers/index.server';
import { bindingConsentRequired, isUniqueViolation } from '~/services/booking/reservation-rules';
import { reservationSettings, type ReservationSettings } from '~/services/booking/reservation/settings.server';
import { appointmentCopyOfSlot, findSlot, isOpenFor, isTaken, slotPreview, type SlotWithPlace } from '~/services/booking/reservation/slot.server';
import { prepaymentPreview, sendRefundAfterCommit, settlePrepaymentOnMove } from '~/services/billing/refunds.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { captureServerError } from '~/services/observability/sentry.server';
import type { FhirClient } from '~/services/practice-system/fhir-client';
import { holdMoveAtPracticeSystem } from '~/services/practice-system/move.server';
import { practiceSystemClient } from '~/services/practice-system/practice-system.server';
import { deliverAfterCommit, enqueueMessage, type OutboxMessage, type OutboxRow } from '~/services/outbox/outbox.server';
import type { PersonRow } from '~/services/people/people.server';
import type { Viewer } from '~/services/people/viewer.server';
import { baseQuery, findVisible, logViews, toView, type AppointmentRow } from './appointments.server';
import { calendarAttachment, messagePlace } from './ics';
import { newAppointmentLink } from './links.server';
import { bookingContactOf, noticeRecipientsOf, refusesBookingSms, scheduleReminder } from './reminders.server';
import { afterSlotFreed } from './earlier-time-matching.server';
import { reminderChannels } from './reminder-rules';
import { moveCheck } from './rules';

/**
 * Who moves the appointment:
 * - `viewer`: a logged-in person, their own appointment or a ward's they may see (the viewer rules);
 * - `offer`: an earlier-time offer, on behalf of the appointment's patient, with no session. The
 *   offers service has verified the offer (its token, bound to this appointment and this time,
 *   unexpired, unused) before calling; this service trusts it for whose appointment it is.
 */
export type MoveActor = { kind: 'viewer'; viewer: Viewer; appointmentId: number } | { kind: 'offer'; appointmentId: number };

export interface MoveOptions {
  now?: Date;
  settings?: ReservationSettings;
  /**
   * Runs inside the move's transaction once the appointment has moved (the earlier-time offers:
   * mark the offer taken, end the request), so it and the move commit together or not at all;
   * throwing rolls the move back (the error propagates to the caller unless it is the slot's
   * unique violation).
   */
  inTransaction?: (t: Db, moved: { appointmentId: number; from: MovedTime; to: MovedTime; revision: number }) => Promise<void>;
  /** The practice system's client (ADR 0051; null: the built-in calendar); by default the configured one. */
  practiceSystem?: FhirClient | null;
}

export interface MoveInput {
  actor: MoveActor;
  /** The new time (a free slot). */
  slotId: number;
  /** The binding-reservation consent, needed when the new time is inside BINDING_CONSENT_HOURS. */
  bindingApproved?: boolean;
}

const ACCESS_RESOURCE = { viewer: 'appointment:move', offer: 'appointment:offer-move' } as const;

const actorPersonId = (actor: MoveActor): string | null => (actor.kind === 'viewer' ? actor.viewer.personId : null);

/** The appointment the actor may move (its row), or null: someone else's and a missing one alike. */
async function appointmentOfActor(db: Db, actor: MoveActor): Promise<AppointmentRow | null> {
  switch (actor.kind) {
    case 'viewer':
      return findVisible(db, actor.viewer, actor.appointmentId);
    case 'offer': {
      const [row] = await baseQuery(db).where(eq(appointments.id, actor.appointmentId)).limit(1);
      return row ?? null;
    }
  }
}

/** The time of an appointment row as a move reports it (only MovedTime's fields). */
const timeOf = (a: MovedTime): MovedTime => ({
  slotId: a.slotId,
  startAt: a.startAt,
  durationMinutes: a.durationMinutes,
  clinicId: a.clinicId,
  practitionerId: a.practitionerId,
  specialtyId: a.specialtyId,
  isRemote: a.isRemote,
});

/**
 * The appointment's own limits (the cancel's) and its payer (the payer registry's, ADR 0025):
 * the payer whose rules the new time must meet, or why the appointment may not be moved.
 */
function movable(a: AppointmentRow['appointment'], now: Date, settings: ReservationSettings): { type: 'movable'; payer: Payer } | MoveRefusal {
  const check = moveCheck(a, now, settings.cancellationLimitHours);
  if (!check.ok) return check.reason === 'tooLate' ? { type: 'tooLate', hours: settings.cancellationLimitHours } : { type: 'notMovable' };
  const payer = payerOfAppointment(a.payerType);
  return payer ? { type: 'movable', payer } : { type: 'notMovable' };
}

interface Target {
  slot: SlotWithPlace;
  payer: Payer;
  /** The payer's data of the booking (the insurance row), read once for the checks and the insurer's step. */
  booking: PayerBooking;
  bindingRequired: boolean;
}

/** Who pays the visit: the guardian who booked a ward's, else the patient (their billing block applies). */
async function payingPerson(db: Db, a: AppointmentRow['appointment']): Promise<PersonRow | null> {
  const [person] = await db
    .select()
    .from(persons)
    .where(eq(persons.id, a.bookedById ?? a.patientId))
    .limit(1);
  return person ?? null;
}

async function patientOf(db: Db, a: AppointmentRow['appointment']): Promise<PersonRow | null> {
  const [person] = await db.select().from(persons).where(eq(persons.id, a.patientId)).limit(1);
  return person ?? null;
}

/** The new time's checks, before any lock: open, the same service, free, and the payer's rules. */
async function targetRefusal(
  db: Db,
  a: AppointmentRow['appointment'],
  payer: Payer,
  slotId: number,
  now: Date,
  settings: ReservationSettings,
): Promise<MoveRefusal | Target> {
  const slot = await findSlot(db, slotId);
  if (!slot || !isOpenFor(slot.slot, payer, now) || slot.slot.specialtyId !== a.specialtyId) return { type: 'slotNotAvailable' };
  if (slot.slot.id === a.slotId) return { type: 'sameTime' };
  if (await isTaken(db, slot.slot.id)) return { type: 'slotTaken' };
  const booking = await payer.bookingOf(db, a.id);
  const payerRefusal = await payerRules(db, a, payer, booking, slot);
  if (payerRefusal) return payerRefusal;
  return { slot, payer, booking, bindingRequired: bindingConsentRequired(slot.slot.startAt, now, settings.bindingConsentHours) };
}

/** The payer's rules for the new time (database only; the insurer is asked just before the transaction). */
async function payerRules(
  db: Db,
  a: AppointmentRow['appointment'],
  payer: Payer,
  booking: PayerBooking,
  slot: SlotWithPlace,
): Promise<Extract<MoveRefusal, { type: 'payerNotEligible' | 'payerRefusesTime' }> | null> {
  const refuses = (reason: MovePayerRefusal) => ({ type: 'payerNotEligible', reason }) as const;
  const paying = await payingPerson(db, a);
  const patient = await patientOf(db, a);
  if (!paying || !patient) return refuses('notCovered');
  const ineligible = payer.ineligibility(paying);
  if (ineligible) return refuses(ineligible);
  // The booking's own payer data (the insurance choice) for the new time: another time may do.
  const timeRefusal = payer.timeRefusal(booking, slot.slot);
  if (timeRefusal) return { type: 'payerRefusesTime', reason: timeRefusal };
  const terms = await payer.bookingTerms(db, patient, slot.slot);
  if (terms.type === 'ok') return null;
  switch (terms.type) {
    case 'noOccupationalHealthcare':
    case 'noWebReservation':
    case 'notCreditworthy':
    case 'treatmentChainCreationFailed':
      return refuses(terms.type);
    default:
      return refuses('notCovered');
  }
}

/**
 * What the confirm step shows (and the checks a move would make, without the binding consent):
 * the appointment now and at the new time, and what changes. Logs the view of the appointment.
 */
export async function previewMove(db: Db, actor: MoveActor, slotId: number, lang: Language, options: MoveOptions = {}): Promise<MovePreview | MoveRefusal> {
  const now = options.now ?? clock.now();
  const settings = options.settings ?? reservationSettings();
  const row = await appointmentOfActor(db, actor);
  if (!row) return { type: 'notFound' };
  await logViews(db, actor.kind === 'viewer' ? actor.viewer : null, [row]);
  const ok = movable(row.appointment, now, settings);
  if (ok.type !== 'movable') return ok;
  const target = await targetRefusal(db, row.appointment, ok.payer, slotId, now, settings);
  if ('type' in target) return target;
  const current = toView(row, actor.kind === 'viewer' ? actor.viewer : null, lang, now);
  const next = { ...slotPreview(target.slot, target.payer, lang), id: row.appointment.id, patientName: current.patientName };
  const { slot } = target.slot;
  const a = row.appointment;
  const prepaid = await prepaymentPreview(
    db,
    { appointmentId: a.id, isRemote: a.isRemote, payerType: a.payerType },
    { isRemote: slot.isRemote, price: target.payer.price(slot) },
  );
  return {
    type: 'ready',
    current,
    next,
    bindingRequired: target.bindingRequired,
    changes: {
      time: slot.startAt.getTime() !== a.startAt.getTime() || slot.durationMinutes !== a.durationMinutes,
      place: slot.clinicId !== a.clinicId || slot.locationType !== a.locationType,
      practitioner: slot.practitionerId !== a.practitionerId,
      price: (current.price?.totalCents ?? null) !== (next.price?.totalCents ?? null),
    },
    prepayment: prepaid.outcome === 'refund' || prepaid.outcome === 'credit' ? { outcome: prepaid.outcome, sum: formatMoney(prepaid.sumCents, lang) } : null,
  };
}

/**
 * The appointment behind an actor for the start of a move and the search's reschedule context
 * (its time, service, practitioner and place; the payer whose search finds the new time, or the
 * refusal when it may not be moved); null when none. Logs the view of the appointment.
 */
export async function appointmentToMove(db: Db, actor: MoveActor, options: MoveOptions = {}) {
  const now = options.now ?? clock.now();
  const settings = options.settings ?? reservationSettings();
  const row = await appointmentOfActor(db, actor);
  if (!row) return null;
  await logViews(db, actor.kind === 'viewer' ? actor.viewer : null, [row]);
  const a = row.appointment;
  const facts = {
    appointmentId: a.id,
    specialtyId: a.specialtyId,
    practitionerId: a.practitionerId,
    clinicId: a.clinicId,
    isRemote: a.isRemote,
    startAt: a.startAt,
  };
  const ok = movable(a, now, settings);
  return ok.type === 'movable' ? { ...facts, refusal: null, payer: ok.payer.key } : { ...facts, refusal: ok, payer: null };
}

/** Records a refused or failed move (ids and the result's type only). */
async function refused(db: Db, actor: MoveActor, slotId: number, result: MoveRefusal, appointmentId: number | null): Promise<MoveRefusal> {
  await recordEvent(db, 'reservationMoveError', { appointmentId, slotId, via: actor.kind, type: result.type }).catch((error: unknown) =>
    logger.error({ err: error }, 'could not record the move error event'),
  );
  return result;
}

/** The partial unique index that lets one live appointment hold a slot (db/schema/appointments.ts). */
const SLOT_TAKEN_CONSTRAINT = 'appointments_slot_live_idx';

/**
 * Moves the appointment to the free time `slotId`, or refuses with the reason (see MoveResult).
 * Never throws for a refusal; an unexpected error is reported and answered `unknownError`, and
 * then nothing has changed.
 */
export async function moveAppointment(db: Db, input: MoveInput, options: MoveOptions = {}): Promise<MoveResult> {
  const now = options.now ?? clock.now();
  const settings = options.settings ?? reservationSettings();
  const { actor, slotId } = input;
  let appointmentId: number | null = null;
  // The caller's own step failed: its error is the caller's to handle (the move rolled back).
  const caller = { failed: false };
  const callerStep = options.inTransaction;
  const hook: MoveOptions['inTransaction'] = callerStep
    ? async (t, moved) => {
        try {
          await callerStep(t, moved);
        } catch (error) {
          caller.failed = true;
          throw error;
        }
      }
    : undefined;
  try {
    const row = await appointmentOfActor(db, actor);
    if (!row) return await refused(db, actor, slotId, { type: 'notFound' }, null);
    appointmentId = row.appointment.id;
    const early = movable(row.appointment, now, settings);
    if (early.type !== 'movable') return await refused(db, actor, slotId, early, appointmentId);
    const target = await targetRefusal(db, row.appointment, early.payer, slotId, now, settings);
    if ('type' in target) return await refused(db, actor, slotId, target, appointmentId);
    if (target.bindingRequired && input.bindingApproved !== true) return await refused(db, actor, slotId, { type: 'bindingConsentRequired' }, appointmentId);

    // The insurer's step for the new time, outside the transaction (no lock waits on it, ADR 0025).
    const patient = await patientOf(db, row.appointment);
    if (!patient) return await refused(db, actor, slotId, { type: 'notFound' }, appointmentId);
    const external = await target.payer.beforeTransaction(db, target.booking, patient, target.slot.slot);
    if (external.type !== 'ok') return await refused(db, actor, slotId, { type: 'payerNotEligible', reason: external.type }, appointmentId);

    // The practice system first (ADR 0051): the new time taken there, the old one freed.
    const { slot: newSlot } = target.slot;
    const held = await holdMoveAtPracticeSystem(db, options.practiceSystem === undefined ? practiceSystemClient() : options.practiceSystem, {
      appointmentId,
      slotId: newSlot.id,
      practitionerId: newSlot.practitionerId,
      clinicId: newSlot.clinicId,
      specialtyId: newSlot.specialtyId,
      now,
    });
    if (held.type !== 'held') {
      const refusal: MoveRefusal = held.type === 'tooLate' ? { type: 'tooLate', hours: settings.cancellationLimitHours } : { type: held.type };
      return await refused(db, actor, slotId, refusal, appointmentId);
    }
    const recorded: MoveOptions['inTransaction'] = async (t, moved) => {
      await held.record(t);
      if (hook) await hook(t, moved);
    };
    const outcome = await inTransaction(db, actor, row, target, now, settings, recorded).catch(async (error: unknown) => {
      await held.release();
      throw error;
    });
    if (outcome.type !== 'moved') {
      await held.release();
      return await refused(db, actor, slotId, outcome, appointmentId);
    }
    await deliverAfterCommit(outcome.queued);
    // A prepayment the move refunds goes back through the provider (ADR 0048; never throws).
    await sendRefundAfterCommit(db, outcome.refundId, now);
    // The time let go of is offered to those waiting for an earlier one (ADR 0037; never throws).
    await afterSlotFreed(db, outcome.freedSlotId, { now });
    const { queued, refundId: _sent, ...moved } = outcome;
    return { ...moved, messages: queued.length };
  } catch (error) {
    if (isUniqueViolation(error, SLOT_TAKEN_CONSTRAINT)) return refused(db, actor, slotId, { type: 'slotTaken' }, appointmentId);
    if (caller.failed) throw error;
    logger.error({ err: error, slotId, appointmentId }, 'moving an appointment failed');
    captureServerError(error);
    return refused(db, actor, slotId, { type: 'unknownError' }, appointmentId);
  }
}

type TransactionOutcome = (Omit<Extract<MoveResult, { type: 'moved' }>, 'messages'> & { queued: OutboxRow[]; refundId: string | null }) | MoveRefusal;

async function inTransaction(
  db: Db,
  actor: MoveActor,
  row: AppointmentRow,
  target: Target,
  now: Date,
  settings: ReservationSettings,
  hook: MoveOptions['inTransaction'],
): Promise<TransactionOutcome> {
  const id = row.appointment.id;
  const { slot } = target.slot;
  return withTransaction(db, async (t): Promise<TransactionOutcome> => {
    // The appointment as it is now, locked: a second move, a cancellation or a check-in of it
    // waits for this one, and this one checks its limits again on what they left.
    const [locked] = await t.select().from(appointments).where(eq(appointments.id, id)).for('update');
    if (!locked) return { type: 'notFound' };
    const again = movable(locked, now, settings);
    if (again.type !== 'movable') return again;
    if (locked.slotId === slot.id) return { type: 'sameTime' };
    const revision = locked.revision + 1;
    // Taking the new slot lets go of the old one; a slot someone else holds fails the unique index.
    const [moved] = await t
      .update(appointments)
      .set({
        ...appointmentCopyOfSlot(slot, target.payer),
        roomLocation: null,
        revision,
        revisedAt: now,
      })
      .where(and(eq(appointments.id, id), eq(appointments.revision, locked.revision), isNull(appointments.cancelledAt)))
      .returning();
    if (!moved) return { type: 'notMovable' };

    // The visit's fee paid online in advance follows it only to a remote time of the same price:
    // otherwise refunded (or, unpaid, credited) with the move, or not at all (ADR 0048).
    const prepayment = await settlePrepaymentOnMove(
      t,
      { appointmentId: id, before: { isRemote: locked.isRemote, payerType: locked.payerType }, after: { isRemote: moved.isRemote, price: moved.price } },
      now,
    );
    // The reminder follows the new start (ADR 0031): computed again, armed again if already written.
    await scheduleReminder(t, id, { now });
    await logAccess(t, {
      actorPersonId: actorPersonId(actor),
      subjectPersonId: locked.patientId,
      action: 'change',
      resource: ACCESS_RESOURCE[actor.kind],
      resourceId: String(id),
    });
    await recordEvent(t, 'reservationMove', {
      appointmentId: id,
      fromSlotId: locked.slotId,
      slotId: slot.id,
      specialtyId: slot.specialtyId,
      payerType: locked.payerType,
      via: actor.kind,
    });
    const queued: OutboxRow[] = [];
    for (const message of await movedMessages(t, moved, target.slot, locked.startAt, now)) queued.push(await enqueueMessage(t, message));
    const from = timeOf(locked);
    const to = timeOf(moved);
    if (hook) await hook(t, { appointmentId: id, from, to, revision });
    return {
      type: 'moved',
      appointmentId: id,
      revision,
      from,
      to,
      freedSlotId: locked.slotId,
      queued,
      prepayment: prepayment.outcome,
      refundId: prepayment.refundId,
    };
  });
}

/**
 * The confirmation of the new time, whatever made the appointment (ADR 0046): to whom the viewer
 * rules say now, as the reminder would go (`noticeRecipientsOf`: where the booking's confirmation
 * went while the booker may still see the visit, else the patient's own contact, else the
 * guardians who may see it), on the channels the patient's SMS consent allows, each recipient with
 * an anonymous link of its own, in their language, with the calendar entry of the same UID and the
 * next SEQUENCE. None when nobody who may see the visit has a contact.
 */
async function movedMessages(t: Db, moved: typeof appointments.$inferSelect, slot: SlotWithPlace, oldStartAt: Date, now: Date): Promise<OutboxMessage[]> {
  const [reminder] = await t.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, moved.id)).limit(1);
  const who = await noticeRecipientsOf(t, moved, bookingContactOf(reminder), now);
  if (who.type === 'none') return [];
  const refusedSms = await refusesBookingSms(t, moved.patientId);
  const messages: OutboxMessage[] = [];
  for (const recipient of who.recipients) {
    const channels = reminderChannels({ refusedSms, phone: recipient.phone, email: recipient.email });
    if (channels.length === 0) continue;
    const lang = recipient.language;
    const brand = brandFacts(recipient.brand);
    const tr = await textsIn(lang);
    const link = await newAppointmentLink(t, moved.id, lang, now);
    const facts = { locationType: moved.locationType, isRemote: moved.isRemote, clinic: slot.clinic };
    const values = {
      time: formatDateTime(moved.startAt, lang),
      oldTime: formatDateTime(oldStartAt, lang),
      place: messagePlace(tr, facts),
      service: slot.specialtyName[lang],
      brand: brand.name,
      link,
      hours: env().CANCELLATION_LIMIT_HOURS,
    };
    const common = { kind: 'confirmation' as const, brand: recipient.brand, language: lang };
    if (channels.includes('sms') && recipient.phone) {
      messages.push({ ...common, channel: 'sms', recipient: recipient.phone, body: `${tr('move.message.sms', values)} ${tr('move.message.smsLink', values)}` });
    }
    if (channels.includes('email') && recipient.email) {
      messages.push({
        ...common,
        channel: 'email',
        recipient: recipient.email,
        subject: tr('move.message.emailSubject', values),
        body: [tr('move.message.emailBody', values), tr('move.message.emailLink', values), tr('move.message.emailClosing', values)].join('\n\n'),
        attachments: [
          calendarAttachment(
            tr,
            {
              appointmentId: moved.id,
              startAt: moved.startAt,
              durationMinutes: moved.durationMinutes,
              createdAt: moved.createdAt,
              revision: moved.revision,
              revisedAt: moved.revisedAt,
              service: values.service,
              place: values.place,
              link,
            },
            brand,
          ),
        ],
      });
    }
  }
  return messages;
}
