/**
 * A patient's change to an appointment written through to the practice system first (ADR 0051):
 * cancelling (the Appointment `cancelled` and its Slot `free` again, in one transaction) and
 * checking in (`arrived`) and the patient's own reason for the visit (`reasonCode` text), each
 * guarded by the versions just read (`If-Match`). A cancel the IG's mutability extension does not
 * allow (not cancellable, or past its time) is not sent (`failed`). The caller
 * changes its row only when this answers `ok`; with the built-in calendar, or for an appointment
 * the practice system does not know, there is nothing to write.
 */
import { eq } from 'drizzle-orm';
import type { Appointment, BundleEntry, Slot } from '@medplum/fhirtypes';
import { practiceSystemAppointments } from '~db/schema';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { logger } from '~/services/observability/logger.server';
import { recordPracticeSystemError } from '~/services/observability/metrics.server';
import { PracticeSystemError, type FhirClient } from './fhir-client';
import { mutabilityCheck } from './mutability';

/** `reason`: the arrival reason as the portal stores it (with its fixed prefix). */
export type AppointmentChange = 'cancel' | 'arrive' | { reason: string };

const versioned = (resource: { meta?: { versionId?: string } }) => `W/"${resource.meta?.versionId ?? ''}"`;

export async function writeAppointmentChange(
  db: Db,
  client: FhirClient | null,
  appointmentId: number,
  change: AppointmentChange,
  now = clock.now(),
): Promise<'ok' | 'failed'> {
  if (!client) return 'ok';
  const [link] = await db.select().from(practiceSystemAppointments).where(eq(practiceSystemAppointments.appointmentId, appointmentId)).limit(1);
  if (!link) return 'ok';
  try {
    const current = await client.read<Appointment>(`Appointment/${link.fhirId}`);
    if (change === 'cancel' && mutabilityCheck(current, 'cancel', now) !== 'ok') {
      logger.warn({ appointmentId, change }, 'practice system does not allow cancelling the appointment online');
      return 'failed';
    }
    const changed: Appointment =
      change === 'cancel'
        ? { ...current, status: 'cancelled', cancelationReason: { text: 'cancelled by the patient online' } }
        : change === 'arrive'
          ? { ...current, status: 'arrived' }
          : { ...current, reasonCode: [{ text: change.reason }] };
    const entries: BundleEntry[] = [
      {
        resource: changed,
        request: { method: 'PUT', url: `Appointment/${link.fhirId}`, ifMatch: versioned(current) },
      },
    ];
    const slotReference = current.slot?.[0]?.reference;
    if (change === 'cancel' && slotReference) {
      const slot = await client.read<Slot>(slotReference);
      if (slot.status === 'busy')
        entries.push({ resource: { ...slot, status: 'free' }, request: { method: 'PUT', url: slotReference, ifMatch: versioned(slot) } });
    }
    const answer = await client.transaction(entries);
    const versionId = answer.entry?.[0]?.resource?.meta?.versionId;
    if (versionId) await db.update(practiceSystemAppointments).set({ versionId }).where(eq(practiceSystemAppointments.fhirId, link.fhirId));
    return 'ok';
  } catch (error) {
    if (!(error instanceof PracticeSystemError)) throw error;
    recordPracticeSystemError('change', error.kind);
    logger.warn(
      { kind: error.kind, operation: error.message, appointmentId, change: typeof change === 'string' ? change : 'reason' },
      'practice system did not take an appointment change',
    );
    return 'failed';
  }
}
