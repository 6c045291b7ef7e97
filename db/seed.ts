/**
 * Deterministic demo data: the same rows on every machine, so the README and the tests can
 * name them. Runs only on an empty database (`seedIfEmpty`).
 */
import { count } from 'drizzle-orm';
import type { Db } from './client';
import {
  addGuardianship,
  createAppointment,
  createClinic,
  createInvoice,
  createOccupationalContract,
  createPerson,
  createPractitioner,
  createSpecialty,
} from './factories';
import { KINDS, priceFor } from '../app/models/booking/price-list';
import { persons } from './schema';
import { seedMessaging } from './seed-messaging';
import { seedRecords } from './seed-records';
import { seedInvoices } from './seed-invoices';
import { seedBookingPayers } from './seed-booking-payers';
import { seedPopulationRegister } from './seed-population-register';
import { DEMO_EMPLOYER_BUSINESS_ID, seedEAuthorizations } from './seed-e-authorizations';
import { seedInsurance } from './seed-insurance';
import { generateSlots, helsinkiDateOf, insertSlots, type SlotPractitioner } from './slots';
import { CLINICS, DEMO_APPOINTMENTS, DEMO_PERSONS, FIRST_NAMES, LAST_NAMES, SANNI_VISIT_INVOICE, SPECIALTIES, TITLES, type DemoAppointment } from './seed-data';
import { clock } from '../app/lib/clock.server';

/** Small deterministic PRNG (mulberry32) so the seed is reproducible. */
export function prng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One anonymous appointment link per seeded upcoming appointment, for the README and the console. */
export interface SeededLink {
  person: string;
  appointmentId: number;
  code: string;
  description: string;
}

export async function seedIfEmpty(db: Db, now = clock.now()): Promise<SeededLink[] | null> {
  const [row] = await db.select({ n: count() }).from(persons);
  if ((row?.n ?? 0) > 0) return null;
  return seed(db, now);
}

/**
 * Seeds everything. Appointment times are relative to `now` (the moment of seeding), so a fresh
 * database always has an appointment starting within 30 minutes, one later today, and so on.
 */
export async function seed(db: Db, now = clock.now()): Promise<SeededLink[]> {
  return db.transaction(async (t) => {
    for (const clinic of CLINICS) await createClinic(t, { isRemote: false, ...clinic });
    for (const specialty of SPECIALTIES) await createSpecialty(t, specialty);
    const practitioners = await seedPractitioners(t);
    // Free times for the next 60 days, from now on.
    await insertSlots(t, generateSlots(practitioners, { fromDate: helsinkiDateOf(now), days: 60, notBefore: now, random: prng(6060) }));

    const contract = await createOccupationalContract(t, {
      employerName: 'Esimerkki Rakennus Oy',
      businessId: DEMO_EMPLOYER_BUSINESS_ID,
      allowsWebReservation: true,
      allowsVaccinations: true,
    });
    const p = DEMO_PERSONS;
    // Everyone but Sanni has accepted the confidentiality terms (Eino's by his guardian).
    const accepted = new Date(now.getTime() - 200 * 86_400_000);
    const people = {
      aino: await createPerson(t, { ...p.aino, confidentialityAcceptedAt: accepted }),
      mikko: await createPerson(t, { ...p.mikko, occupationalContractId: contract.id, confidentialityAcceptedAt: accepted }),
      laura: await createPerson(t, { ...p.laura, confidentialityAcceptedAt: accepted }),
      eino: await createPerson(t, { ...p.eino, confidentialityAcceptedAt: accepted }),
      sanni: await createPerson(t, p.sanni),
    };
    await addGuardianship(t, people.laura.id, people.eino.id, 'parent');
    // Sanni (15) is Laura's ward too: Laura sees only what she booked for her (ADR 0034).
    await addGuardianship(t, people.laura.id, people.sanni.id, 'parent');
    await createPerson(t, { ...p.pekka, isPatient: false });
    await seedMessaging(t, { contractId: contract.id, mikkoId: people.mikko.id, ainoId: people.aino.id }, now);
    await seedRecords(t, people, now);
    await seedBookingPayers(t, now, p.mikko.identityCode);
    await seedPopulationRegister(t, now);
    await seedInsurance(t, now);
    await seedEAuthorizations(t, now);

    await seedInvoices(t, people, now);
    const links: SeededLink[] = [];
    const random = prng(4242);
    for (const spec of DEMO_APPOINTMENTS) {
      const personId = people[spec.person].id;
      const { appointment, anonymousCode } = await createAppointment(t, {
        ...appointmentValues(spec, now),
        patientId: personId,
        ...(spec.bookedBy ? { bookedById: people[spec.bookedBy].id, bookedVia: 'web' as const } : {}),
        anonymousToken: deterministicToken(random),
      });
      if (spec.person === 'sanni' && spec.bookedBy === 'laura') {
        await createInvoice(t, {
          ...SANNI_VISIT_INVOICE,
          personId,
          addresseeId: people.laura.id,
          appointmentId: appointment.id,
          source: 'CustomerInvoice',
          status: 'open',
          creationDate: new Date(now.getTime() - 60_000),
        });
      }
      if (spec.startInMinutes > 0 && !spec.cancelledBy) {
        links.push({ person: spec.person, appointmentId: appointment.id, code: anonymousCode, description: spec.description });
      }
    }
    return links;
  });
}

/** Demo links are stable (seeded PRNG) so the README can name them; real links use crypto randomness. */
function deterministicToken(random: () => number): string {
  const bytes = Uint8Array.from({ length: 24 }, () => Math.floor(random() * 256));
  return Buffer.from(bytes).toString('base64url');
}

/** Rounds up to the next five minutes, as appointment times are. */
function roundUp5(date: Date): Date {
  const step = 5 * 60_000;
  return new Date(Math.ceil(date.getTime() / step) * step);
}

export function appointmentValues(spec: DemoAppointment, now: Date) {
  const specialty = SPECIALTIES.find((s) => s.id === spec.specialtyId)!;
  const startAt = roundUp5(new Date(now.getTime() + spec.startInMinutes * 60_000));
  return {
    kindId: spec.kindId,
    kindName: KINDS[spec.kindId],
    payerType: spec.payerType ?? 'self',
    startAt,
    durationMinutes: spec.durationMinutes ?? 30,
    isRemote: spec.locationType !== 'physicalLocation',
    isCovidTest: spec.isCovidTest ?? false,
    locationType: spec.locationType,
    clinicId: spec.clinicId,
    practitionerId: spec.practitionerId,
    specialtyId: specialty.id,
    price: (spec.payerType ?? 'self') === 'self' ? priceFor(specialty.id, spec.locationType) : null,
    roomLocation: spec.roomLocation ?? null,
    selfCheckIn: spec.selfCheckIn ?? true,
    cancelledAt: spec.cancelledBy ? new Date(now.getTime() - 86_400_000) : null,
    cancelledBy: spec.cancelledBy ?? null,
    checkedInAt: null,
  } as const;
}

async function seedPractitioners(db: Db): Promise<SlotPractitioner[]> {
  const random = prng(20261123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const physical = CLINICS.filter((c) => !('isRemote' in c));
  const remote = CLINICS.filter((c) => 'isRemote' in c);
  const specialtyIds = SPECIALTIES.map((s) => s.id);
  // Two practitioners per specialty and clinic group keeps every search non-empty.
  let n = 0;
  const created: SlotPractitioner[] = [];
  for (const specialtyId of specialtyIds) {
    for (let i = 0; i < 4; i++) {
      n += 1;
      const home = physical[(n * 7) % physical.length]!;
      const second = physical[(n * 3 + 1) % physical.length]!;
      const remoteType = SPECIALTIES.find((s) => s.id === specialtyId)!.isRemoteType;
      const clinicIds = [...new Set([home.id, second.id, ...(remoteType || i === 0 ? [remote[0]!.id] : [])])];
      const id = `P${String(n).padStart(4, '0')}`;
      const physicalIds = clinicIds.filter((c) => physical.some((p) => p.id === c));
      created.push({ id, specialtyId, clinicIds: physicalIds, remoteClinicId: remoteType ? remote[0]!.id : undefined });
      await createPractitioner(db, {
        id,
        firstName: pick(FIRST_NAMES),
        lastName: pick(LAST_NAMES),
        title: TITLES[specialtyId],
        // Every other practitioner has a profile picture from the content system (public/images/practitioners; ADR 0049).
        profilePictureUrl: n % 2 === 1 ? `/images/practitioners/portrait-${(((n - 1) / 2) % 4) + 1}.svg` : null,
        specialtyIds: [specialtyId],
        clinicIds,
      });
    }
  }
  return created;
}
