/**
 * The people service: the one owner of every write to `persons` (issue 28, ADR 0026). Other
 * areas read persons as they need, but create and change them only through these functions:
 * identification (a strongly identified person), the population register (wards), my
 * information (contact details), registration (a patient), the patient data consent, the
 * confidentiality terms and booking (the contact details saved with a reservation). Every
 * function takes the caller's database or transaction handle (`tx`), so a write joins the
 * caller's transaction and its access-log row; the access log itself stays with the caller,
 * who knows the actor and the resource.
 */
import { eq, inArray } from 'drizzle-orm';
import { persons } from '~db/schema';
import type { Language } from '~/i18n/config';
import type { Db } from '~/services/db/db.server';
import type { RegisterWard } from './population-register/population-register';

export type PersonRow = typeof persons.$inferSelect;

/**
 * A strongly identified person (an already valid identity code and its birth date): a new one
 * gets a row with isPatient=false and the names the identification gave; a known one is left
 * as it is. Returns the stored row.
 */
export async function upsertPersonFromIdentification(
  tx: Db,
  identified: { identityCode: string; birthDate: string; firstName: string | null; lastName: string | null },
): Promise<PersonRow | null> {
  await tx
    .insert(persons)
    .values({
      identityCode: identified.identityCode,
      firstName: identified.firstName ?? '',
      lastName: identified.lastName ?? '',
      birthDate: identified.birthDate,
      isPatient: false,
    })
    .onConflictDoNothing({ target: persons.identityCode });
  const [person] = await tx.select().from(persons).where(eq(persons.identityCode, identified.identityCode)).limit(1);
  return person ?? null;
}

/**
 * The population register's wards as persons (ADR 0023), in the register's order: one unknown
 * to us becomes a person who is not (yet) a patient; one not registered yet takes the register's
 * names (and address, when given); a registered patient's own details are kept. Returns the
 * persons' ids in the order of `wards`.
 */
export async function upsertWardsFromRegister(tx: Db, wards: readonly RegisterWard[]): Promise<string[]> {
  const codes = wards.map((w) => w.identityCode);
  const known = codes.length ? await tx.select().from(persons).where(inArray(persons.identityCode, codes)) : [];
  const byCode = new Map(known.map((p) => [p.identityCode, p]));
  const wardIds: string[] = [];
  for (const ward of wards) {
    let person = byCode.get(ward.identityCode);
    if (!person) {
      // Known to the register, not to us: a person who is not (yet) a patient.
      [person] = await tx
        .insert(persons)
        .values({
          identityCode: ward.identityCode,
          firstName: ward.firstName,
          lastName: ward.lastName,
          birthDate: ward.birthDate,
          streetAddress: ward.address?.streetAddress ?? null,
          postalCode: ward.address?.postalCode ?? null,
          postOffice: ward.address?.postOffice ?? null,
          isPatient: false,
        })
        .onConflictDoUpdate({ target: persons.identityCode, set: { firstName: ward.firstName } })
        .returning();
    } else if (!person.isPatient) {
      // Not registered yet: the register's names (and address) are the best we have.
      await tx
        .update(persons)
        .set({
          firstName: ward.firstName,
          lastName: ward.lastName,
          ...(ward.address ? { streetAddress: ward.address.streetAddress, postalCode: ward.address.postalCode, postOffice: ward.address.postOffice } : {}),
        })
        .where(eq(persons.id, person.id));
    }
    wardIds.push(person!.id);
  }
  return wardIds;
}

/** A person's contact details as stored (the phone already normalised to +358…). */
export interface ContactDetails {
  streetAddress: string;
  postalCode: string;
  postOffice: string;
  phone: string;
  email: string;
  language: Language;
}

/** Saves a person's contact details (my information); the changed row, or null for no such person. */
export async function updateContactDetails(tx: Db, personId: string, details: ContactDetails): Promise<PersonRow | null> {
  const [person] = await tx.update(persons).set(details).where(eq(persons.id, personId)).returning();
  return person ?? null;
}

/**
 * Makes a person a patient with the registration's names and contact details (one's own
 * registration, or a guardian's for their ward). The caller has locked the row and records the
 * registration itself.
 */
export async function markRegisteredPatient(tx: Db, personId: string, details: ContactDetails & { firstName: string; lastName: string }): Promise<void> {
  await tx
    .update(persons)
    .set({ ...details, isPatient: true })
    .where(eq(persons.id, personId));
}

/** The patient data consent form was filled (the consent itself is a row of its own history). */
export async function markPatientDataConsentUpdated(tx: Db, personId: string, at: Date): Promise<void> {
  await tx.update(persons).set({ patientDataConsentUpdatedAt: at }).where(eq(persons.id, personId));
}

/** The patient (or their guardian) accepted the confidentiality terms. */
export async function recordConfidentialityAccepted(tx: Db, personId: string, at: Date): Promise<void> {
  await tx.update(persons).set({ confidentialityAcceptedAt: at }).where(eq(persons.id, personId));
}
