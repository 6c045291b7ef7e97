/**
 * Free appointment times: a deterministic calendar generator shared by the seed, the tests and
 * the scale benchmark, and a batched insert.
 */
// Relative import: the seed runs outside Vite's aliases.
import { addDays, helsinkiDate, helsinkiInstant } from '../app/lib/dates';
import type { Db } from './client';
import { appointmentSlots } from './schema';

export type NewSlot = typeof appointmentSlots.$inferInsert;

/** A slot's instant and its Helsinki date and hour from a Helsinki wall-clock time. */
export function helsinkiSlotTime(localDate: string, hour: number, minute: number) {
  const startAt = helsinkiInstant(localDate, hour, minute);
  return { startAt, localDate, localHour: hour };
}

export { helsinkiDate as helsinkiDateOf };

export interface SlotPractitioner {
  id: string;
  specialtyId: string;
  clinicIds: string[];
  /** Remote-capable specialties also get remote (video/phone) slots at this clinic. */
  remoteClinicId?: string;
}

export interface GenerateOptions {
  /** First Helsinki date to generate. */
  fromDate: string;
  days: number;
  /** Slots starting before this instant are skipped (no past free times). */
  notBefore: Date;
  random: () => number;
  /** Share of slots that need strong identification to reserve. */
  requiresAuthShare?: number;
}

/** Working shifts: morning, afternoon and (some days) evening, in Helsinki local hours. */
const SHIFTS = [
  { startHour: 8, endHour: 12 },
  { startHour: 12, endHour: 16 },
  { startHour: 16, endHour: 20 },
] as const;

/**
 * Each practitioner works on three weekdays a week (which ones depends on their id), a morning
 * and an afternoon shift, and an evening shift on one of those days; Saturdays now and then.
 * 30-minute slots (20 for nurses and vaccinations), rotating through their clinics.
 *
 * A calendar day looks the same whatever hour of the seed day it is generated at: the rotations count days from
 * the epoch, not from `fromDate`, and every possible slot draws its random numbers before the
 * past ones are skipped.
 */
export function* generateSlots(practitioners: SlotPractitioner[], options: GenerateOptions): Generator<NewSlot> {
  const requiresAuthShare = options.requiresAuthShare ?? 0.1;
  for (let n = 0; n < options.days; n++) {
    const localDate = addDays(options.fromDate, n);
    const day = Math.round(Date.parse(`${localDate}T00:00:00Z`) / 86_400_000);
    const weekday = new Date(`${localDate}T12:00:00Z`).getUTCDay(); // 0 = Sunday
    if (weekday === 0) continue;
    for (let p = 0; p < practitioners.length; p++) {
      const practitioner = practitioners[p]!;
      const works = weekday === 6 ? (p + day) % 7 === 0 : (p + weekday) % 5 < 3;
      if (!works) continue;
      const clinicId = practitioner.clinicIds[day % practitioner.clinicIds.length]!;
      const duration = practitioner.specialtyId === 'SH' || practitioner.specialtyId === 'ROKT' ? 20 : 30;
      const shifts = weekday === 6 ? [SHIFTS[0]] : (p + weekday) % 5 === 0 ? SHIFTS : [SHIFTS[0], SHIFTS[1]];
      for (const shift of shifts) {
        for (let minutes = shift.startHour * 60; minutes + duration <= shift.endHour * 60; minutes += duration) {
          const [gap, remoteDraw, videoDraw, authDraw] = [options.random(), options.random(), options.random(), options.random()];
          // Some times are already taken by phone bookings: leave gaps like a real calendar.
          if (gap < 0.25) continue;
          const time = helsinkiSlotTime(localDate, Math.floor(minutes / 60), minutes % 60);
          if (time.startAt < options.notBefore) continue;
          const remote = practitioner.remoteClinicId !== undefined && remoteDraw < 0.4;
          const video = remote && videoDraw < 0.6;
          yield {
            ...time,
            clinicId: remote ? practitioner.remoteClinicId! : clinicId,
            practitionerId: practitioner.id,
            specialtyId: practitioner.specialtyId,
            kindId: remote ? (video ? 'VETA' : 'PUH') : 'VAS',
            durationMinutes: duration,
            isRemote: remote,
            locationType: remote ? (video ? 'videoAppointment' : 'phoneAppointment') : 'physicalLocation',
            requiresAuth: authDraw < requiresAuthShare,
          };
        }
      }
    }
  }
}

/** Inserts slots in batches (one statement per batch). Returns how many were inserted. */
export async function insertSlots(db: Db, slots: Iterable<NewSlot>, batchSize = 1000): Promise<number> {
  let batch: NewSlot[] = [];
  let total = 0;
  for (const slot of slots) {
    batch.push(slot);
    if (batch.length === batchSize) {
      await db.insert(appointmentSlots).values(batch);
      total += batch.length;
      batch = [];
    }
  }
  if (batch.length) {
    await db.insert(appointmentSlots).values(batch);
    total += batch.length;
  }
  return total;
}
