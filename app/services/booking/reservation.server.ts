/**
 * Reserving a free appointment time: the one service behind the reserve page and the JSON
 * routes, for anonymous visitors and logged-in users.
 *
 * A reservation is one transaction: the patient's row is locked (`select … for update`) so the
 * per-person limit counts correctly under concurrency, the appointment is inserted as a
 * self-contained copy of the slot (time, place, specialty, price estimate), and the confirmation
 * messages are queued in the outbox. The partial unique index `appointments_slot_live_idx` lets
 * one live appointment hold a slot: the loser of a race gets a unique violation, its transaction
 * rolls back whole and it answers `appointmentNotAvailable`.
 *
 * Who pays decides the rules (which slots, identification, eligibility, price): each payer type
 * is a `PayerPolicy`. Private customers (`self`) are live; occupational health and insurance add
 * their policies here rather than new copies of the flow.
 */
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import {
  appointmentInsurance,
  appointments,
  appointmentSlots,
  clinics,
  guardianships,
  persons,
  practitioners,
  specialties,
  type Localized,
  type PriceEstimate,
} from '~db/schema';
import { brand as brandFacts, type BrandKey } from '~/brands';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { formatDate, formatDateTime, formatMoney, formatTime, helsinkiDate } from '~/lib/format';
import { textsIn } from '~/i18n/i18n.server';
import type { Insurer } from '~/models/booking/insurance';
import { bookingFromChoice, clearChoice, hasConcept, type InsuranceBooking } from '~/services/booking/insurance/insurance.server';
import { knownConceptCodes } from '~/services/booking/insurance/insurance-rules';
import { insurerAdapter } from '~/services/booking/insurance/insurers.server';
import type { AppointmentView, PriceView } from '~/models/appointments/appointment';
import { KINDS, priceFor } from '~/models/booking/price-list';
import {
  anonymousReservationSchema,
  fieldErrorsOf,
  userReservationSchema,
  type AnonymousReservationFields,
  type UserReservationFields,
} from '~/models/booking/reservation-schemas';
import { recordEvent } from '~/services/analytics/analytics.server';
import { encodeAnonymousCode } from '~/services/appointments/rules';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { captureServerError } from '~/services/observability/sentry.server';
import { enqueueMessage } from '~/services/outbox/outbox.server';
import { accessOf, contractOf, confirmationFor } from './occupational.server';
import type { ConfirmationKind } from './occupational-rules';
import { guardianBooksFor } from '~/models/person';
import { CHILD_SPECIALTY_IDS } from './reservation-flow-rules';
import { anonymousLink, confirmationMessages } from './reservation-messages.server';
import {
  bindingConsentRequired,
  isCreditworthy,
  isOpenForReservation,
  isUniqueViolation,
  namesMatch,
  reservationLimitReached,
} from './reservation-rules';
import { clock } from '~/lib/clock.server';

// ---------------------------------------------------------------------------------------------
// Settings

export interface ReservationSettings {
  /** Future online reservations one person may hold at once (MAX_FUTURE_RESERVATIONS). */
  maxFutureReservations: number;
  /** The binding consent is asked when the start is this close (BINDING_CONSENT_HOURS). */
  bindingConsentHours: number;
  /** Shown in the terms and the confirmation (CANCELLATION_LIMIT_HOURS). */
  cancellationLimitHours: number;
}

export function reservationSettings(): ReservationSettings {
  const e = env();
  return {
    maxFutureReservations: e.MAX_FUTURE_RESERVATIONS,
    bindingConsentHours: e.BINDING_CONSENT_HOURS,
    cancellationLimitHours: e.CANCELLATION_LIMIT_HOURS,
  };
}

// ---------------------------------------------------------------------------------------------
// Payer types

/** Who pays: the customer (`self`), their employer's occupational health agreement, or an insurer. */
export type ReservationPayer = 'self' | 'occupational' | 'insurance';

type SlotRow = typeof appointmentSlots.$inferSelect;
type PersonRow = typeof persons.$inferSelect;

interface PayerPolicy {
  /** The value of appointments.payer_type and of appointment_slots.payer_types. */
  payerType: (typeof appointments.$inferInsert)['payerType'] & string;
  /** Only strongly identified users may book with this payer (insurance: always). */
  requiresAuthentication: boolean;
  /** Why this person may not book with this payer, if so. */
  ineligibility(person: PersonRow): 'notCreditworthy' | null;
  /** The price estimate copied to the appointment (null when someone else pays). */
  price(slot: SlotRow): PriceEstimate | null;
}

const PAYERS: Record<ReservationPayer, PayerPolicy> = {
  self: {
    payerType: 'self',
    requiresAuthentication: false,
    ineligibility: (person) => (isCreditworthy(person) ? null : 'notCreditworthy'),
    price: (slot) => priceFor(slot.specialtyId, slot.locationType),
  },
  // The employer pays: no price, no billing block; the agreement is checked by `occupationalTerms`.
  occupational: {
    payerType: 'occupationalHealthCare',
    requiresAuthentication: true,
    ineligibility: () => null,
    price: () => null,
  },
  // An insurer reimburses or pays directly (ADR 0022): strong identification; the customer may
  // end up paying (a claim refused, pay-and-reimburse), so a billing block applies and the price is shown.
  insurance: {
    payerType: 'insurance',
    requiresAuthentication: true,
    ineligibility: (person) => (isCreditworthy(person) ? null : 'notCreditworthy'),
    price: (slot) => priceFor(slot.specialtyId, slot.locationType),
  },
};

/**
 * What the person's occupational agreement says about booking this specialty: no agreement, no
 * web reservation, not covered (the time is not theirs to book), or the confirmation to ask.
 */
export async function occupationalTerms(
  db: Db,
  personId: string,
  specialtyId: string,
): Promise<
  | { type: 'noOccupationalHealthcare' | 'notCovered' }
  | { type: 'noWebReservation'; specialContract: boolean }
  | { type: 'ok'; confirmation: ConfirmationKind }
> {
  const contract = await contractOf(db, personId);
  const access = accessOf(contract);
  if (!contract || access.state === 'noOccupationalHealthcare') return { type: 'noOccupationalHealthcare' };
  if (access.state === 'noWebReservation') return { type: 'noWebReservation', specialContract: access.specialContract };
  const confirmation = confirmationFor(contract, specialtyId);
  return confirmation ? { type: 'ok', confirmation } : { type: 'notCovered' };
}

const offers = (policy: PayerPolicy, slot: SlotRow) => slot.payerTypes.includes(policy.payerType);

// ---------------------------------------------------------------------------------------------
// Results

export type ReservationFailure =
  | 'appointmentNotAvailable'
  | 'tooManyReservations'
  | 'requiresAuthentication'
  | 'noPatient'
  | 'patientDataConsentRequired'
  | 'notCreditworthy'
  | 'noOccupationalHealthcare'
  | 'noWebReservation'
  | 'wardNotAllowed'
  | 'wardNotReady'
  | 'insuranceIncomplete'
  | 'treatmentChainCreationFailed'
  | 'unknownError';

/** What the confirmation page and the API show of a new reservation. */
export interface ReservationDetails {
  appointmentId: number;
  startAt: string;
  endAt: string;
  durationMinutes: number;
  kindId: string;
  kind: string;
  specialty: string;
  locationType: string;
  isRemote: boolean;
  clinic: { name: string; streetAddress: string | null; postalCode: string | null; postOffice: string | null };
  practitioner: { name: string; title: string };
  price: PriceView | null;
  anonymousLink: string;
}

export type ReservationResult =
  | { type: 'success'; appointmentId: number; anonymousCode: string; reservationDetails: ReservationDetails }
  | { type: 'validation'; fields: Record<string, string[]> }
  | { type: ReservationFailure };

export interface ReservationContext {
  lang: Language;
  /** Public origin for the appointment link in the messages. */
  origin: string;
  brand: BrandKey;
  /** The mobile app's web view opened the portal. */
  inApp: boolean;
  payer?: ReservationPayer;
  now?: Date;
  settings?: ReservationSettings;
}

// ---------------------------------------------------------------------------------------------
// The slot

function slotQuery(db: Db) {
  return db
    .select({
      slot: appointmentSlots,
      clinic: clinics,
      specialtyName: specialties.name,
      practitioner: { firstName: practitioners.firstName, lastName: practitioners.lastName, title: practitioners.title },
    })
    .from(appointmentSlots)
    .innerJoin(clinics, eq(clinics.id, appointmentSlots.clinicId))
    .innerJoin(specialties, eq(specialties.id, appointmentSlots.specialtyId))
    .innerJoin(practitioners, eq(practitioners.id, appointmentSlots.practitionerId));
}

type SlotWithPlace = Awaited<ReturnType<ReturnType<typeof slotQuery>['execute']>>[number];

async function findSlot(db: Db, slotId: number): Promise<SlotWithPlace | null> {
  const [row] = await slotQuery(db).where(eq(appointmentSlots.id, slotId)).limit(1);
  return row ?? null;
}

async function isTaken(db: Db, slotId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.slotId, slotId), isNull(appointments.cancelledAt)))
    .limit(1);
  return row !== undefined;
}

function priceView(price: PriceEstimate | null, lang: Language): PriceView | null {
  if (!price) return null;
  return {
    code: price.code,
    name: price.name[lang],
    cents: price.cents,
    amount: formatMoney(price.cents, lang),
    additionalFees: price.additionalFees.map((f) => ({ code: f.code, name: f.name[lang], cents: f.cents, amount: formatMoney(f.cents, lang) })),
    totalCents: price.cents + price.additionalFees.reduce((sum, f) => sum + f.cents, 0),
    totalAmount: formatMoney(price.cents + price.additionalFees.reduce((sum, f) => sum + f.cents, 0), lang),
  };
}

const KIND_NAMES: Record<string, Localized> = KINDS;

/** The appointment kind's name (a kind missing from the list is shown by its code). */
const kindNames = (kindId: string): Localized => KIND_NAMES[kindId] ?? { fi: kindId, sv: kindId, en: kindId };

/** The free time shown on the reserve page, in the appointment page's shape. */
function slotPreview(row: SlotWithPlace, policy: PayerPolicy, lang: Language): AppointmentView {
  const { slot, clinic } = row;
  const end = new Date(slot.startAt.getTime() + slot.durationMinutes * 60_000);
  return {
    id: slot.id,
    patientName: null,
    kindId: slot.kindId,
    kindName: kindNames(slot.kindId)[lang],
    specialtyName: row.specialtyName[lang],
    isVideo: slot.kindId === 'VETA',
    startAt: slot.startAt.toISOString(),
    endAt: end.toISOString(),
    startText: formatDateTime(slot.startAt, lang),
    endTimeText: formatTime(end, lang),
    durationMinutes: slot.durationMinutes,
    isSpecificTime: true,
    isRemote: slot.isRemote,
    isCovidTest: slot.kindId === 'KOR',
    locationType: slot.locationType,
    payerType: policy.payerType,
    clinic: {
      name: clinic.name,
      streetAddress: clinic.streetAddress,
      postalCode: clinic.postalCode,
      postOffice: clinic.postOffice,
      arrivalInfo: clinic.arrivalInfo ? clinic.arrivalInfo[lang] : null,
    },
    practitioner: { name: `${row.practitioner.firstName} ${row.practitioner.lastName}`, title: row.practitioner.title[lang] },
    price: priceView(policy.price(slot), lang),
    roomLocation: null,
    checkInStatus: 'statusNotAvailable',
    mayCancel: false,
    cancellableOnline: false,
    // A free time on offer is in the future (slotForReservation refuses past ones).
    hasEnded: false,
    cancelledBy: null,
    arrivalReason: null,
    confidentiality: 'ok',
  };
}

export type SlotForReservation =
  | { state: 'notFound' }
  | { state: 'reserved' }
  | {
      state: 'open';
      requiresAuth: boolean;
      bindingRequired: boolean;
      preview: AppointmentView;
      specialtyId: string;
      /** A time for children (paediatrics): the general brand asks whose appointment it is too. */
      forChildren: boolean;
    };

/** What the reserve page shows for a slot id: not found (also past), already reserved, or open. */
export async function getSlotForReservation(
  db: Db,
  slotId: number,
  lang: Language,
  options: { payer?: ReservationPayer; now?: Date; settings?: ReservationSettings } = {},
): Promise<SlotForReservation> {
  const now = options.now ?? clock.now();
  const settings = options.settings ?? reservationSettings();
  const policy = PAYERS[options.payer ?? 'self'];
  const row = await findSlot(db, slotId);
  if (!row || !isOpenForReservation(row.slot, now) || !offers(policy, row.slot)) return { state: 'notFound' };
  if (await isTaken(db, slotId)) return { state: 'reserved' };
  return {
    state: 'open',
    requiresAuth: row.slot.requiresAuth || policy.requiresAuthentication,
    bindingRequired: bindingConsentRequired(row.slot.startAt, now, settings.bindingConsentHours),
    preview: slotPreview(row, policy, lang),
    specialtyId: row.slot.specialtyId,
    forChildren: CHILD_SPECIALTY_IDS.includes(row.slot.specialtyId),
  };
}

// ---------------------------------------------------------------------------------------------
// Reserving

interface BookingInput {
  /** The open slot, as loaded just before (slots do not change; the unique index guards taking it). */
  slot: SlotWithPlace;
  patient: PersonRow;
  /** The logged-in user who books (null when anonymous). */
  bookedById: string | null;
  bookedVia: 'web' | 'web-anonymous' | 'in-app';
  contact: { phone: string; email: string | null };
  /** Logged-in users confirm their contact details at booking: save changes to the register. */
  saveContact: boolean;
  policy: PayerPolicy;
  /** The language of the confirmation messages. */
  messageLang: Language;
  /** An insurance reservation: what it books with (the treatment chain is created inside the transaction). */
  insurance?: InsuranceBooking & { description: string };
}

/** Rolls the booking's transaction back when the insurer refuses the treatment chain. */
class TreatmentChainFailed extends Error {}

/** The partial unique index that lets one live appointment hold a slot (db/schema.ts). */
const SLOT_TAKEN_CONSTRAINT = 'appointments_slot_live_idx';

type BookingOutcome =
  | Extract<ReservationResult, { type: 'success' }>
  | { type: 'appointmentNotAvailable' | 'tooManyReservations' | 'treatmentChainCreationFailed' };

async function book(db: Db, input: BookingInput, ctx: Required<Omit<ReservationContext, 'payer'>>): Promise<BookingOutcome> {
  const { now, settings } = ctx;
  const brand = brandFacts(ctx.brand);
  try {
    return await withTransaction(db, async (t) => {
      // Serialises this person's reservations, so the limit below cannot be passed by racing.
      await t.select({ id: persons.id }).from(persons).where(eq(persons.id, input.patient.id)).for('update');
      const [held] = await t
        .select({ n: count() })
        .from(appointments)
        .where(
          and(
            eq(appointments.patientId, input.patient.id),
            isNull(appointments.cancelledAt),
            gt(appointments.startAt, now),
            ne(appointments.bookedVia, 'staff'),
          ),
        );
      if (reservationLimitReached(Number(held?.n ?? 0), settings.maxFutureReservations)) {
        return { type: 'tooManyReservations' as const };
      }

      const row = input.slot;
      const { slot } = row;
      const token = randomToken(24);
      const [created] = await t
        .insert(appointments)
        .values({
          patientId: input.patient.id,
          slotId: slot.id,
          bookedById: input.bookedById,
          bookedVia: input.bookedVia,
          kindId: slot.kindId,
          kindName: kindNames(slot.kindId),
          payerType: input.policy.payerType,
          isSpecificTime: true,
          startAt: slot.startAt,
          durationMinutes: slot.durationMinutes,
          isRemote: slot.isRemote,
          isCovidTest: slot.kindId === 'KOR',
          locationType: slot.locationType,
          clinicId: slot.clinicId,
          practitionerId: slot.practitionerId,
          specialtyId: slot.specialtyId,
          price: input.policy.price(slot),
          anonymousTokenHash: sha256(token),
          createdAt: now,
        })
        .returning();
      const appointment = created!;
      const anonymousCode = encodeAnonymousCode(appointment.id, token);
      if (input.insurance) {
        const { insurer, reimbursement, conceptCode, dcpContentHash, description } = input.insurance;
        await t.insert(appointmentInsurance).values({ appointmentId: appointment.id, insurer, reimbursement, conceptCode, dcpContentHash, description });
        await clearChoice(t, input.patient.id, slot.id);
        // Direct compensation: the insurer opens the treatment chain of the permit, or nothing is booked.
        if (dcpContentHash) {
          const chain = await insurerAdapter(t).createTreatmentChain(
            { identityCode: input.patient.identityCode },
            { contentHash: dcpContentHash, startAt: slot.startAt },
          );
          if (chain.type !== 'success') throw new TreatmentChainFailed();
        }
      }

      if (input.saveContact && (input.patient.phone !== input.contact.phone || input.patient.email !== input.contact.email)) {
        await t
          .update(persons)
          .set({ phone: input.contact.phone, email: input.contact.email ?? input.patient.email })
          .where(eq(persons.id, input.patient.id));
        await logAccess(t, {
          actorPersonId: input.bookedById,
          subjectPersonId: input.patient.id,
          action: 'change',
          resource: 'person:contact',
        });
      }
      await logAccess(t, {
        actorPersonId: input.bookedById,
        subjectPersonId: input.patient.id,
        action: 'create',
        resource: input.bookedById ? 'appointment:reservation' : 'appointment:anonymous-reservation',
        resourceId: String(appointment.id),
      });
      await recordEvent(t, 'reservationSuccess', {
        appointmentId: appointment.id,
        slotId: slot.id,
        specialtyId: slot.specialtyId,
        payerType: input.policy.payerType,
        anonymous: input.bookedById === null,
      });
      const facts = {
        appointmentId: appointment.id,
        anonymousCode,
        startAt: appointment.startAt,
        durationMinutes: appointment.durationMinutes,
        createdAt: appointment.createdAt,
        locationType: appointment.locationType,
        isRemote: appointment.isRemote,
        specialtyName: row.specialtyName,
        clinic: row.clinic,
      };
      const messages = await confirmationMessages(facts, input.contact, {
        lang: input.messageLang,
        origin: ctx.origin,
        brand,
        cancellationLimitHours: settings.cancellationLimitHours,
        occupational: input.policy.payerType === 'occupationalHealthCare',
        insurer: input.insurance ? (input.insurance.insurer ?? 'OTHER') : null,
      });
      for (const message of messages) await enqueueMessage(t, message);

      const lang = ctx.lang;
      const preview = slotPreview(row, input.policy, lang);
      return {
        type: 'success' as const,
        appointmentId: appointment.id,
        anonymousCode,
        reservationDetails: {
          appointmentId: appointment.id,
          startAt: preview.startAt,
          endAt: preview.endAt,
          durationMinutes: preview.durationMinutes,
          kindId: preview.kindId,
          kind: preview.kindName,
          specialty: preview.specialtyName,
          locationType: preview.locationType,
          isRemote: preview.isRemote,
          clinic: {
            name: preview.clinic.name,
            streetAddress: preview.clinic.streetAddress,
            postalCode: preview.clinic.postalCode,
            postOffice: preview.clinic.postOffice,
          },
          practitioner: preview.practitioner,
          price: preview.price,
          anonymousLink: anonymousLink(ctx.origin, lang, anonymousCode),
        },
      };
    });
  } catch (error) {
    // The loser of a race for the slot: its whole transaction rolled back.
    if (isUniqueViolation(error, SLOT_TAKEN_CONSTRAINT)) return { type: 'appointmentNotAvailable' };
    if (error instanceof TreatmentChainFailed) return { type: 'treatmentChainCreationFailed' };
    throw error;
  }
}

function resolve(ctx: ReservationContext): Required<Omit<ReservationContext, 'payer'>> & { policy: PayerPolicy } {
  return {
    lang: ctx.lang,
    origin: ctx.origin,
    brand: ctx.brand,
    inApp: ctx.inApp,
    now: ctx.now ?? clock.now(),
    settings: ctx.settings ?? reservationSettings(),
    policy: PAYERS[ctx.payer ?? 'self'],
  };
}

/** Records the start, runs the steps and records a failure (ids and result types only). */
async function tracked(
  db: Db,
  slotId: number,
  anonymous: boolean,
  steps: () => Promise<ReservationResult>,
): Promise<ReservationResult> {
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

/** Loads the slot and answers for a missing, past, taken or identification-only one. */
async function openSlot(db: Db, slotId: number, policy: PayerPolicy, now: Date) {
  const row = await findSlot(db, slotId);
  if (!row || !isOpenForReservation(row.slot, now) || !offers(policy, row.slot)) return null;
  return row;
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
    const row = await openSlot(db, input.slotId, ctx.policy, ctx.now);
    if (!row) return { type: 'appointmentNotAvailable' };
    if (row.slot.requiresAuth || ctx.policy.requiresAuthentication) return { type: 'requiresAuthentication' };
    const bindingRequired = bindingConsentRequired(row.slot.startAt, ctx.now, ctx.settings.bindingConsentHours);
    const parsed = anonymousReservationSchema({ bindingRequired }).safeParse(input);
    if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
    const fields = parsed.data;

    const [patient] = await db.select().from(persons).where(eq(persons.identityCode, fields.ssn)).limit(1);
    if (!patient || !patient.isPatient || !namesMatch(fields, patient)) return { type: 'noPatient' };
    // Billing blocks are not told to anonymous visitors: identifying strongly shows the reason.
    if (ctx.policy.ineligibility(patient)) return { type: 'requiresAuthentication' };

    return book(
      db,
      {
        slot: row,
        patient,
        bookedById: null,
        bookedVia: ctx.inApp ? 'in-app' : 'web-anonymous',
        contact: { phone: fields.phone, email: fields.emailAddress },
        saveContact: false,
        policy: ctx.policy,
        messageLang: ctx.lang,
      },
      ctx,
    );
  });
}

export type UserReservationInput = { slotId: number } & { [K in keyof UserReservationFields]?: unknown } & {
  /** Insurance payer: the JSON call's fields (spec 3 §3); the page books with the person's insurer choice. */
  insurance?: { insuranceConceptCode?: unknown; dcpContentHash?: unknown; description?: unknown };
};

/** The insurer a concept code or a permit tells (the JSON call does not name it). */
function insurerOfCall(conceptCode: string | null, dcpContentHash: string | null): Insurer | null {
  if (dcpContentHash) return 'LAHITAPIOLA';
  if (conceptCode === '999503') return 'OP';
  if (conceptCode) return 'IF';
  return null;
}

const DESCRIPTION_MAX = 500;

/**
 * What an insurance reservation books with: the page's complete insurer choice for the time
 * (`insuranceIncomplete` otherwise), or the JSON call's fields, checked: the concept must be
 * one the brand knows and recorded for the person (POST /api/concepts), the permit one the
 * insurer lists for them. The description for the staff is written in Finnish (spec 3 §3).
 */
async function insuranceFor(
  db: Db,
  person: PersonRow,
  slotId: number,
  input: UserReservationInput['insurance'],
  ctx: { brand: BrandKey; now: Date },
): Promise<{ type: 'ok'; booking: InsuranceBooking & { description: string } } | { type: 'insuranceIncomplete' } | { type: 'validation'; fields: Record<string, string[]> }> {
  let booking: InsuranceBooking | null;
  if (input) {
    const fields: Record<string, string[]> = {};
    const code = typeof input.insuranceConceptCode === 'string' && input.insuranceConceptCode ? input.insuranceConceptCode : null;
    const hash = typeof input.dcpContentHash === 'string' && input.dcpContentHash ? input.dcpContentHash : null;
    const description = typeof input.description === 'string' && input.description.trim() ? input.description.trim() : null;
    if (code && (!knownConceptCodes(ctx.brand).includes(code) || !(await hasConcept(db, person.id, code)))) fields.insuranceConceptCode = ['insurance.errors.conceptNotRecorded'];
    if (hash) {
      const permits = await insurerAdapter(db).lahiTapiolaPermits({ identityCode: person.identityCode });
      if (permits.type !== 'success' || !permits.permits.some((p) => p.contentHash === hash)) fields.dcpContentHash = ['insurance.errors.permitRequired'];
    }
    if (description && description.length > DESCRIPTION_MAX) fields.description = ['insurance.errors.descriptionTooLong'];
    if (Object.keys(fields).length) return { type: 'validation', fields };
    booking = { insurer: insurerOfCall(code, hash), reimbursement: null, conceptCode: code, dcpContentHash: hash, description };
  } else {
    booking = await bookingFromChoice(db, ctx.brand, person.id, slotId);
    if (!booking) return { type: 'insuranceIncomplete' };
  }
  const t = await textsIn('fi');
  const written = t('insurance.staffDescription', {
    date: formatDate(ctx.now, 'fi'),
    insurer: t(`insurance.insurers.${booking.insurer ?? 'OTHER'}`),
  });
  return { type: 'ok', booking: { ...booking, description: booking.description ?? written } };
}

/**
 * Reservation by a logged-in user for themself: they must be a registered patient who has
 * given the patient data consent, and (private care) creditworthy. The contact details they
 * confirm are saved to their record and receive the confirmation, in their language.
 */
export async function reserveAsUser(
  db: Db,
  auth: { person: PersonRow },
  input: UserReservationInput,
  context: ReservationContext,
) {
  const ctx = resolve(context);
  return tracked(db, input.slotId, false, async () => {
    const row = await openSlot(db, input.slotId, ctx.policy, ctx.now);
    if (!row) return { type: 'appointmentNotAvailable' };
    const [person] = await db.select().from(persons).where(eq(persons.id, auth.person.id)).limit(1);
    if (!person || !person.isPatient) return { type: 'noPatient' };
    if (!person.patientDataConsentUpdatedAt) return { type: 'patientDataConsentRequired' };
    const ineligible = ctx.policy.ineligibility(person);
    if (ineligible) return { type: ineligible };
    let confirmation: ConfirmationKind | null = null;
    if (ctx.policy === PAYERS.occupational) {
      const terms = await occupationalTerms(db, person.id, row.slot.specialtyId);
      if (terms.type === 'notCovered') return { type: 'appointmentNotAvailable' };
      if (terms.type !== 'ok') return { type: terms.type };
      confirmation = terms.confirmation;
    }
    const bindingRequired = bindingConsentRequired(row.slot.startAt, ctx.now, ctx.settings.bindingConsentHours);
    const parsed = userReservationSchema({ bindingRequired, confirmation }).safeParse(input);
    if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
    let insurance: (InsuranceBooking & { description: string }) | undefined;
    if (ctx.policy === PAYERS.insurance) {
      const found = await insuranceFor(db, person, row.slot.id, input.insurance, ctx);
      if (found.type !== 'ok') return found;
      insurance = found.booking;
    }

    return book(
      db,
      {
        slot: row,
        patient: person,
        bookedById: person.id,
        bookedVia: ctx.inApp ? 'in-app' : 'web',
        contact: { phone: parsed.data.phone, email: parsed.data.emailAddress },
        saveContact: true,
        policy: ctx.policy,
        messageLang: person.language,
        insurance,
      },
      ctx,
    );
  });
}

/** Whether a logged-in person may book with the payer at all (the page's "booking interrupted"). */
export function payerIneligibility(person: PersonRow, payer: ReservationPayer = 'self') {
  return PAYERS[payer].ineligibility(person);
}

// ---------------------------------------------------------------------------------------------
// A guardian books for their child

export interface WardOption {
  id: string;
  name: string;
}

export interface GuardianFacts {
  /** The wards the guardian books for (11 or younger today), in the register's order. */
  wards: WardOption[];
  /** The chosen ward: none (or not one of `wards`), not yet a patient with the consent, or ok. */
  chosen: 'none' | 'notRegistered' | 'noConsent' | 'ok';
  ward: WardOption | null;
}

/**
 * Whom a guardian may book for, from the guardianships of the population register (persons
 * linked by `guardianships`; checked again at booking). A ward id that is not theirs counts as
 * no choice, so the answer never tells whether such a person exists.
 */
export async function guardianFacts(db: Db, guardianId: string, wardId: string | null, now = clock.now()): Promise<GuardianFacts> {
  const today = helsinkiDate(now);
  const rows = await db
    .select({ ward: persons })
    .from(guardianships)
    .innerJoin(persons, eq(persons.id, guardianships.wardId))
    .where(eq(guardianships.guardianId, guardianId))
    .orderBy(persons.birthDate);
  const young = rows.map((r) => r.ward).filter((w) => guardianBooksFor(w.birthDate, today));
  const option = (w: PersonRow): WardOption => ({ id: w.id, name: `${w.firstName} ${w.lastName}`.trim() });
  const chosen = young.find((w) => w.id === wardId) ?? null;
  return {
    wards: young.map(option),
    chosen: !chosen ? 'none' : !chosen.isPatient ? 'notRegistered' : !chosen.patientDataConsentUpdatedAt ? 'noConsent' : 'ok',
    ward: chosen ? option(chosen) : null,
  };
}

/**
 * A guardian's reservation for their ward (spec 3 §2 guardian choice): the ward is the patient
 * and must be theirs, 11 or younger, and a registered patient with the patient data consent;
 * the guardian books (`bookedById`), pays (their billing block applies) and receives the
 * confirmation at the contact details they give, in their language. The ward's own contact
 * details are not changed.
 */
export async function reserveForWard(
  db: Db,
  auth: { person: PersonRow },
  wardId: string,
  input: UserReservationInput,
  context: ReservationContext,
) {
  const ctx = resolve(context);
  return tracked(db, input.slotId, false, async () => {
    const row = await openSlot(db, input.slotId, ctx.policy, ctx.now);
    if (!row) return { type: 'appointmentNotAvailable' };
    const [guardian] = await db.select().from(persons).where(eq(persons.id, auth.person.id)).limit(1);
    if (!guardian) return { type: 'wardNotAllowed' };
    const [link] = await db
      .select({ ward: persons })
      .from(guardianships)
      .innerJoin(persons, eq(persons.id, guardianships.wardId))
      .where(and(eq(guardianships.guardianId, guardian.id), eq(guardianships.wardId, wardId)))
      .limit(1);
    if (!link || !guardianBooksFor(link.ward.birthDate, helsinkiDate(ctx.now))) return { type: 'wardNotAllowed' };
    if (!link.ward.isPatient || !link.ward.patientDataConsentUpdatedAt) return { type: 'wardNotReady' };
    const ineligible = ctx.policy.ineligibility(guardian);
    if (ineligible) return { type: ineligible };
    const bindingRequired = bindingConsentRequired(row.slot.startAt, ctx.now, ctx.settings.bindingConsentHours);
    const parsed = userReservationSchema({ bindingRequired }).safeParse(input);
    if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };

    return book(
      db,
      {
        slot: row,
        patient: link.ward,
        bookedById: guardian.id,
        bookedVia: ctx.inApp ? 'in-app' : 'web',
        contact: { phone: parsed.data.phone, email: parsed.data.emailAddress },
        saveContact: false,
        policy: ctx.policy,
        messageLang: guardian.language,
      },
      ctx,
    );
  });
}
