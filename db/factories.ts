/**
 * Factories shared by the seed and the tests, so demo data and test data have one shape.
 * Each inserts one row with sensible defaults and returns it.
 */
import { randomToken, sha256 } from '../app/lib/crypto.server';
import { helsinkiDate, wallClock } from '../app/lib/dates';
import { parseIdentityCode } from '../app/models/identity-code';
import { encodeAnonymousCode } from '../app/models/anonymous-code';
import type { Db } from './client';
import {
  appointments,
  appointmentSlots,
  clinics,
  featureOverrides,
  guardianships,
  messagingAnnouncements,
  occupationalCareTeam,
  occupationalContracts,
  persons,
  practitionerClinics,
  practitioners,
  practitionerSpecialties,
  professionalAbsences,
  professionals,
  specialties,
  type Localized,
} from './schema';

export type NewPerson = typeof persons.$inferInsert;
export type Person = typeof persons.$inferSelect;

/** Birth date (YYYY-MM-DD) encoded in a Finnish identity code. */
export function birthDateFromIdentityCode(code: string): string {
  const parsed = parseIdentityCode(code);
  if (!parsed.ok) throw new Error(`invalid identity code in test data (${parsed.reason})`);
  return parsed.birthDate;
}

export async function createPerson(
  db: Db,
  input: Omit<NewPerson, 'birthDate'> & { birthDate?: string },
): Promise<Person> {
  const [row] = await db
    .insert(persons)
    .values({ birthDate: birthDateFromIdentityCode(input.identityCode), ...input })
    .returning();
  return row!;
}

export async function createOccupationalContract(
  db: Db,
  input: typeof occupationalContracts.$inferInsert,
) {
  const [row] = await db.insert(occupationalContracts).values(input).returning();
  return row!;
}

export async function addGuardianship(
  db: Db,
  guardianId: string,
  wardId: string,
  type: 'parent' | 'nextOfKin' | 'trustee' | 'other' = 'parent',
) {
  await db.insert(guardianships).values({ guardianId, wardId, type });
}

export async function setFeatureOverride(db: Db, personId: string, flag: string, enabled: boolean) {
  await db
    .insert(featureOverrides)
    .values({ personId, flag, enabled })
    .onConflictDoUpdate({ target: [featureOverrides.personId, featureOverrides.flag], set: { enabled } });
}

export async function createClinic(db: Db, input: typeof clinics.$inferInsert) {
  const [row] = await db.insert(clinics).values(input).returning();
  return row!;
}

export async function createSpecialty(db: Db, input: typeof specialties.$inferInsert) {
  const [row] = await db.insert(specialties).values(input).returning();
  return row!;
}

export async function createPractitioner(
  db: Db,
  input: typeof practitioners.$inferInsert & { specialtyIds: string[]; clinicIds: string[] },
) {
  const { specialtyIds, clinicIds, ...values } = input;
  const [row] = await db.insert(practitioners).values(values).returning();
  if (specialtyIds.length) {
    await db
      .insert(practitionerSpecialties)
      .values(specialtyIds.map((specialtyId) => ({ practitionerId: values.id, specialtyId })));
  }
  if (clinicIds.length) {
    await db.insert(practitionerClinics).values(clinicIds.map((clinicId) => ({ practitionerId: values.id, clinicId })));
  }
  return row!;
}

export type NewSlot = typeof appointmentSlots.$inferInsert;
export type Slot = typeof appointmentSlots.$inferSelect;

/**
 * Inserts one free appointment time (30 minutes, a clinic visit, unless told otherwise). Its
 * Helsinki date and hour, which the search filters on, are derived from `startAt`.
 */
export async function createSlot(
  db: Db,
  input: Omit<NewSlot, 'kindId' | 'durationMinutes' | 'localDate' | 'localHour'> &
    Partial<Pick<NewSlot, 'kindId' | 'durationMinutes'>>,
): Promise<Slot> {
  const [row] = await db
    .insert(appointmentSlots)
    .values({
      kindId: 'VAS',
      durationMinutes: 30,
      ...input,
      localDate: helsinkiDate(input.startAt),
      localHour: wallClock(input.startAt).hour,
    })
    .returning();
  return row!;
}

export const localized = (fi: string, sv: string, en: string): Localized => ({ fi, sv, en });

export type NewAppointment = typeof appointments.$inferInsert;

/**
 * Books an appointment row. Returns it with the code of its anonymous link (the token is
 * random unless given; only its hash is stored).
 */
export async function createAppointment(
  db: Db,
  input: Omit<NewAppointment, 'anonymousTokenHash'> & { anonymousToken?: string },
) {
  const { anonymousToken = randomToken(24), ...values } = input;
  const [row] = await db
    .insert(appointments)
    .values({ ...values, anonymousTokenHash: sha256(anonymousToken) })
    .returning();
  return { appointment: row!, anonymousCode: encodeAnonymousCode(row!.id, anonymousToken) };
}

// ─── Messaging (issue 10) ─────────────────────────────────────────────────────────────────────

export type Professional = typeof professionals.$inferSelect;

/**
 * A professional user: their login identity (a person, not a patient) and the professionals
 * row. The person's id is the professional's id in messaging.
 */
export async function createProfessional(
  db: Db,
  input: { identityCode: string; firstName: string; lastName: string } & Omit<
    typeof professionals.$inferInsert,
    'personId' | 'firstName' | 'lastName'
  >,
): Promise<Professional> {
  const { identityCode, ...values } = input;
  const person = await createPerson(db, {
    identityCode,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.emailAddress ?? null,
    isPatient: false,
  });
  const [row] = await db
    .insert(professionals)
    .values({ ...values, personId: person.id })
    .returning();
  return row!;
}

/** Adds professionals to a contract's occupational care team, in the given order. */
export async function addCareTeam(db: Db, contractId: string, professionalIds: readonly string[]) {
  if (professionalIds.length === 0) return;
  await db
    .insert(occupationalCareTeam)
    .values(professionalIds.map((professionalId, position) => ({ contractId, professionalId, position })));
}

/** Records an absence (Helsinki dates, inclusive) with substitutes in order of preference. */
export async function createAbsence(db: Db, input: typeof professionalAbsences.$inferInsert) {
  const [row] = await db.insert(professionalAbsences).values(input).returning();
  return row!;
}

/** An announcement above the conversation list. */
export async function createAnnouncement(db: Db, input: typeof messagingAnnouncements.$inferInsert) {
  const [row] = await db.insert(messagingAnnouncements).values(input).returning();
  return row!;
}
