/**
 * My information's contact details (spec 2 §2–§5, spec 3 §5, §7 PUT /api/user): what the page
 * shows of the patient, and saving the address, phone, e-mail and message language. Names are
 * read-only (they come from the population register). Every view and change is in the access
 * log; the values themselves never are.
 */
import { eq } from 'drizzle-orm';
import { persons } from '~db/schema';
import { contactSchema, type ContactField, type PatientView } from '~/models/account/my-information';
import { contactValuesOf } from '~/models/contact';
import { fieldErrorsOf } from '~/models/booking/reservation-schemas';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { currentConsent } from '~/services/account/registration.server';
import { updateContactDetails, type PersonRow } from '~/services/people/people.server';


export const CONTACT_RESOURCE = 'person:contact';

export type ContactInput = { [K in ContactField]?: unknown };

export type ContactResult =
  | { type: 'success'; patient: PatientView }
  | { type: 'validation'; fields: Record<string, string[]> }
  | { type: 'notFound' };

function viewOf(person: PersonRow, consent: Awaited<ReturnType<typeof currentConsent>>): PatientView {
  const { firstName, lastName, phoneNumber, emailAddress, language, streetAddress, zipCode, postOffice } = contactValuesOf(person);
  return {
    firstName,
    lastName,
    phoneNumber,
    email: emailAddress,
    language,
    postalAddress: { street: streetAddress, postalCode: zipCode, postOffice },
    patientDataConsent: consent
      ? {
          allowsCommonRegistry: consent.allowsCommonRegistry,
          allowsViewingOccupationalInformation: consent.allowsViewingOccupationalInformation,
          allowsMarketingMail: consent.allowsMarketingMail,
          allowsTreatmentInstructionsMail: consent.allowsTreatmentInstructionsMail,
          allowsBookingSms: consent.allowsBookingSms,
        }
      : null,
    patientDataConsentFormUpdated: person.patientDataConsentUpdatedAt?.toISOString() ?? null,
  };
}

/** The logged-in person's details as my information shows them (logged as a view). */
export async function getPatient(db: Db, auth: { person: { id: string } }): Promise<PatientView | null> {
  const [person] = await db.select().from(persons).where(eq(persons.id, auth.person.id)).limit(1);
  if (!person) return null;
  const consent = await currentConsent(db, person.id);
  await logAccess(db, { actorPersonId: person.id, subjectPersonId: person.id, action: 'view', resource: CONTACT_RESOURCE });
  return viewOf(person, consent);
}

/**
 * Saves the contact details of the logged-in person. The phone is stored normalised (+358…,
 * no spaces) whatever was typed; the schema is the form's.
 */
export async function updateContact(db: Db, auth: { person: { id: string } }, input: ContactInput): Promise<ContactResult> {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
  const fields = parsed.data;
  return withTransaction(db, async (t) => {
    const person = await updateContactDetails(t, auth.person.id, {
      streetAddress: fields.streetAddress,
      postalCode: fields.zipCode,
      postOffice: fields.postOffice,
      phone: fields.phoneNumber,
      email: fields.emailAddress,
      language: fields.language,
    });
    if (!person) return { type: 'notFound' as const };
    await logAccess(t, { actorPersonId: person.id, subjectPersonId: person.id, action: 'change', resource: CONTACT_RESOURCE });
    return { type: 'success' as const, patient: viewOf(person, await currentConsent(t, person.id)) };
  });
}
