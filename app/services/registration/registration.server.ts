/**
 * Registration of a strongly identified person as a private patient, and the patient data
 * consent. Both are for the logged-in person themself (guardians registering a child come with
 * guardian booking). Every change is written to the access log; free text never is.
 */
import { desc, eq } from 'drizzle-orm';
import { patientDataConsents, persons, registrations } from '~db/schema';
import type { BrandKey } from '~/brands';
import type { Language } from '~/i18n/config';
import {
  consentSchema,
  fieldErrorsOf,
  registrationSchema,
  type ConsentChoices,
  type ConsentFields,
  type RegistrationFields,
} from '~/models/reservation-schemas';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';

type PersonRow = typeof persons.$inferSelect;

export type RegistrationResult =
  | { type: 'success' }
  | { type: 'alreadyPatient' }
  | { type: 'validation'; fields: Record<string, string[]> };

export type RegistrationInput = { [K in keyof RegistrationFields]?: unknown };

/** The registration form's initial values: what the register already knows of the person. */
export function registrationDefaults(person: PersonRow): Partial<Record<keyof RegistrationFields, string>> {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    streetAddress: person.streetAddress ?? '',
    zipCode: person.postalCode ?? '',
    postOffice: person.postOffice ?? '',
    phoneNumber: person.phone ?? '',
    emailAddress: person.email ?? '',
  };
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
  const now = options.now ?? new Date();
  return withTransaction(db, async (t) => {
    // Locked, so two concurrent posts cannot both register.
    const [person] = await t
      .select({ isPatient: persons.isPatient })
      .from(persons)
      .where(eq(persons.id, auth.person.id))
      .for('update');
    if (!person || person.isPatient) return { type: 'alreadyPatient' as const };
    await t
      .update(persons)
      .set({
        firstName: fields.firstName,
        lastName: fields.lastName,
        streetAddress: fields.streetAddress,
        postalCode: fields.zipCode,
        postOffice: fields.postOffice,
        phone: fields.phoneNumber,
        email: fields.emailAddress,
        language: options.lang,
        isPatient: true,
      })
      .where(eq(persons.id, auth.person.id));
    await t.insert(registrations).values({
      personId: auth.person.id,
      registeredById: auth.person.id,
      channel: options.channel ?? (options.inApp ? 'in-app' : 'web'),
      registeredAt: now,
    });
    await logAccess(t, {
      actorPersonId: auth.person.id,
      subjectPersonId: auth.person.id,
      action: 'create',
      resource: 'person:registration',
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
 * Records the logged-in person's patient data consent (a new history row) and marks the form
 * filled. The first time, the privacy statement must be confirmed as read.
 */
export async function giveConsent(
  db: Db,
  auth: { person: { id: string; patientDataConsentUpdatedAt: Date | null } },
  input: ConsentInput,
  options: { brand: BrandKey; now?: Date },
): Promise<ConsentResult> {
  const parsed = consentSchema({ firstTime: auth.person.patientDataConsentUpdatedAt === null }).safeParse(input);
  if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
  const choices = parsed.data;
  const now = options.now ?? new Date();
  await withTransaction(db, async (t) => {
    await t.insert(patientDataConsents).values({
      personId: auth.person.id,
      givenById: auth.person.id,
      allowsCommonRegistry: choices.allowsCommonRegistry,
      allowsViewingOccupationalInformation: options.brand === 'general' && choices.allowsViewingOccupationalInformation,
      allowsMarketingMail: choices.allowsMarketingMail,
      allowsTreatmentInstructionsMail: choices.allowsTreatmentInstructionsMail,
      allowsBookingSms: choices.allowsBookingSms,
      givenAt: now,
    });
    await t.update(persons).set({ patientDataConsentUpdatedAt: now }).where(eq(persons.id, auth.person.id));
    await logAccess(t, {
      actorPersonId: auth.person.id,
      subjectPersonId: auth.person.id,
      action: 'change',
      resource: 'person:patient-data-consent',
    });
  });
  return { type: 'success' };
}
