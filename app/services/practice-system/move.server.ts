/**
 * Moving an appointment written through to the practice system first (ADR 0051). Before the
 * portal's move transaction, one FHIR transaction makes the new Slot busy, the old Slot free and
 * the Appointment point at the new time (its slot, start, end and the new time's practitioner,
 * location and service), each guarded by the version just read (`If-Match`): whoever took the
 * new time meanwhile — another portal, a clerk — or changed the appointment makes the whole
 * transaction fail (`slotTaken`: the spec's "time taken"), and nothing changes there. The IG's
 * mutability extension on the Appointment (not reschedulable, or not after a time) is the
 * practice system's word on whether the patient may move it at all.
 *
 * The portal then records the new versions in its own move transaction (`record`); if that
 * transaction does not commit, `release` puts the appointment back at the practice system (the
 * old Slot busy, the new one free), so nothing stays half done. With the built-in calendar (no
 * client) holding is a no-op.
 */
import { eq } from 'drizzle-orm';
import type { Appointment, AppointmentParticipant, Bundle, Slot } from '@medplum/fhirtypes';
import { practiceSystemAppointments, practiceSystemSlots } from '~db/schema';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { recordPracticeSystemError } from '~/services/observability/metrics.server';
import { PracticeSystemError, type FhirClient } from './fhir-client';
import { mutabilityCheck } from './mutability';

export interface MoveHoldInput {
  appointmentId: number;
  /** The new time's local slot and its place and person. */
  slotId: number;
  practitionerId: string;
  clinicId: string;
  specialtyId: string;
  now: Date;
}

export interface MoveHold {
  type: 'held';
  /** Records the new versions in the portal's move transaction. */
  record(tx: Db): Promise<void>;
  /** Puts the appointment back at the practice system when the portal's transaction did not commit. */
  release(): Promise<void>;
}

export type MoveHoldResult = MoveHold | { type: 'slotTaken' | 'slotNotAvailable' | 'notMovable' | 'tooLate' | 'practiceSystemUnavailable' };

const NOTHING_HELD: MoveHold = { type: 'held', record: async () => {}, release: async () => {} };

const versioned = (resource: { meta?: { versionId?: string } }) => `W/"${resource.meta?.versionId ?? ''}"`;

/** The participants with the new time's practitioner, location and service (the patient and others kept). */
function participantsAt(current: AppointmentParticipant[], input: MoveHoldInput): AppointmentParticipant[] {
  const replaced = ['Practitioner/', 'Location/', 'HealthcareService/'];
  const kept = current.filter((p) => !replaced.some((prefix) => p.actor?.reference?.startsWith(prefix)));
  return [
    ...kept,
    { actor: { reference: `Practitioner/${input.practitionerId}` }, status: 'accepted' },
    { actor: { reference: `Location/${input.clinicId}` }, status: 'accepted' },
    { actor: { reference: `HealthcareService/${input.specialtyId}` }, status: 'accepted' },
  ];
}

/** Moves the appointment at the practice system (see the module comment). */
export async function holdMoveAtPracticeSystem(db: Db, client: FhirClient | null, input: MoveHoldInput): Promise<MoveHoldResult> {
  if (!client) return NOTHING_HELD;
  const [appointmentLink] = await db
    .select()
    .from(practiceSystemAppointments)
    .where(eq(practiceSystemAppointments.appointmentId, input.appointmentId))
    .limit(1);
  const [slotLink] = await db.select().from(practiceSystemSlots).where(eq(practiceSystemSlots.slotId, input.slotId)).limit(1);
  // An appointment or a time the practice system does not know cannot be moved with it.
  if (!appointmentLink) return { type: 'notMovable' };
  if (!slotLink) return { type: 'slotNotAvailable' };
  try {
    const current = await client.read<Appointment>(`Appointment/${appointmentLink.fhirId}`);
    if (current.status !== 'booked' && current.status !== 'pending' && current.status !== 'proposed') return { type: 'notMovable' };
    const mutability = mutabilityCheck(current, 'move', input.now);
    if (mutability !== 'ok') return { type: mutability === 'tooLate' ? 'tooLate' : 'notMovable' };
    const target = await client.read<Slot>(`Slot/${slotLink.fhirId}`);
    if (target.status !== 'free') return { type: 'slotTaken' };
    const oldReference = current.slot?.[0]?.reference;
    const old = oldReference ? await client.read<Slot>(oldReference) : null;

    const moved: Appointment = {
      ...current,
      start: target.start,
      end: target.end,
      slot: [{ reference: `Slot/${slotLink.fhirId}` }],
      participant: participantsAt(current.participant, input),
    };
    const answer: Bundle = await client.transaction([
      { resource: moved, request: { method: 'PUT', url: `Appointment/${current.id}`, ifMatch: versioned(current) } },
      { resource: { ...target, status: 'busy' }, request: { method: 'PUT', url: `Slot/${slotLink.fhirId}`, ifMatch: versioned(target) } },
      ...(old && oldReference && old.status === 'busy'
        ? [{ resource: { ...old, status: 'free' as const }, request: { method: 'PUT' as const, url: oldReference, ifMatch: versioned(old) } }]
        : []),
    ]);
    const versionOf = (n: number) => answer.entry?.[n]?.resource?.meta?.versionId;
    return {
      type: 'held',
      record: async (tx) => {
        await tx
          .update(practiceSystemAppointments)
          .set({ versionId: versionOf(0) ?? appointmentLink.versionId })
          .where(eq(practiceSystemAppointments.fhirId, appointmentLink.fhirId));
        await tx
          .update(practiceSystemSlots)
          .set({ status: 'busy', versionId: versionOf(1) ?? slotLink.versionId })
          .where(eq(practiceSystemSlots.fhirId, slotLink.fhirId));
        const oldFhirId = oldReference?.replace(/^Slot\//, '');
        if (old && oldFhirId && versionOf(2))
          await tx
            .update(practiceSystemSlots)
            .set({ status: 'free', versionId: versionOf(2)! })
            .where(eq(practiceSystemSlots.fhirId, oldFhirId));
      },
      release: async () => {
        try {
          const now = await client.read<Appointment>(`Appointment/${current.id}`);
          const taken = await client.read<Slot>(`Slot/${slotLink.fhirId}`);
          const freed = old && oldReference ? await client.read<Slot>(oldReference) : null;
          await client.transaction([
            { resource: { ...current, meta: now.meta }, request: { method: 'PUT', url: `Appointment/${current.id}`, ifMatch: versioned(now) } },
            { resource: { ...taken, status: 'free' }, request: { method: 'PUT', url: `Slot/${slotLink.fhirId}`, ifMatch: versioned(taken) } },
            ...(freed && oldReference && old?.status === 'busy'
              ? [{ resource: { ...freed, status: 'busy' as const }, request: { method: 'PUT' as const, url: oldReference, ifMatch: versioned(freed) } }]
              : []),
          ]);
        } catch (error) {
          // The sync shows the state as it is; the staff see the appointment at its new time.
          logger.error(
            { err: error, appointmentId: input.appointmentId, slotId: input.slotId },
            'could not put a moved appointment back at the practice system',
          );
        }
      },
    };
  } catch (error) {
    if (error instanceof PracticeSystemError) {
      recordPracticeSystemError('move', error.kind);
      if (error.kind === 'conflict') return { type: 'slotTaken' };
      logger.warn(
        { kind: error.kind, operation: error.message, appointmentId: input.appointmentId, slotId: input.slotId },
        'practice system refused or unreachable while moving',
      );
      return { type: 'practiceSystemUnavailable' };
    }
    throw error;
  }
}
