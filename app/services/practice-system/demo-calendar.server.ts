/**
 * The demo calendar as the practice system's resources (`npm run fhir:dev`, ADR 0051): the seeded
 * clinics, specialties, practitioners with their roles, a Schedule per practitioner, clinic and
 * specialty, every seeded time as a Slot (busy when a seeded appointment holds it; its payer types
 * as `serviceCategory` codings, so the occupational and insurance times are those too), the patients
 * by their identity codes and the seeded appointments — written into the local FHIR server's
 * repository, with the links from the seeded rows to them, so the first sync finds the same
 * calendar and the demo's appointments are the practice system's too.
 */
import type { Appointment, Patient, Resource, Schedule, Slot } from '@medplum/fhirtypes';
import type { MemoryRepository } from '@medplum/fhir-router';
import { isNull } from 'drizzle-orm';
import {
  appointments,
  appointmentSlots,
  clinics,
  persons,
  practiceSystemSchedules,
  practiceSystemSlots,
  practitionerClinics,
  practitioners,
  practitionerSpecialties,
  specialties,
} from '~db/schema';
import type { Db } from '~/services/db/db.server';
import { payerTypeCategories, payerTypesOf } from './payer-types';
import { IDENTITY_CODE_SYSTEM, linkAppointment, linkPatient } from './sync.server';

const end = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
const selfOnly = (payerTypes: string[]) => payerTypes.length === 1 && payerTypes[0] === 'self';

/**
 * Writes the demo calendar into the repository and links the seeded rows (unless `linkRows` is
 * false: the scale bench empties the rows and lets the first sync make them). Returns how many slots.
 */
export async function publishDemoCalendar(db: Db, repo: MemoryRepository, { linkRows = true }: { linkRows?: boolean } = {}): Promise<number> {
  const put = <T extends Resource>(resource: T) => repo.updateResource(resource as T & { id: string });
  for (const c of await db.select().from(clinics)) {
    await put({
      resourceType: 'Location',
      id: c.id,
      name: c.name,
      status: 'active',
      ...(c.streetAddress || c.postOffice
        ? { address: { line: c.streetAddress ? [c.streetAddress] : undefined, postalCode: c.postalCode ?? undefined, city: c.postOffice ?? c.municipality } }
        : {}),
      ...(c.isRemote ? { physicalType: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/location-physical-type', code: 'vi' }] } } : {}),
    });
  }
  for (const s of await db.select().from(specialties)) await put({ resourceType: 'HealthcareService', id: s.id, name: s.name.fi, active: true });
  const rolesClinics = await db.select().from(practitionerClinics);
  const rolesSpecialties = await db.select().from(practitionerSpecialties);
  for (const p of await db.select().from(practitioners)) {
    await put({
      resourceType: 'Practitioner',
      id: p.id,
      name: [{ given: p.firstName.split(' '), family: p.lastName }],
      qualification: [{ code: { text: p.title.fi } }],
    });
    await put({
      resourceType: 'PractitionerRole',
      id: `role-${p.id}`,
      active: true,
      practitioner: { reference: `Practitioner/${p.id}` },
      location: rolesClinics.filter((r) => r.practitionerId === p.id).map((r) => ({ reference: `Location/${r.clinicId}` })),
      healthcareService: rolesSpecialties.filter((r) => r.practitionerId === p.id).map((r) => ({ reference: `HealthcareService/${r.specialtyId}` })),
    });
  }
  // A cancelled appointment gave its time back: its slot is free.
  const held = new Set(
    (await db.select({ slotId: appointments.slotId }).from(appointments).where(isNull(appointments.cancelledAt)))
      .map((a) => a.slotId)
      .filter((id) => id !== null),
  );
  const schedules = new Set<string>();
  // The slots' links are written 500 at a time (one statement each): one by one, the 23 096 demo
  // slots took most of the start (minutes on a busy machine; the e2e spec of this backend waits for it).
  let links: (typeof practiceSystemSlots.$inferInsert)[] = [];
  const writeLinks = async () => {
    if (links.length > 0 && linkRows) await db.insert(practiceSystemSlots).values(links);
    links = [];
  };
  let count = 0;
  for (const slot of await db.select().from(appointmentSlots)) {
    const scheduleId = `sch-${slot.practitionerId}-${slot.clinicId}-${slot.specialtyId}`;
    if (!schedules.has(scheduleId)) {
      schedules.add(scheduleId);
      await put<Schedule>({
        resourceType: 'Schedule',
        id: scheduleId,
        active: true,
        actor: [
          { reference: `Practitioner/${slot.practitionerId}` },
          { reference: `Location/${slot.clinicId}` },
          { reference: `HealthcareService/${slot.specialtyId}` },
        ],
      });
      if (linkRows)
        await db
          .insert(practiceSystemSchedules)
          .values({ fhirId: scheduleId, practitionerId: slot.practitionerId, clinicId: slot.clinicId, specialtyId: slot.specialtyId, active: true });
    }
    const status = held.has(slot.id) ? 'busy' : 'free';
    const created = await put<Slot>({
      resourceType: 'Slot',
      id: `slot-${slot.id}`,
      status,
      schedule: { reference: `Schedule/${scheduleId}` },
      start: slot.startAt.toISOString(),
      end: end(slot.startAt, slot.durationMinutes),
      // A private customers' time says nothing (as a practice system's own Slot would; and the scale bench's million stay small).
      ...(selfOnly(slot.payerTypes) ? {} : { serviceCategory: payerTypeCategories(slot.payerTypes) }),
    });
    links.push({
      fhirId: created.id!,
      slotId: slot.id,
      scheduleFhirId: scheduleId,
      status,
      startAt: slot.startAt,
      endAt: new Date(end(slot.startAt, slot.durationMinutes)),
      versionId: created.meta!.versionId!,
      payerTypes: payerTypesOf(created),
    });
    if (links.length === 500) await writeLinks();
    count += 1;
  }
  await writeLinks();
  for (const person of await db.select().from(persons)) {
    await put<Patient>({
      resourceType: 'Patient',
      id: `pat-${person.id}`,
      identifier: [{ system: IDENTITY_CODE_SYSTEM, value: person.identityCode }],
      name: [{ family: person.lastName, given: person.firstName.split(' ') }],
      birthDate: person.birthDate,
    });
    if (linkRows) await linkPatient(db, `pat-${person.id}`, person.id);
  }
  for (const a of await db.select().from(appointments)) {
    const created = await put<Appointment>({
      resourceType: 'Appointment',
      id: `appt-${a.id}`,
      status: a.cancelledAt ? 'cancelled' : a.checkedInAt ? 'arrived' : 'booked',
      start: a.startAt.toISOString(),
      end: end(a.startAt, a.durationMinutes),
      ...(a.slotId !== null ? { slot: [{ reference: `Slot/slot-${a.slotId}` }] } : {}),
      participant: [
        { actor: { reference: `Patient/pat-${a.patientId}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${a.practitionerId}` }, status: 'accepted' },
        { actor: { reference: `Location/${a.clinicId}` }, status: 'accepted' },
        { actor: { reference: `HealthcareService/${a.specialtyId}` }, status: 'accepted' },
      ],
    });
    if (linkRows) await linkAppointment(db, a.id, created);
  }
  return count;
}
