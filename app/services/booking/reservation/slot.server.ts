/**
 * The reservation's slot: loading a free time with its place, whether it is open for a payer
 * (in the future, offered to that payer, not taken) and the reserve page's preview of it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { appointments, appointmentSlots, clinics, practitionerCardColumns, practitioners, specialties, type Localized, type PriceEstimate } from '~db/schema';
import type { Language } from '~/i18n/config';
import { clock } from '~/lib/clock.server';
import { formatDateTime, formatMoney, formatTime } from '~/lib/format';
import type { AppointmentView, PriceView } from '~/models/appointments/appointment';
import { KINDS } from '~/models/booking/price-list';
import { profilePictureSrc } from '~/models/booking/practitioner-picture';
import { env } from '~/env.server';
import type { Db } from '~/services/db/db.server';
import { payerOf, type Payer, type PayerKey, type SlotRow } from '../payers/index.server';
import { CHILD_SPECIALTY_IDS } from '../reservation-flow-rules';
import { bindingConsentRequired, isOpenForReservation } from '../reservation-rules';
import { reservationSettings, type ReservationSettings } from './settings.server';

/** A free time in the future that the payer may book (taken or not). */
export const isOpenFor = (slot: SlotRow, payer: Payer, now: Date): boolean => isOpenForReservation(slot, now) && slot.payerTypes.includes(payer.payerType);

function slotQuery(db: Db) {
  return db
    .select({
      slot: appointmentSlots,
      clinic: clinics,
      specialtyName: specialties.name,
      practitioner: practitionerCardColumns,
    })
    .from(appointmentSlots)
    .innerJoin(clinics, eq(clinics.id, appointmentSlots.clinicId))
    .innerJoin(specialties, eq(specialties.id, appointmentSlots.specialtyId))
    .innerJoin(practitioners, eq(practitioners.id, appointmentSlots.practitionerId));
}

export type SlotWithPlace = Awaited<ReturnType<ReturnType<typeof slotQuery>['execute']>>[number];

export async function findSlot(db: Db, slotId: number): Promise<SlotWithPlace | null> {
  const [row] = await slotQuery(db).where(eq(appointmentSlots.id, slotId)).limit(1);
  return row ?? null;
}

export async function isTaken(db: Db, slotId: number): Promise<boolean> {
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
export const kindNames = (kindId: string): Localized => KIND_NAMES[kindId] ?? { fi: kindId, sv: kindId, en: kindId };

/**
 * What an appointment copies of the free time it takes, booked or moved there (ADR 0036): the
 * slot, its time, kind, place, practitioner and specialty, and the payer's price.
 */
export function appointmentCopyOfSlot(slot: SlotRow, payer: Payer) {
  return {
    slotId: slot.id,
    startAt: slot.startAt,
    durationMinutes: slot.durationMinutes,
    kindId: slot.kindId,
    kindName: kindNames(slot.kindId),
    isRemote: slot.isRemote,
    isCovidTest: slot.kindId === 'KOR',
    locationType: slot.locationType,
    clinicId: slot.clinicId,
    practitionerId: slot.practitionerId,
    specialtyId: slot.specialtyId,
    price: payer.price(slot),
  } satisfies Partial<typeof appointments.$inferInsert>;
}

/** The free time shown on the reserve page, in the appointment page's shape. */
export function slotPreview(row: SlotWithPlace, payer: Payer, lang: Language): AppointmentView {
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
    payerType: payer.payerType,
    clinic: {
      id: clinic.id,
      name: clinic.name,
      streetAddress: clinic.streetAddress,
      postalCode: clinic.postalCode,
      postOffice: clinic.postOffice,
      arrivalInfo: clinic.arrivalInfo ? clinic.arrivalInfo[lang] : null,
    },
    practitioner: {
      id: row.practitioner.id,
      name: `${row.practitioner.firstName} ${row.practitioner.lastName}`,
      title: row.practitioner.title[lang],
      profilePictureSrc: profilePictureSrc(row.practitioner.profilePictureUrl, env().PRACTITIONER_PICTURE_ORIGIN),
    },
    price: priceView(payer.price(slot), lang),
    roomLocation: null,
    checkInStatus: 'statusNotAvailable',
    mayCancel: false,
    cancellableOnline: false,
    practiceSystemForbids: null,
    // A free time on offer is in the future (slotForReservation refuses past ones).
    hasEnded: false,
    cancelledBy: null,
    arrivalReason: null,
    confidentiality: 'ok',
    guardianControl: null,
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
  options: { payer?: PayerKey; now?: Date; settings?: ReservationSettings } = {},
): Promise<SlotForReservation> {
  const now = options.now ?? clock.now();
  const settings = options.settings ?? reservationSettings();
  const payer = payerOf(options.payer);
  const row = await findSlot(db, slotId);
  if (!row || !isOpenFor(row.slot, payer, now)) return { state: 'notFound' };
  if (await isTaken(db, slotId)) return { state: 'reserved' };
  return {
    state: 'open',
    requiresAuth: row.slot.requiresAuth || payer.requiresAuthentication,
    bindingRequired: bindingConsentRequired(row.slot.startAt, now, settings.bindingConsentHours),
    preview: slotPreview(row, payer, lang),
    specialtyId: row.slot.specialtyId,
    forChildren: CHILD_SPECIALTY_IDS.includes(row.slot.specialtyId),
  };
}

/** Loads the slot for booking: null when missing, past or not offered to the payer (taken is found out at insert). */
export async function openSlot(db: Db, slotId: number, payer: Payer, now: Date): Promise<SlotWithPlace | null> {
  const row = await findSlot(db, slotId);
  return row && isOpenFor(row.slot, payer, now) ? row : null;
}
