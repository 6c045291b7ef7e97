/**
 * The practitioner page's facts on a real database (issue 26, ADR 0041): a member of the
 * customer's own care team (or the substitute standing in for one) with languages, clinics and
 * what the customer's agreement lets them book with them; anyone else's, or an unknown id, null.
 * The database refuses a language outside the portal's three and an empty list.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addCareTeam,
  createAbsence,
  createClinic,
  createOccupationalContract,
  createPerson,
  createPractitioner,
  createProfessional,
  createSpecialty,
  localized,
} from '~db/factories';
import { occupationalContractSpecialties, professionals } from '~db/schema';
import { addDays, helsinkiDate } from '~/lib/dates';
import { makeIdentityCode } from '~/models/identity-code';
import type { Db } from '~/services/db/db.server';
import { practitionerOfTeam } from '~/services/messaging/practitioner.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

let individual = 300;
const code = (birthDate = '1981-06-06') => makeIdentityCode(birthDate, (individual += 1));
const NOW = new Date('2026-03-10T08:00:00Z');

let run = 0;

/** One team per test (the database is shared by the file's tests): its own clinic, specialty and practitioner ids. */
async function setup(db: Db) {
  run += 1;
  const ids = { pasila: `HP${run}`, tapiola: `TA${run}`, remote: `RMT${run}`, tth: `TTH${run}`, iho: `IHO${run}`, practitioner: `P${run}` };
  await createClinic(db, { id: ids.pasila, name: 'Pasila', municipality: 'helsinki' });
  await createClinic(db, { id: ids.tapiola, name: 'Tapiola', municipality: 'espoo' });
  await createClinic(db, { id: ids.remote, name: 'Etävastaanotto', municipality: 'remote', isRemote: true });
  await createSpecialty(db, { id: ids.tth, name: localized('Työterveyshuolto', 'Företagshälsovård', 'Occupational health') });
  await createSpecialty(db, { id: ids.iho, name: localized('Ihotaudit', 'Hudsjukdomar', 'Dermatology') });
  await createPractitioner(db, {
    id: ids.practitioner,
    firstName: 'Leena',
    lastName: 'Lahtinen',
    title: localized('Lääkäri', 'Läkare', 'Doctor'),
    specialtyIds: [ids.tth, ids.iho],
    clinicIds: [ids.tapiola, ids.pasila, ids.remote],
  });
  const contract = await createOccupationalContract(db, { employerName: 'Testi Oy' });
  // The agreement covers occupational health, not dermatology.
  await db.insert(occupationalContractSpecialties).values({ contractId: contract.id, specialtyId: ids.tth, confirmation: 'contractOnly' });
  const title = localized('Työterveyslääkäri', 'Företagsläkare', 'Occupational physician');
  const doctor = await createProfessional(db, {
    identityCode: code('1970-01-01'),
    firstName: 'Leena',
    lastName: 'Lahtinen',
    title,
    professionalType: 'Doctor',
    practitionerId: ids.practitioner,
    languages: ['fi', 'en'],
  });
  const nurse = await createProfessional(db, { identityCode: code('1971-01-01'), firstName: 'Sari', lastName: 'Saarinen', title, professionalType: 'Nurse' });
  const substitute = await createProfessional(db, {
    identityCode: code('1972-01-01'),
    firstName: 'Hanna',
    lastName: 'Hakala',
    title,
    professionalType: 'Nurse',
  });
  const outsider = await createProfessional(db, { identityCode: code('1973-01-01'), firstName: 'Olli', lastName: 'Ulko', title, professionalType: 'Doctor' });
  await addCareTeam(db, contract.id, [doctor.personId, nurse.personId]);
  const today = helsinkiDate(NOW);
  await createAbsence(db, { professionalId: nurse.personId, startDate: addDays(today, -1), endDate: addDays(today, 3), substituteIds: [substitute.personId] });
  const customer = await createPerson(db, { identityCode: code(), firstName: 'Testi', lastName: 'Asiakas', occupationalContractId: contract.id });
  const other = await createPerson(db, { identityCode: code('1990-02-02'), firstName: 'Muu', lastName: 'Asiakas' });
  return { ids, doctor, nurse, substitute, outsider, customer, other };
}

describe.each(databaseKinds())('practitioner page facts on %s', (kind) => {
  const t = withTestDatabase(kind);

  it('gives a team member with languages, physical clinics, remote work and what the agreement covers', async () => {
    const { ids, doctor, customer } = await setup(t.db);
    const facts = await practitionerOfTeam(t.db, customer.id, doctor.personId, NOW);
    expect(facts).toMatchObject({
      firstName: 'Leena',
      lastName: 'Lahtinen',
      professionalType: 'Doctor',
      languages: ['fi', 'en'],
      clinics: [
        { id: ids.pasila, name: 'Pasila' },
        { id: ids.tapiola, name: 'Tapiola' },
      ],
      remote: true,
      practitionerId: ids.practitioner,
      bookable: [{ id: ids.tth }],
      absence: null,
      substitute: null,
    });
  });

  it('gives an absent member with the substitute, and the substitute who stands in; no calendar, nothing to book', async () => {
    const { nurse, substitute, customer } = await setup(t.db);
    const absent = await practitionerOfTeam(t.db, customer.id, nurse.personId, NOW);
    expect(absent).toMatchObject({ languages: ['fi'], clinics: [], practitionerId: null, bookable: [], substitute: { firstName: 'Hanna' } });
    expect(absent?.absence).not.toBeNull();
    expect(await practitionerOfTeam(t.db, customer.id, substitute.personId, NOW)).toMatchObject({ firstName: 'Hanna', absence: null });
  });

  it("is null for a professional outside the team, an unknown or malformed id, and for anyone else's customer", async () => {
    const { ids, doctor, outsider, customer, other } = await setup(t.db);
    expect(await practitionerOfTeam(t.db, customer.id, outsider.personId, NOW)).toBeNull();
    expect(await practitionerOfTeam(t.db, customer.id, randomUUID(), NOW)).toBeNull();
    expect(await practitionerOfTeam(t.db, customer.id, ids.practitioner, NOW)).toBeNull();
    expect(await practitionerOfTeam(t.db, other.id, doctor.personId, NOW)).toBeNull();
  });

  it('refuses languages outside fi, sv, en and an empty list', async () => {
    const { doctor } = await setup(t.db);
    const set = (languages: string[]) =>
      t.db
        .update(professionals)
        .set({ languages: languages as ('fi' | 'sv' | 'en')[] })
        .where(eq(professionals.personId, doctor.personId));
    await expect(set(['fi', 'de'])).rejects.toThrow();
    await expect(set([])).rejects.toThrow();
    await set(['sv']);
    const [row] = await t.db.select({ languages: professionals.languages }).from(professionals).where(eq(professionals.personId, doctor.personId));
    expect(row?.languages).toEqual(['sv']);
  });
});
