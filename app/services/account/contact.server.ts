/**
 * My information's contact details (spec 2 §2–§5, spec 3 §5, §7 PUT /api/user): what the page
 * shows of the patient, and saving the address, phone, e-mail and message language. Names are
 * read-only (they come from the population register). Every view and change is in the access
 * log; the values themselves never are.
 *
 * A change of the phone number or the e-mail address (ADR 0047) needs a strong identification
 * made within CONTACT_CHANGE_IDENTIFIED_MINUTES (`identifiedRecently`): otherwise nothing is
 * saved and the answer is `reidentificationRequired`. A change that is saved tells the old
 * number (an SMS) and the old address (an e-mail), in the same transaction, that it was changed
 * and whom to call if it was not them: no new value, no name.
 */
import { eq } from 'drizzle-orm';
import { persons } from '~db/schema';
import { brand as brandFacts, type BrandKey } from '~/brands';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { textsIn } from '~/i18n/i18n.server';
import { clock } from '~/lib/clock.server';
import { formatDateTime } from '~/lib/format';
import { contactSchema, type ContactField, type PatientView } from '~/models/account/my-information';
import { contactValuesOf } from '~/models/contact';
import { fieldErrorsOf } from '~/models/booking/reservation-schemas';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { currentConsent } from '~/services/account/registration.server';
import { enqueueMessage, type OutboxMessage, type OutboxRow } from '~/services/outbox/outbox.server';
import { updateContactDetails, type PersonRow } from '~/services/people/people.server';
import { changedChannels, identifiedRecently, type Identification } from './contact-rules';

export const CONTACT_RESOURCE = 'person:contact';

export type ContactInput = { [K in ContactField]?: unknown };

export type ContactResult =
  /** `notices`: the outbox rows telling the old number and address; the caller hands them to delivery after its commit. */
  | { type: 'success'; patient: PatientView; notices: OutboxRow[] }
  | { type: 'validation'; fields: Record<string, string[]> }
  /** The phone or e-mail would change and the session's strong identification is not recent: nothing saved. */
  | { type: 'reidentificationRequired' }
  | { type: 'notFound' };

/** Who is changing their details: the person and their session's identification. */
export interface ContactChanger {
  person: { id: string };
  session: Identification;
}

export interface ContactChangeOptions {
  /** The brand the change was made through: the notices go out under it. */
  brand: BrandKey;
  now?: Date;
  /** CONTACT_CHANGE_IDENTIFIED_MINUTES unless given. */
  identifiedMinutes?: number;
}

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
 * Whether the session may change the phone and e-mail now (my information shows the
 * re-identification notice when it may not).
 */
export function mayChangeContactChannels(session: Identification, now = clock.now()): boolean {
  return identifiedRecently(session, now, env().CONTACT_CHANGE_IDENTIFIED_MINUTES);
}

/**
 * The notices of a saved change: an SMS to the old number when the phone changed, an e-mail to
 * the old address when the e-mail changed, in the language the person had chosen before the
 * change (the old channel's reader's), under the brand it was made through. They say what
 * changed and when, and whom to call: not the new value.
 */
async function contactChangeNotices(
  before: { phone: string | null; email: string | null; language: Language },
  changed: { phone: boolean; email: boolean },
  context: { brand: BrandKey; now: Date },
): Promise<OutboxMessage[]> {
  const lang = before.language;
  const t = await textsIn(lang);
  const brand = brandFacts(context.brand);
  const values = { brand: brand.name, time: formatDateTime(context.now, lang), phone: brand.customerService.display };
  const common = { kind: 'notice', brand: context.brand, language: lang } as const;
  const messages: OutboxMessage[] = [];
  if (changed.phone && before.phone) {
    messages.push({ ...common, channel: 'sms', recipient: before.phone, body: t('myInformation.contact.changeNotice.phoneSms', values) });
  }
  if (changed.email && before.email) {
    messages.push({
      ...common,
      channel: 'email',
      recipient: before.email,
      subject: t('myInformation.contact.changeNotice.emailSubject', values),
      body: t('myInformation.contact.changeNotice.emailBody', values),
    });
  }
  return messages;
}

/**
 * Saves the contact details of the logged-in person. The phone is stored normalised (+358…,
 * no spaces) whatever was typed; the schema is the form's. A new phone or e-mail needs a recent
 * strong identification, and tells the old ones (see the module comment).
 */
export async function updateContact(db: Db, auth: ContactChanger, input: ContactInput, options: ContactChangeOptions): Promise<ContactResult> {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
  const fields = parsed.data;
  const now = options.now ?? clock.now();
  const identifiedMinutes = options.identifiedMinutes ?? env().CONTACT_CHANGE_IDENTIFIED_MINUTES;
  return withTransaction(db, async (t) => {
    // The row as it is, locked: the comparison and the notices' recipients are the stored values.
    const [before] = await t
      .select({ phone: persons.phone, email: persons.email, language: persons.language })
      .from(persons)
      .where(eq(persons.id, auth.person.id))
      .for('update')
      .limit(1);
    if (!before) return { type: 'notFound' as const };
    const changed = changedChannels(before, { phone: fields.phoneNumber, email: fields.emailAddress });
    if ((changed.phone || changed.email) && !identifiedRecently(auth.session, now, identifiedMinutes)) {
      await logAccess(t, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'refused', resource: CONTACT_RESOURCE });
      return { type: 'reidentificationRequired' as const };
    }
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
    const notices: OutboxRow[] = [];
    for (const message of await contactChangeNotices(before, changed, { brand: options.brand, now })) notices.push(await enqueueMessage(t, message));
    return { type: 'success' as const, patient: viewOf(person, await currentConsent(t, person.id)), notices };
  });
}
