/**
 * A patient's change to an appointment written through to the practice system first (ADR 0051):
 * cancelling (the Appointment `cancelled` and its Slot `free` again, in one transaction) and
 * checking in (`arrived`), each guarded by the versions just read (`If-Match`). The caller
 * changes its row only when this answers `ok`; with the built-in calendar, or for an appointment
 * the practice system does not know, there is nothing to write.
 */
import { eq } from 'drizzle-orm';
import type { Appointment, BundleEntry, Slot } from '@medplum/fhirtypes';
import { practiceSystemAppointments } from '~db/schema';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { PracticeSystemError, type FhirClient } from './fhir-client';

export type AppointmentChange = 'cancel' | 'arrive';

const versioned = (resource: { meta?: { versionId?: string } }) => `W/"${resource.meta?.versionId ?? ''}"`;

export async function writeAppointmentChange(db: Db, client: FhirClient | null, appointmentId: number, change: AppointmentChange): Promise<'ok' | 'failed'> {
  if (!client) return 'ok';
  const [link] = await db.select().from(practiceSystemAppointments).where(eq(practiceSystemAppointments.appointmentId, appointmentId)).limit(1);
  if (!link) return 'ok';
  try {
    const current = await client.read<Appointment>(`Appointment/${link.fhirId}`);
    const entries: BundleEntry[] = [
      {
        resource: { ...current, status: change === 'cancel' ? 'cancelled' : 'arrived', ...(change === 'cancel' ? { cancelationReason: { text: 'cancelled by the patient online' } } : {}) },
        request: { method: 'PUT', url: `Appointment/${link.fhirId}`, ifMatch: versioned(current) },
      },
    ];
    const slotReference = current.slot?.[0]?.reference;
    if (change === 'cancel' && slotReference) {
      const slot = await client.read<Slot>(slotReference);
      if (slot.status === 'busy') entries.push({ resource: { ...slot, status: 'free' }, request: { method: 'PUT', url: slotReference, ifMatch: versioned(slot) } });
    }
    const answer = await client.transaction(entries);
    const versionId = answer.entry?.[0]?.resource?.meta?.versionId;
    if (versionId) await db.update(practiceSystemAppointments).set({ versionId }).where(eq(practiceSystemAppointments.fhirId, link.fhirId));
    return 'ok';
  } catch (error) {
    if (!(error instanceof PracticeSystemError)) throw error;
    logger.warn({ kind: error.kind, operation: error.message, appointmentId, change }, 'practice system did not take an appointment change');
    return 'failed';
  }
}
