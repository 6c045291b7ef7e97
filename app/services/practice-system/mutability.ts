/**
 * The Finnish Scheduling IG's `AppointmentMutability` extension (ADR 0051): whether the practice
 * system lets the patient cancel or reschedule an appointment online, and until when. A pure
 * reading of the Appointment; without the extension the portal's own limits alone apply.
 */
import type { Appointment } from '@medplum/fhirtypes';

/** The extension's canonical URL. */
export const MUTABILITY_EXTENSION = 'https://hl7.fi/fhir/finnish-scheduling/StructureDefinition/mutable';

export type MutabilityCheck = 'ok' | 'notAllowed' | 'tooLate';

/** Whether the practice system lets the patient `cancel` or `move` the appointment at `now`. */
export function mutabilityCheck(appointment: Pick<Appointment, 'extension'>, change: 'cancel' | 'move', now: Date): MutabilityCheck {
  const mutable = appointment.extension?.find((e) => e.url === MUTABILITY_EXTENSION);
  if (!mutable) return 'ok';
  const part = (url: string) => mutable.extension?.find((e) => e.url === url);
  const allowed = part(change === 'cancel' ? 'Cancellable' : 'Reschedulable')?.valueBoolean;
  if (allowed === false) return 'notAllowed';
  const notAfter = part('NotAfter')?.valueDateTime;
  if (notAfter && now.getTime() > new Date(notAfter).getTime()) return 'tooLate';
  return 'ok';
}
