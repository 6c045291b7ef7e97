/**
 * Factories shared by the seed and the tests, so demo data and test data have one shape.
 * Each inserts one row with sensible defaults and returns it.
 */
import { eq } from 'drizzle-orm';
import { randomToken, sha256 } from '../app/lib/crypto.server';
import { addDays, helsinkiDate, wallClock } from '../app/lib/dates';
import { parseIdentityCode } from '../app/models/identity-code';
import { encodeAnonymousCode } from '../app/models/appointments/anonymous-code';
import type { Db } from './client';
import {
  appointments,
  appointmentSlots,
  clinics,
  featureOverrides,
  guardianships,
  messagingAnnouncements,
  occupationalCareTeam,
  invoiceRows,
  invoices,
  occupationalContracts,
  persons,
  populationRegisterGuardianships,
  populationRegisterPersons,
  practitionerClinics,
  practitioners,
  practitionerSpecialties,
  professionalAbsences,
  professionals,
  hrUsers,
  specialties,
  type Localized,
} from './schema';
import * as schema from './schema';
import { clock } from '../app/lib/clock.server';

export type NewPerson = typeof persons.$inferInsert;
export type Person = typeof persons.$inferSelect;

/** Birth date (YYYY-MM-DD) encoded in a Finnish identity code. */
function birthDateFromIdentityCode(code: string): string {
  const parsed = parseIdentityCode(code);
  if (!parsed.ok) throw new Error(`invalid identity code in test data (${parsed.reason})`);
  return parsed.birthDate;
}

export async function createPerson(db: Db, input: Omit<NewPerson, 'birthDate'> & { birthDate?: string }): Promise<Person> {
  const [row] = await db
    .insert(persons)
    .values({ birthDate: birthDateFromIdentityCode(input.identityCode), ...input })
    .returning();
  return row!;
}

export async function createOccupationalContract(db: Db, input: typeof occupationalContracts.$inferInsert) {
  const [row] = await db.insert(occupationalContracts).values(input).returning();
  return row!;
}

export async function addGuardianship(db: Db, guardianId: string, wardId: string, type: 'parent' | 'nextOfKin' | 'trustee' | 'other' = 'parent') {
  await db.insert(guardianships).values({ guardianId, wardId, type });
}

/** A person as the built-in population register holds them (birth date from the identity code). */
export interface RegisterPersonInput {
  identityCode: string;
  firstName: string;
  lastName: string;
  streetAddress?: string | null;
  postalCode?: string | null;
  postOffice?: string | null;
}

/**
 * A family in the built-in population register (ADR 0023): the guardian and their wards, each
 * with the guardian type. Adding the same people again updates them; the family's links are
 * added to what the register already has.
 */
export async function addRegisterFamily(
  db: Db,
  guardian: RegisterPersonInput,
  wards: (RegisterPersonInput & { type?: 'parent' | 'nextOfKin' | 'trustee' | 'other' })[],
) {
  for (const person of [guardian, ...wards]) {
    const row = {
      identityCode: person.identityCode,
      firstName: person.firstName,
      lastName: person.lastName,
      birthDate: birthDateFromIdentityCode(person.identityCode),
      streetAddress: person.streetAddress ?? null,
      postalCode: person.postalCode ?? null,
      postOffice: person.postOffice ?? null,
    };
    await db.insert(populationRegisterPersons).values(row).onConflictDoUpdate({ target: populationRegisterPersons.identityCode, set: row });
  }
  for (const ward of wards) {
    await db
      .insert(populationRegisterGuardianships)
      .values({ guardianCode: guardian.identityCode, wardCode: ward.identityCode, type: ward.type ?? 'parent' })
      .onConflictDoNothing();
  }
}

/** Test support: a session's last activity `ms` earlier, its idle expiry moving back as much. */
export async function backdateSessionActivity(db: Db, idHash: string, ms: number) {
  const [row] = await db.select().from(schema.sessions).where(eq(schema.sessions.idHash, idHash));
  if (!row) return;
  await db
    .update(schema.sessions)
    .set({ lastSeenAt: new Date(row.lastSeenAt.getTime() - ms), idleExpiresAt: new Date(row.idleExpiresAt.getTime() - ms) })
    .where(eq(schema.sessions.idHash, idHash));
}

/** Moves a session's identification `ms` back, as if the person had identified that long ago (ADR 0047). */
export async function backdateSessionIdentification(db: Db, idHash: string, ms: number) {
  const [row] = await db.select().from(schema.sessions).where(eq(schema.sessions.idHash, idHash));
  if (!row) return;
  await db
    .update(schema.sessions)
    .set({ authenticatedAt: new Date(row.authenticatedAt.getTime() - ms) })
    .where(eq(schema.sessions.idHash, idHash));
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

export async function createPractitioner(db: Db, input: typeof practitioners.$inferInsert & { specialtyIds: string[]; clinicIds: string[] }) {
  const { specialtyIds, clinicIds, ...values } = input;
  const [row] = await db.insert(practitioners).values(values).returning();
  if (specialtyIds.length) {
    await db.insert(practitionerSpecialties).values(specialtyIds.map((specialtyId) => ({ practitionerId: values.id, specialtyId })));
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
  input: Omit<NewSlot, 'kindId' | 'durationMinutes' | 'localDate' | 'localHour'> & Partial<Pick<NewSlot, 'kindId' | 'durationMinutes'>>,
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
export async function createAppointment(db: Db, input: Omit<NewAppointment, 'anonymousTokenHash'> & { anonymousToken?: string }) {
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
  input: { identityCode: string; firstName: string; lastName: string } & Omit<typeof professionals.$inferInsert, 'personId' | 'firstName' | 'lastName'>,
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

/**
 * An HR user of a client company (ADR 0042): their login identity (a person, not a patient) and
 * the hr_users row binding it to the company's occupational contract. An existing person (found
 * by identity code) is bound as they are.
 */
export async function createHrUser(
  db: Db,
  input: { identityCode: string; firstName: string; lastName: string; contractId: string; title: string; emailAddress: string },
) {
  const [existing] = await db.select().from(persons).where(eq(persons.identityCode, input.identityCode)).limit(1);
  const person =
    existing ??
    (await createPerson(db, {
      identityCode: input.identityCode,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.emailAddress,
      isPatient: false,
    }));
  const [row] = await db
    .insert(hrUsers)
    .values({ personId: person.id, contractId: input.contractId, title: input.title, emailAddress: input.emailAddress })
    .onConflictDoUpdate({ target: hrUsers.personId, set: { contractId: input.contractId, title: input.title, emailAddress: input.emailAddress, active: true } })
    .returning();
  return { ...row!, person };
}

/** Adds professionals to a contract's occupational care team, in the given order. */
export async function addCareTeam(db: Db, contractId: string, professionalIds: readonly string[]) {
  if (professionalIds.length === 0) return;
  await db.insert(occupationalCareTeam).values(professionalIds.map((professionalId, position) => ({ contractId, professionalId, position })));
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

// --- Health records (issue 11) ----------------------------------------------------------------

export async function createPrescription(db: Db, input: typeof schema.prescriptions.$inferInsert) {
  const [row] = await db.insert(schema.prescriptions).values(input).returning();
  return row!;
}

export async function createReferral(db: Db, input: typeof schema.referrals.$inferInsert) {
  const [row] = await db.insert(schema.referrals).values(input).returning();
  return row!;
}

export type NewLabTest = Omit<typeof schema.labTests.$inferInsert, 'parentId' | 'patientId' | 'resultDate'> & {
  items?: Array<Omit<typeof schema.labTests.$inferInsert, 'parentId' | 'patientId' | 'resultDate' | 'kind'>>;
};

/** Inserts one result day's tests; a test with `items` is a package with those items below it. */
export async function createLabDay(db: Db, patientId: string, resultDate: string, tests: NewLabTest[]) {
  const created = [];
  for (const [position, { items, ...test }] of tests.entries()) {
    const [row] = await db
      .insert(schema.labTests)
      .values({ position, ...test, patientId, resultDate, kind: items ? 'package' : 'single' })
      .returning();
    if (items?.length) {
      await db
        .insert(schema.labTests)
        .values(items.map((item, i) => ({ position: i, ...item, patientId, resultDate, parentId: row!.id, kind: 'single' as const })));
    }
    created.push(row!);
  }
  return created;
}

export async function createImagingResult(db: Db, input: typeof schema.imagingResults.$inferInsert) {
  const [row] = await db.insert(schema.imagingResults).values(input).returning();
  return row!;
}

export async function createVisitReport(
  db: Db,
  input: typeof schema.visitReports.$inferInsert & {
    diagnoses?: Array<{ code: string; description: string }>;
    texts?: Array<{ title: string; body: string }>;
  },
) {
  const { diagnoses = [], texts = [], ...values } = input;
  const [row] = await db.insert(schema.visitReports).values(values).returning();
  if (diagnoses.length) await db.insert(schema.visitDiagnoses).values(diagnoses.map((d, position) => ({ ...d, position, visitId: row!.id })));
  if (texts.length) await db.insert(schema.visitTexts).values(texts.map((t, position) => ({ ...t, position, visitId: row!.id })));
  return row!;
}

export async function createQuestionnaireForm(db: Db, definition: (typeof schema.questionnaireForms.$inferInsert)['definition']) {
  const [row] = await db.insert(schema.questionnaireForms).values({ definition }).returning();
  return row!;
}

export async function createQuestionnaireInvitation(db: Db, input: typeof schema.questionnaireInvitations.$inferInsert) {
  const [row] = await db.insert(schema.questionnaireInvitations).values(input).returning();
  return row!;
}

export async function createVaccination(db: Db, input: typeof schema.vaccinations.$inferInsert) {
  const [row] = await db.insert(schema.vaccinations).values(input).returning();
  return row!;
}

export async function createSickLeaveCertificate(db: Db, input: typeof schema.sickLeaveCertificates.$inferInsert) {
  const [row] = await db.insert(schema.sickLeaveCertificates).values(input).returning();
  return row!;
}

// Invoices (issue 12) ---------------------------------------------------------------------------

export type NewInvoice = typeof invoices.$inferInsert;
export type NewInvoiceRow = Omit<typeof invoiceRows.$inferInsert, 'invoiceId' | 'position'>;

/**
 * Inserts an invoice with its rows (one row of the whole sum unless given); paid ones get a
 * paid date. Online payment ends by the four-day rule unless `payableOnlineUntil` is earlier.
 */
export async function createInvoice(
  db: Db,
  input: Omit<NewInvoice, 'sumCents' | 'dueDate' | 'buyerName' | 'description'> &
    Partial<Pick<NewInvoice, 'dueDate' | 'buyerName' | 'description'>> & { sumCents?: number; rows?: NewInvoiceRow[] },
) {
  const { rows: givenRows, ...values } = input;
  const created = values.creationDate instanceof Date ? values.creationDate : new Date(values.creationDate ?? clock.nowMs());
  const description = values.description ?? localized('Lääkärikäynti', 'Läkarbesök', 'Doctor visit');
  const rows: NewInvoiceRow[] = givenRows ?? [{ description, count: 1, unitPriceCents: values.sumCents ?? 5900, date: helsinkiDate(created), vatPermille: 0 }];
  const sumCents = values.sumCents ?? rows.reduce((sum, row) => sum + row.unitPriceCents * (row.count ?? 1), 0);
  // The buyer is whom it is addressed to: a guardian paying for a ward (ADR 0034), else the patient.
  const [owner] = await db
    .select()
    .from(persons)
    .where(eq(persons.id, values.addresseeId ?? values.personId));
  const [row] = await db
    .insert(invoices)
    .values({
      ...values,
      description,
      sumCents,
      creationDate: created,
      dueDate: values.dueDate ?? addDays(helsinkiDate(created), 14),
      paidAt: values.paidAt ?? (values.status === 'paid' ? new Date(created.getTime() + 86_400_000) : null),
      buyerName: values.buyerName ?? (owner ? `${owner.firstName} ${owner.lastName}` : 'Asiakas'),
      buyerStreet: values.buyerStreet ?? owner?.streetAddress ?? null,
      buyerPostalCode: values.buyerPostalCode ?? owner?.postalCode ?? null,
      buyerPostOffice: values.buyerPostOffice ?? owner?.postOffice ?? null,
    })
    .returning();
  await db.insert(invoiceRows).values(rows.map((r, i) => ({ ...r, invoiceId: row!.id, position: i + 1 })));
  return row!;
}

export async function createEmployeeMemo(db: Db, input: typeof schema.employeeMemos.$inferInsert) {
  const [row] = await db.insert(schema.employeeMemos).values(input).returning();
  return row!;
}
