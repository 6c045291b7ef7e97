/**
 * Factories shared by the seed and the tests, so demo data and test data have one shape.
 * Each inserts one row with sensible defaults and returns it.
 */
import { randomToken, sha256 } from '../app/lib/crypto.server';
import { helsinkiDate, wallClock } from '../app/lib/dates';
import { parseIdentityCode } from '../app/models/identity-code';
import { encodeAnonymousCode } from '../app/models/anonymous-code';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import {
  appointments,
  appointmentSlots,
  clinics,
  featureOverrides,
  guardianships,
  invoiceRows,
  invoices,
  occupationalContracts,
  persons,
  practitionerClinics,
  practitioners,
  practitionerSpecialties,
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
  const created = values.creationDate instanceof Date ? values.creationDate : new Date(values.creationDate ?? Date.now());
  const description = values.description ?? localized('Lääkärikäynti', 'Läkarbesök', 'Doctor visit');
  const rows: NewInvoiceRow[] = givenRows ?? [
    { description, count: 1, unitPriceCents: values.sumCents ?? 5900, date: created.toISOString().slice(0, 10), vatPermille: 0 },
  ];
  const sumCents = values.sumCents ?? rows.reduce((sum, row) => sum + row.unitPriceCents * (row.count ?? 1), 0);
  const [owner] = await db.select().from(persons).where(eq(persons.id, values.personId));
  const [row] = await db
    .insert(invoices)
    .values({
      ...values,
      description,
      sumCents,
      creationDate: created,
      dueDate: values.dueDate ?? new Date(created.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
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
