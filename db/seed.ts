/**
 * Deterministic demo data: the same rows on every machine, so the README and the tests can
 * name them. Runs only on an empty database (`seedIfEmpty`).
 */
import { count } from 'drizzle-orm';
import type { Db } from './client';
import {
  addGuardianship,
  createClinic,
  createOccupationalContract,
  createPerson,
  createPractitioner,
  createSpecialty,
} from './factories';
import { persons } from './schema';
import { CLINICS, DEMO_PERSONS, FIRST_NAMES, LAST_NAMES, SPECIALTIES, TITLES } from './seed-data';

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

export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(persons);
  if ((row?.n ?? 0) > 0) return false;
  await seed(db);
  return true;
}

export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    for (const clinic of CLINICS) await createClinic(t, { isRemote: false, ...clinic });
    for (const specialty of SPECIALTIES) await createSpecialty(t, specialty);
    await seedPractitioners(t);

    const contract = await createOccupationalContract(t, {
      employerName: 'Esimerkki Rakennus Oy',
      allowsWebReservation: true,
      allowsVaccinations: true,
    });
    const p = DEMO_PERSONS;
    await createPerson(t, p.aino);
    await createPerson(t, { ...p.mikko, occupationalContractId: contract.id });
    const laura = await createPerson(t, p.laura);
    const eino = await createPerson(t, p.eino);
    await addGuardianship(t, laura.id, eino.id, 'parent');
    await createPerson(t, p.sanni);
    await createPerson(t, { ...p.pekka, isPatient: false });
  });
}

async function seedPractitioners(db: Db) {
  const random = prng(20261123);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const physical = CLINICS.filter((c) => !('isRemote' in c));
  const remote = CLINICS.filter((c) => 'isRemote' in c);
  const specialtyIds = SPECIALTIES.map((s) => s.id);
  // Two practitioners per specialty and clinic group keeps every search non-empty.
  let n = 0;
  for (const specialtyId of specialtyIds) {
    for (let i = 0; i < 4; i++) {
      n += 1;
      const home = physical[(n * 7) % physical.length]!;
      const second = physical[(n * 3 + 1) % physical.length]!;
      const remoteType = SPECIALTIES.find((s) => s.id === specialtyId)!.isRemoteType;
      const clinicIds = [...new Set([home.id, second.id, ...(remoteType || i === 0 ? [remote[0]!.id] : [])])];
      await createPractitioner(db, {
        id: `P${String(n).padStart(4, '0')}`,
        firstName: pick(FIRST_NAMES),
        lastName: pick(LAST_NAMES),
        title: TITLES[specialtyId],
        specialtyIds: [specialtyId],
        clinicIds,
      });
    }
  }
}
