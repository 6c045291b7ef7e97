/**
 * Registration of a strongly identified person as a private patient, and the patient data
 * consent: for the logged-in person themself, or (a guardian) for their ward of 11 or younger,
 * the child registration with the child's details and the consent given by the guardian (ADR
 * 0023). Every change is written to the access log; free text never is.
 */
import { desc, eq } from 'drizzle-orm';
import { patientDataConsents, persons, registrations } from '~db/schema';
import { contactValuesOf } from '~/models/contact';
import { wardsGuardianBooksFor } from '~/services/people/viewer.server';
import type { BrandKey } from '~/brands';
import type { Language } from '~/i18n/config';
import {
  consentSchema,
  fieldErrorsOf,
  registrationSchema,
  type ConsentChoices,
  type ConsentFields,
  type RegistrationFields,
} from '~/models/booking/reservation-schemas';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { markPatientDataConsentUpdated, markRegisteredPatient, type PersonRow } from '~/services/people/people.server';
import { clock } from '~/lib/clock.server';

export type RegistrationResult = { type: 'success' } | { type: 'alreadyPatient' } | { type: 'validation'; fields: Record<string, string[]> };

export type RegistrationInput = { [K in keyof RegistrationFields]?: unknown };

/** The registration form's initial values: what the register already knows of the person. */
export function registrationDefaults(person: PersonRow): Partial<Record<keyof RegistrationFields, string>> {
  const { language: _language, ...values } = contactValuesOf(person);
  return values;
}

/**
 * Registers the logged-in, strongly identified person as a patient: names (editable), postal
 * address, phone and e-mail; the page language becomes their message language. Registering
 * twice changes nothing the second time.
 */
export async function registerPatient(
  db: Db,
  auth: { person: { id: string } },
  input: RegistrationInput,
  options: {
    lang: Language;
    inApp: boolean;
    now?: Date;
    /** Recorded channel when not the default (the health-portal registration: `hpa`). */
    channel?: 'hpa';
  },
): Promise<RegistrationResult> {
  const parsed = registrationSchema.safeParse(input);
  if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
  const fields = parsed.data;
  const now = options.now ?? clock.now();
  return withTransaction(db, async (t) => {
    // Locked, so two concurrent posts cannot both register.
    const [person] = await t.select({ isPatient: persons.isPatient }).from(persons).where(eq(persons.id, auth.person.id)).for('update');
    if (!person || person.isPatient) return { type: 'alreadyPatient' as const };
    await recordRegistration(t, {
      personId: auth.person.id,
      registeredById: auth.person.id,
      fields,
      lang: options.lang,
      channel: options.channel ?? (options.inApp ? 'in-app' : 'web'),
      now,
    });
    return { type: 'success' as const };
  });
}

/**
 * Makes a person a patient with the registration's details (inside the caller's transaction,
 * after the caller has locked the row): one's own registration, or a guardian's for their
 * ward, recorded with who registered them and written to the access log.
 */
async function recordRegistration(
  t: Db,
  input: { personId: string; registeredById: string; fields: RegistrationFields; lang: Language; channel: 'web' | 'in-app' | 'hpa'; now: Date },
): Promise<void> {
  const { fields } = input;
  await markRegisteredPatient(t, input.personId, {
    firstName: fields.firstName,
    lastName: fields.lastName,
    streetAddress: fields.streetAddress,
    postalCode: fields.zipCode,
    postOffice: fields.postOffice,
    phone: fields.phoneNumber,
    email: fields.emailAddress,
    language: input.lang,
  });
  await t.insert(registrations).values({ personId: input.personId, registeredById: input.registeredById, channel: input.channel, registeredAt: input.now });
  await logAccess(t, { actorPersonId: input.registeredById, subjectPersonId: input.personId, action: 'create', resource: 'person:registration' });
}

// ---------------------------------------------------------------------------------------------
// A guardian registers their ward

/**
 * The guardian's ward of 11 or younger with this id (the guardianships mirror the population
 * register), or null: someone else's ward, an older one, or no such person look the same.
 */
export async function wardOfGuardian(db: Db, guardianId: string, wardId: string | null, now = clock.now()): Promise<PersonRow | null> {
  if (!wardId || !/^[0-9a-f-]{36}$/i.test(wardId)) return null;
  return (await wardsGuardianBooksFor(db, guardianId, now)).find((w) => w.id === wardId) ?? null;
}

/**
 * The child registration's initial values: the child's names and address from the register
 * (the guardian's address when the register gave none), and the guardian's phone and e-mail —
 * the confirmations go to the guardian; all editable.
 */
export function wardRegistrationDefaults(guardian: PersonRow, ward: PersonRow): Partial<Record<keyof RegistrationFields, string>> {
  const own = ward.streetAddress && ward.postalCode && ward.postOffice;
  const { streetAddress, zipCode, postOffice } = contactValuesOf(own ? ward : guardian);
  const { phoneNumber, emailAddress } = contactValuesOf(guardian);
  return { firstName: ward.firstName, lastName: ward.lastName, streetAddress, zipCode, postOffice, phoneNumber, emailAddress };
}

export type WardRegistrationResult = RegistrationResult | { type: 'notWard' };

/**
 * A guardian registers their ward as a patient (the child details): the ward must be theirs and
 * 11 or younger, checked again inside the transaction; the registration names the guardian as
 * the one who registered, and the page language becomes the child's message language.
 */
export async function registerWard(
  db: Db,
  auth: { person: { id: string } },
  wardId: string,
  input: RegistrationInput,
  options: { lang: Language; inApp: boolean; now?: Date },
): Promise<WardRegistrationResult> {
  const parsed = registrationSchema.safeParse(input);
  if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
  const fields = parsed.data;
  const now = options.now ?? clock.now();
  return withTransaction(db, async (t) => {
    const ward = await wardOfGuardian(t, auth.person.id, wardId, now);
    if (!ward) return { type: 'notWard' as const };
    const [locked] = await t.select({ isPatient: persons.isPatient }).from(persons).where(eq(persons.id, ward.id)).for('update');
    if (!locked || locked.isPatient) return { type: 'alreadyPatient' as const };
    await recordRegistration(t, {
      personId: ward.id,
      registeredById: auth.person.id,
      fields,
      lang: options.lang,
      channel: options.inApp ? 'in-app' : 'web',
      now,
    });
    return { type: 'success' as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Patient data consent

export type ConsentResult = { type: 'success' } | { type: 'validation'; fields: Record<string, string[]> };

export type ConsentInput = { [K in keyof ConsentFields]?: unknown };

/** The occupational-information consent exists on the general brand only (spec 2 §3). */
export function consentFieldsFor(brand: BrandKey) {
  return brand === 'general'
    ? (['allowsCommonRegistry', 'allowsViewingOccupationalInformation', 'allowsMarketingMail', 'allowsTreatmentInstructionsMail', 'allowsBookingSms'] as const)
    : (['allowsCommonRegistry', 'allowsMarketingMail', 'allowsTreatmentInstructionsMail', 'allowsBookingSms'] as const);
}

/** The consent in force (the latest given), or null when never given. */
export async function currentConsent(db: Db, personId: string): Promise<(ConsentChoices & { givenAt: Date }) | null> {
  const [row] = await db
    .select()
    .from(patientDataConsents)
    .where(eq(patientDataConsents.personId, personId))
    .orderBy(desc(patientDataConsents.givenAt), desc(patientDataConsents.id))
    .limit(1);
  if (!row) return null;
  return {
    allowsCommonRegistry: row.allowsCommonRegistry,
    allowsViewingOccupationalInformation: row.allowsViewingOccupationalInformation,
    allowsMarketingMail: row.allowsMarketingMail,
    allowsTreatmentInstructionsMail: row.allowsTreatmentInstructionsMail,
    allowsBookingSms: row.allowsBookingSms,
    givenAt: row.givenAt,
  };
}

/**
 * Records the patient data consent (a new history row) and marks the form filled: the logged-in
 * person's own, or with `ward` the consent a guardian gives for their registered ward (the
 * guardian is `givenById`). The first time, the privacy statement must be confirmed as read.
 */
export async function giveConsent(
  db: Db,
  auth: { person: { id: string; patientDataConsentUpdatedAt: Date | null } },
  input: ConsentInput,
  options: { brand: BrandKey; now?: Date; ward?: { id: string; patientDataConsentUpdatedAt: Date | null } },
): Promise<ConsentResult> {
  const subject = options.ward ?? auth.person;
  const parsed = consentSchema({ firstTime: subject.patientDataConsentUpdatedAt === null }).safeParse(input);
  if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
  const choices = parsed.data;
  const now = options.now ?? clock.now();
  await withTransaction(db, async (t) => {
    await t.insert(patientDataConsents).values({
      personId: subject.id,
      givenById: auth.person.id,
      allowsCommonRegistry: choices.allowsCommonRegistry,
      allowsViewingOccupationalInformation: options.brand === 'general' && choices.allowsViewingOccupationalInformation,
      allowsMarketingMail: choices.allowsMarketingMail,
      allowsTreatmentInstructionsMail: choices.allowsTreatmentInstructionsMail,
      allowsBookingSms: choices.allowsBookingSms,
      givenAt: now,
    });
    await markPatientDataConsentUpdated(t, subject.id, now);
    await logAccess(t, {
      actorPersonId: auth.person.id,
      subjectPersonId: subject.id,
      action: 'change',
      resource: 'person:patient-data-consent',
    });
  });
  return { type: 'success' };
}
