/**
 * The Finnish Scheduling IG's `AppointmentMutability` extension (ADR 0051): whether the practice
 * system lets the patient cancel or reschedule an appointment online, and until when. Pure: read
 * from the Appointment (`mutabilityOf`, what the read model stores) and checked at an instant
 * (`mutabilityAllows`: the pages by the stored rules, every change by the Appointment read anew).
 * Without the extension, or a part of it, the portal's own limits alone apply.
 */
import type { Appointment } from '@medplum/fhirtypes';

/** The extension's canonical URL. */
export const MUTABILITY_EXTENSION = 'https://hl7.fi/fhir/finnish-scheduling/StructureDefinition/mutable';

export type MutabilityCheck = 'ok' | 'notAllowed' | 'tooLate';

/** The extension's parts; null where a part is not there. */
export interface Mutability {
  cancellable: boolean | null;
  reschedulable: boolean | null;
  notAfter: Date | null;
}

/** The Appointment's mutability rules (all null without the extension). */
export function mutabilityOf(appointment: Pick<Appointment, 'extension'>): Mutability {
  const mutable = appointment.extension?.find((e) => e.url === MUTABILITY_EXTENSION);
  const part = (url: string) => mutable?.extension?.find((e) => e.url === url);
  const notAfter = part('NotAfter')?.valueDateTime;
  return {
    cancellable: part('Cancellable')?.valueBoolean ?? null,
    reschedulable: part('Reschedulable')?.valueBoolean ?? null,
    notAfter: notAfter ? new Date(notAfter) : null,
  };
}

/** Whether these rules let the patient `cancel` or `move` the appointment at `now`. */
export function mutabilityAllows(rules: Mutability, change: 'cancel' | 'move', now: Date): MutabilityCheck {
  if ((change === 'cancel' ? rules.cancellable : rules.reschedulable) === false) return 'notAllowed';
  if (rules.notAfter && now.getTime() > rules.notAfter.getTime()) return 'tooLate';
  return 'ok';
}

/** Whether the practice system lets the patient `cancel` or `move` the appointment at `now`. */
export function mutabilityCheck(appointment: Pick<Appointment, 'extension'>, change: 'cancel' | 'move', now: Date): MutabilityCheck {
  return mutabilityAllows(mutabilityOf(appointment), change, now);
}
