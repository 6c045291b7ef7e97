/**
 * Booking written through to the practice system first (ADR 0051). Before the portal's booking
 * transaction, the time is held at the practice system: one FHIR transaction creates the
 * Appointment and makes the Slot busy, guarded by the Slot's version (`If-Match`), so whoever
 * else took the time — another portal instance, a clerk — makes this one fail whole (`conflict`:
 * the spec's "time taken"). The portal then writes its rows and records the links in its own
 * transaction (`record`); if that transaction does not commit, `release` gives the time back at
 * the practice system (the Appointment cancelled, the Slot free), so nothing stays half done.
 *
 * With the built-in calendar (no client) holding is a no-op.
 */
import { eq } from 'drizzle-orm';
import type { Appointment, Bundle, BundleEntry, Patient, Slot } from '@medplum/fhirtypes';
import { practiceSystemPatients, practiceSystemSlots } from '~db/schema';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { recordPracticeSystemError } from '~/services/observability/metrics.server';
import { PracticeSystemError, type FhirClient } from './fhir-client';
import { MUTABILITY_EXTENSION } from './mutability';
import { IDENTITY_CODE_SYSTEM, linkAppointment, linkPatient } from './sync.server';

export { MUTABILITY_EXTENSION };

export interface HoldInput {
  slotId: number;
  patient: { id: string; identityCode: string; firstName: string; lastName: string; birthDate: string };
  clinicId: string;
  practitionerId: string;
  specialtyId: string;
  /** Until when the patient may cancel or move it online (the cancellation limit). */
  notAfter: Date;
}

export interface Hold {
  type: 'held';
  /** Records the links in the portal's booking transaction. */
  record(tx: Db, appointmentId: number): Promise<void>;
  /** Gives the time back at the practice system when the portal's transaction did not commit. */
  release(): Promise<void>;
}

export type HoldResult = Hold | { type: 'appointmentNotAvailable' } | { type: 'practiceSystemUnavailable' };

const NOTHING_HELD: Hold = { type: 'held', record: async () => {}, release: async () => {} };

/** The practice system's Patient of a person: the linked one, else found by the identity code, else registered. */
async function patientReference(db: Db, client: FhirClient, patient: HoldInput['patient']): Promise<string> {
  const [linked] = await db
    .select({ fhirId: practiceSystemPatients.fhirId })
    .from(practiceSystemPatients)
    .where(eq(practiceSystemPatients.personId, patient.id))
    .limit(1);
  if (linked) return linked.fhirId;
  const byCode = `identifier=${encodeURIComponent(`${IDENTITY_CODE_SYSTEM}|${patient.identityCode}`)}`;
  const found = await client.bundle<Patient>(`Patient?${byCode}`);
  let fhirId = found.entry?.[0]?.resource?.id;
  if (!fhirId) {
    // Conditional (If-None-Exist): two instances registering the same new patient at once get one
    // Patient. The search before it still finds one the staff registered on a server that ignores
    // the condition (conditional create is optional in R4).
    const created = await client.create<Patient>(
      {
        resourceType: 'Patient',
        identifier: [{ system: IDENTITY_CODE_SYSTEM, value: patient.identityCode }],
        name: [{ family: patient.lastName, given: patient.firstName.split(' ').filter(Boolean) }],
        birthDate: patient.birthDate,
      },
      { ifNoneExist: byCode },
    );
    fhirId = created.id!;
  }
  await linkPatient(db, fhirId, patient.id);
  return fhirId;
}

/** Holds the slot's time at the practice system (see the module comment). */
export async function holdAtPracticeSystem(db: Db, client: FhirClient | null, input: HoldInput): Promise<HoldResult> {
  if (!client) return NOTHING_HELD;
  const [link] = await db.select().from(practiceSystemSlots).where(eq(practiceSystemSlots.slotId, input.slotId)).limit(1);
  // A time the practice system does not know is not bookable with it.
  if (!link) return { type: 'appointmentNotAvailable' };
  try {
    const patientId = await patientReference(db, client, input.patient);
    const slot = await client.read<Slot>(`Slot/${link.fhirId}`);
    if (slot.status !== 'free') return { type: 'appointmentNotAvailable' };
    const appointment: Appointment = {
      resourceType: 'Appointment',
      status: 'booked',
      start: slot.start,
      end: slot.end,
      slot: [{ reference: `Slot/${link.fhirId}` }],
      participant: [
        { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${input.practitionerId}` }, status: 'accepted' },
        { actor: { reference: `Location/${input.clinicId}` }, status: 'accepted' },
        { actor: { reference: `HealthcareService/${input.specialtyId}` }, status: 'accepted' },
      ],
      extension: [
        {
          url: MUTABILITY_EXTENSION,
          extension: [
            { url: 'Cancellable', valueBoolean: true },
            { url: 'Reschedulable', valueBoolean: true },
            { url: 'NotAfter', valueDateTime: input.notAfter.toISOString() },
          ],
        },
      ],
    };
    const entries: BundleEntry[] = [
      { fullUrl: `urn:uuid:${crypto.randomUUID()}`, resource: appointment, request: { method: 'POST', url: 'Appointment' } },
      { resource: { ...slot, status: 'busy' }, request: { method: 'PUT', url: `Slot/${link.fhirId}`, ifMatch: `W/"${slot.meta?.versionId ?? ''}"` } },
    ];
    const answer: Bundle = await client.transaction(entries);
    const created = answer.entry?.[0]?.resource as Appointment | undefined;
    const busy = answer.entry?.[1]?.resource as Slot | undefined;
    if (!created?.id) throw new PracticeSystemError('rejected', 'POST transaction: no Appointment in the answer');
    return {
      type: 'held',
      record: async (tx, appointmentId) => {
        await linkAppointment(tx, appointmentId, { ...created, id: created.id! });
        await tx
          .update(practiceSystemSlots)
          .set({ status: 'busy', versionId: busy?.meta?.versionId ?? link.versionId })
          .where(eq(practiceSystemSlots.fhirId, link.fhirId));
      },
      release: async () => {
        try {
          const current = await client.read<Slot>(`Slot/${link.fhirId}`);
          await client.transaction([
            {
              resource: { ...created, status: 'cancelled', cancelationReason: { text: 'not completed in the portal' } } as Appointment,
              request: { method: 'PUT', url: `Appointment/${created.id}` },
            },
            {
              resource: { ...current, status: 'free' },
              request: { method: 'PUT', url: `Slot/${link.fhirId}`, ifMatch: `W/"${current.meta?.versionId ?? ''}"` },
            },
          ]);
        } catch (error) {
          // The sync shows the state as it is; the staff see a cancelled appointment to tidy.
          logger.error({ err: error, slotId: input.slotId }, 'could not release a time held at the practice system');
        }
      },
    };
  } catch (error) {
    if (error instanceof PracticeSystemError) {
      recordPracticeSystemError('book', error.kind);
      if (error.kind === 'conflict') return { type: 'appointmentNotAvailable' };
      logger.warn({ kind: error.kind, operation: error.message, slotId: input.slotId }, 'practice system refused or unreachable while booking');
      return { type: 'practiceSystemUnavailable' };
    }
    throw error;
  }
}
