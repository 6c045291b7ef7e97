/**
 * Reserving a free appointment time: the entry points behind the reserve page and the JSON
 * routes, for anonymous visitors, logged-in users and guardians booking for their ward.
 *
 * Each entry point loads the slot (reservation/slot.server.ts), checks who books and for whom,
 * asks the payer (payers/, ADR 0025: eligibility, the agreement's terms, the insurer's data,
 * checked before any lock) and books in one transaction (reservation/transaction.server.ts).
 */
import { eq } from 'drizzle-orm';
import { persons } from '~db/schema';
import { clock } from '~/lib/clock.server';
import {
  anonymousReservationSchema,
  fieldErrorsOf,
  userReservationSchema,
  type AnonymousReservationFields,
  type UserReservationFields,
} from '~/models/booking/reservation-schemas';
import { recordEvent } from '~/services/analytics/analytics.server';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { captureServerError } from '~/services/observability/sentry.server';
import type { PersonRow } from '~/services/people/people.server';
import { bookingPatientId, viewerOf, wardsGuardianBooksFor, type MandateScope } from '~/services/people/viewer.server';
import { practiceSystemClient } from '~/services/practice-system/practice-system.server';
import type { InsurerStepContext } from './insurance/insurance.server';
import { insurerStepPost } from './insurance/reserve-step.server';
import type { InsuranceCallFields } from './payers/payer.server';
import { payerOf, type Payer } from './payers/index.server';
import { bindingConsentRequired, namesMatch } from './reservation-rules';
import { reservationSettings } from './reservation/settings.server';
import { openSlot } from './reservation/slot.server';
import { book } from './reservation/transaction.server';
import type { ReservationContext, ReservationResult, ResolvedContext } from './reservation/types';

function resolve(ctx: ReservationContext): ResolvedContext & { payer: Payer } {
  return {
    lang: ctx.lang,
    origin: ctx.origin,
    brand: ctx.brand,
    inApp: ctx.inApp,
    now: ctx.now ?? clock.now(),
    settings: ctx.settings ?? reservationSettings(),
    practiceSystem: ctx.practiceSystem === undefined ? practiceSystemClient() : ctx.practiceSystem,
    payer: payerOf(ctx.payer),
  };
}

/** Records the start, runs the steps and records a failure (ids and result types only). */
async function tracked(db: Db, slotId: number, anonymous: boolean, steps: () => Promise<ReservationResult>): Promise<ReservationResult> {
  await recordEvent(db, 'reservationStart', { slotId, anonymous });
  let result: ReservationResult;
  try {
    result = await steps();
  } catch (error) {
    logger.error({ err: error, slotId }, 'reservation failed');
    captureServerError(error);
    result = { type: 'unknownError' };
  }
  if (result.type !== 'success') {
    await recordEvent(db, 'reservationError', { slotId, anonymous, type: result.type }).catch((error: unknown) =>
      logger.error({ err: error }, 'could not record the reservation error event'),
    );
  }
  return result;
}

export type AnonymousReservationInput = { slotId: number } & {
  [K in keyof AnonymousReservationFields]?: unknown;
};

/**
 * Anonymous reservation (spec 3 §4): the visitor types an identity code, names and contact
 * details. It books for the patient with that identity code only when the names match the
 * register; otherwise, and for unknown codes and non-patients alike, the answer is `noPatient`
 * (the visitor is asked to identify strongly), so the form never tells whether someone is a
 * patient. The patient's stored data is neither shown nor changed.
 */
export async function reserveAnonymously(db: Db, input: AnonymousReservationInput, context: ReservationContext) {
  const ctx = resolve(context);
  return tracked(db, input.slotId, true, async () => {
    const row = await openSlot(db, input.slotId, ctx.payer, ctx.now);
    if (!row) return { type: 'appointmentNotAvailable' };
    if (row.slot.requiresAuth || ctx.payer.requiresAuthentication) return { type: 'requiresAuthentication' };
    const bindingRequired = bindingConsentRequired(row.slot.startAt, ctx.now, ctx.settings.bindingConsentHours);
    const parsed = anonymousReservationSchema({ bindingRequired }).safeParse(input);
    if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
    const fields = parsed.data;

    const [patient] = await db.select().from(persons).where(eq(persons.identityCode, fields.ssn)).limit(1);
    if (!patient || !patient.isPatient || !namesMatch(fields, patient)) return { type: 'noPatient' };
    // Billing blocks are not told to anonymous visitors: identifying strongly shows the reason.
    if (ctx.payer.ineligibility(patient)) return { type: 'requiresAuthentication' };

    return book(
      db,
      {
        slot: row,
        patient,
        bookedById: null,
        bookedVia: ctx.inApp ? 'in-app' : 'web-anonymous',
        contact: { phone: fields.phone, email: fields.emailAddress },
        payer: ctx.payer,
        booking: null,
        messageLang: ctx.lang,
      },
      ctx,
    );
  });
}

export type UserReservationInput = { slotId: number } & { [K in keyof UserReservationFields]?: unknown } & {
  /** Insurance payer: the JSON call's fields (spec 3 §3); the page books with the person's insurer choice. */
  insurance?: InsuranceCallFields;
};

/**
 * Reservation by a logged-in user for themself: they must be a registered patient who has
 * given the patient data consent, and (private care) creditworthy. The contact details they
 * confirm (the form posts the saved ones) receive the confirmation, in their language; they are
 * not saved to the record here: a phone or e-mail changes only on my information (ADR 0047).
 * Whom "themself" means is the viewer rule's (`bookingPatientId`): a person acting for another
 * adult on a mandate that covers appointments (ADR 0050) books for that adult — the principal is
 * the patient (their readiness, billing block and agreement apply), the delegate books
 * (`bookedById`) and receives the confirmation, as a guardian does for a ward.
 */
export async function reserveAsUser(db: Db, auth: BookingAuth, input: UserReservationInput, context: ReservationContext) {
  const ctx = resolve(context);
  return tracked(db, input.slotId, false, async () => {
    const row = await openSlot(db, input.slotId, ctx.payer, ctx.now);
    if (!row) return { type: 'appointmentNotAvailable' };
    const person = await bookingPatient(db, auth, ctx.now);
    if (!person || !person.isPatient) return { type: 'noPatient' };
    if (!person.patientDataConsentUpdatedAt) return { type: 'patientDataConsentRequired' };
    const ineligible = ctx.payer.ineligibility(person);
    if (ineligible) return { type: ineligible };
    const terms = await ctx.payer.bookingTerms(db, person, row.slot);
    if (terms.type !== 'ok') return terms;
    const bindingRequired = bindingConsentRequired(row.slot.startAt, ctx.now, ctx.settings.bindingConsentHours);
    const parsed = userReservationSchema({ bindingRequired, confirmation: terms.confirmation }).safeParse(input);
    if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
    const prepared = await ctx.payer.prepareBooking(db, person, row.slot, input.insurance, ctx);
    if (prepared.type !== 'ok') return prepared;

    return book(
      db,
      {
        slot: row,
        patient: person,
        bookedById: auth.person.id,
        bookedVia: ctx.inApp ? 'in-app' : 'web',
        contact: { phone: parsed.data.phone, email: parsed.data.emailAddress },
        payer: ctx.payer,
        booking: prepared.booking,
        // The confirmation goes to whoever booked, in their language.
        messageLang: person.id === auth.person.id ? person.language : auth.person.language,
      },
      ctx,
    );
  });
}

/** Who books "as themself" and for whom. */
type BookingAuth = { person: PersonRow; wards?: { id: string; birthDate: string }[]; actingFor?: MandateScope | null };

/**
 * The patient of a logged-in person's booking "as themself", as the database has them now: the
 * person, or the adult they act for on a mandate covering appointments (`bookingPatientId`).
 * The reserve page shows the form for, and checks the flow's steps of, this person.
 */
export async function bookingPatient(db: Db, auth: BookingAuth, now = clock.now()): Promise<PersonRow | undefined> {
  const patientId = bookingPatientId(viewerOf({ person: auth.person, wards: auth.wards ?? [], actingFor: auth.actingFor }, now));
  const [person] = await db.select().from(persons).where(eq(persons.id, patientId)).limit(1);
  return person;
}

/**
 * A post of the reserve page's insurer step (ADR 0022) for the patient of the booking "as
 * themself" (`bookingPatient`): on a mandate covering appointments (ADR 0050) it changes the
 * principal's insurer choice — the one the page shows and the booking uses — and asks the
 * insurer about the principal, not the delegate. Null: not an insurer step's post.
 */
export async function postInsurerStep(db: Db, auth: BookingAuth, form: FormData, ctx: InsurerStepContext) {
  const patient = await bookingPatient(db, auth);
  return patient ? insurerStepPost(db, patient, form, ctx) : null;
}

/**
 * A guardian's reservation for their ward (spec 3 §2 guardian choice): the ward is the patient
 * and must be theirs, 11 or younger, and a registered patient with the patient data consent;
 * the guardian books (`bookedById`), pays (their billing block applies) and receives the
 * confirmation at the contact details they give, in their language. The ward's own contact
 * details are not changed.
 */
export async function reserveForWard(db: Db, auth: { person: PersonRow }, wardId: string, input: UserReservationInput, context: ReservationContext) {
  const ctx = resolve(context);
  return tracked(db, input.slotId, false, async () => {
    const row = await openSlot(db, input.slotId, ctx.payer, ctx.now);
    if (!row) return { type: 'appointmentNotAvailable' };
    const [guardian] = await db.select().from(persons).where(eq(persons.id, auth.person.id)).limit(1);
    if (!guardian) return { type: 'wardNotAllowed' };
    const ward = (await wardsGuardianBooksFor(db, guardian.id, ctx.now)).find((w) => w.id === wardId);
    if (!ward) return { type: 'wardNotAllowed' };
    if (!ward.isPatient || !ward.patientDataConsentUpdatedAt) return { type: 'wardNotReady' };
    const ineligible = ctx.payer.ineligibility(guardian);
    if (ineligible) return { type: ineligible };
    const bindingRequired = bindingConsentRequired(row.slot.startAt, ctx.now, ctx.settings.bindingConsentHours);
    const parsed = userReservationSchema({ bindingRequired }).safeParse(input);
    if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };

    return book(
      db,
      {
        slot: row,
        patient: ward,
        bookedById: guardian.id,
        bookedVia: ctx.inApp ? 'in-app' : 'web',
        contact: { phone: parsed.data.phone, email: parsed.data.emailAddress },
        payer: ctx.payer,
        booking: null,
        messageLang: guardian.language,
      },
      ctx,
    );
  });
}
