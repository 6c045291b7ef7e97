/**
 * The booking transaction (ADR 0025): the patient's row is locked (`select … for update`) so the
 * per-person limit counts correctly under concurrency, the appointment is inserted as a
 * self-contained copy of the slot (time, place, specialty, price estimate), the payer adds its
 * rows, the confirmation messages are queued in the outbox (and handed to delivery after the
 * commit, ADR 0029) and the reminder is scheduled (ADR 0031). The partial unique index
 * `appointments_slot_live_idx` lets one live appointment hold a slot: the loser of a race gets a
 * unique violation, its transaction rolls back whole and it answers `appointmentNotAvailable`.
 */
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import { appointments, persons } from '~db/schema';
import { brand as brandFacts } from '~/brands';
import type { Language } from '~/i18n/config';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { recordEvent } from '~/services/analytics/analytics.server';
import { scheduleReminder } from '~/services/appointments/reminders.server';
import { encodeAnonymousCode } from '~/models/appointments/anonymous-code';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { deliverAfterCommit, enqueueMessage, type OutboxRow } from '~/services/outbox/outbox.server';
import type { PersonRow } from '~/services/people/people.server';
import { holdAtPracticeSystem } from '~/services/practice-system/booking.server';
import type { Payer, PayerBooking } from '../payers/index.server';
import { anonymousLink, confirmationMessages } from '../reservation-messages.server';
import { isUniqueViolation, reservationLimitReached } from '../reservation-rules';
import type { ReservationSettings } from './settings.server';
import { appointmentCopyOfSlot, isTaken, slotPreview, type SlotWithPlace } from './slot.server';
import type { ReservationResult, ResolvedContext } from './types';

/** Whether the person already holds as many future online reservations as allowed. */
async function reservationsFull(db: Db, patientId: string, now: Date, settings: ReservationSettings): Promise<boolean> {
  const [held] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), isNull(appointments.cancelledAt), gt(appointments.startAt, now), ne(appointments.bookedVia, 'staff')));
  return reservationLimitReached(Number(held?.n ?? 0), settings.maxFutureReservations);
}

export interface BookingInput {
  /** The open slot, as loaded just before (slots do not change; the unique index guards taking it). */
  slot: SlotWithPlace;
  patient: PersonRow;
  /** The logged-in user who books (null when anonymous). */
  bookedById: string | null;
  bookedVia: 'web' | 'web-anonymous' | 'in-app';
  /**
   * Where this booking's confirmation and reminder go. It is never saved to the person's record:
   * a phone or e-mail changes only on my information, after a recent identification and with a
   * notice to the old one (ADR 0047).
   */
  contact: { phone: string; email: string | null };
  payer: Payer;
  /** What the payer adds (the insurance row), prepared before. */
  booking: PayerBooking;
  /** The language of the confirmation messages. */
  messageLang: Language;
}

/** The partial unique index that lets one live appointment hold a slot (db/schema.ts). */
const SLOT_TAKEN_CONSTRAINT = 'appointments_slot_live_idx';

type BookingOutcome =
  | Extract<ReservationResult, { type: 'success' }>
  | { type: 'appointmentNotAvailable' | 'tooManyReservations' | 'treatmentChainCreationFailed' | 'practiceSystemUnavailable' };

/**
 * Books the slot. The payer's external step (the insurer's treatment chain) runs first, after
 * a lock-free check that the booking fits (the slot free, the person under the limit), so no
 * external call waits while the transaction holds the person's row lock (ADR 0025); the
 * transaction then checks again under the lock and writes only our rows.
 */
export async function book(db: Db, input: BookingInput, ctx: ResolvedContext): Promise<BookingOutcome> {
  const { now, settings } = ctx;
  const brand = brandFacts(ctx.brand);
  const { slot } = input.slot;
  if (await reservationsFull(db, input.patient.id, now, settings)) return { type: 'tooManyReservations' };
  if (await isTaken(db, slot.id)) return { type: 'appointmentNotAvailable' };
  const external = await input.payer.beforeTransaction(db, input.booking, input.patient, slot);
  if (external.type !== 'ok') return external;
  // The practice system first (ADR 0051; nothing to do with the built-in calendar): given back if ours does not commit.
  const held = await holdAtPracticeSystem(db, ctx.practiceSystem, {
    slotId: slot.id,
    patient: input.patient,
    clinicId: slot.clinicId,
    practitionerId: slot.practitionerId,
    specialtyId: slot.specialtyId,
    notAfter: new Date(slot.startAt.getTime() - settings.cancellationLimitHours * 3_600_000),
  });
  if (held.type !== 'held') return held;
  let committed = false;
  // The confirmation messages written in the transaction, sent once it has committed.
  const queued: OutboxRow[] = [];
  try {
    const outcome = await withTransaction(db, async (t) => {
      // Serialises this person's reservations, so the limit below cannot be passed by racing.
      await t.select({ id: persons.id }).from(persons).where(eq(persons.id, input.patient.id)).for('update');
      if (await reservationsFull(t, input.patient.id, now, settings)) return { type: 'tooManyReservations' as const };

      const row = input.slot;
      const token = randomToken(24);
      const [created] = await t
        .insert(appointments)
        .values({
          ...appointmentCopyOfSlot(slot, input.payer),
          patientId: input.patient.id,
          bookedById: input.bookedById,
          bookedVia: input.bookedVia,
          payerType: input.payer.payerType,
          isSpecificTime: true,
          anonymousTokenHash: sha256(token),
          createdAt: now,
        })
        .returning();
      const appointment = created!;
      const anonymousCode = encodeAnonymousCode(appointment.id, token);
      await input.payer.afterInsert(t, input.booking, { id: appointment.id, patientId: input.patient.id, slotId: slot.id });
      await held.record(t, appointment.id);

      await logAccess(t, {
        actorPersonId: input.bookedById,
        subjectPersonId: input.patient.id,
        action: 'create',
        resource: input.bookedById ? 'appointment:reservation' : 'appointment:anonymous-reservation',
        resourceId: String(appointment.id),
      });
      await recordEvent(t, 'reservationSuccess', {
        appointmentId: appointment.id,
        slotId: slot.id,
        specialtyId: slot.specialtyId,
        payerType: input.payer.payerType,
        anonymous: input.bookedById === null,
      });
      const facts = {
        appointmentId: appointment.id,
        anonymousCode,
        startAt: appointment.startAt,
        durationMinutes: appointment.durationMinutes,
        createdAt: appointment.createdAt,
        locationType: appointment.locationType,
        isRemote: appointment.isRemote,
        specialtyName: row.specialtyName,
        clinic: row.clinic,
      };
      const messages = await confirmationMessages(facts, input.contact, {
        lang: input.messageLang,
        origin: ctx.origin,
        brand,
        cancellationLimitHours: settings.cancellationLimitHours,
        ...input.payer.messageFacts(input.booking),
      });
      for (const message of messages) queued.push(await enqueueMessage(t, message));
      // The reminder goes where the confirmation went (ADR 0031).
      await scheduleReminder(t, appointment.id, {
        now,
        recipient: {
          phone: input.contact.phone,
          email: input.contact.email,
          language: input.messageLang,
          brand: ctx.brand,
        },
      });

      const lang = ctx.lang;
      const preview = slotPreview(row, input.payer, lang);
      return {
        type: 'success' as const,
        appointmentId: appointment.id,
        anonymousCode,
        reservationDetails: {
          appointmentId: appointment.id,
          startAt: preview.startAt,
          endAt: preview.endAt,
          durationMinutes: preview.durationMinutes,
          kindId: preview.kindId,
          kind: preview.kindName,
          specialty: preview.specialtyName,
          locationType: preview.locationType,
          isRemote: preview.isRemote,
          clinic: {
            name: preview.clinic.name,
            streetAddress: preview.clinic.streetAddress,
            postalCode: preview.clinic.postalCode,
            postOffice: preview.clinic.postOffice,
          },
          practitioner: { name: preview.practitioner.name, title: preview.practitioner.title },
          price: preview.price,
          anonymousLink: anonymousLink(ctx.origin, lang, anonymousCode),
        },
      };
    });
    committed = outcome.type === 'success';
    if (committed) await deliverAfterCommit(queued);
    return outcome;
  } catch (error) {
    // The loser of a race for the slot: its whole transaction rolled back.
    if (isUniqueViolation(error, SLOT_TAKEN_CONSTRAINT)) return { type: 'appointmentNotAvailable' };
    throw error;
  } finally {
    if (!committed) await held.release();
  }
}
