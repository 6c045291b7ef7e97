/**
 * Appointments self-service: the one service behind the appointment pages and the JSON
 * resource routes. Every function takes the viewer and answers only for the viewer's own
 * appointments or their wards' (anything else is "not found", so ids are never confirmed).
 * Every view and change is written to the access log.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  appointmentLinks,
  appointments,
  clinics,
  persons,
  practiceSystemAppointments,
  practitionerCardColumns,
  practitioners,
  specialties,
  type Localized,
} from '~db/schema';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { constantTimeEqual, randomToken, sha256 } from '~/lib/crypto.server';
import { formatDateTime, formatMoney, formatTime, helsinkiDate } from '~/lib/format';
import {
  ARRIVAL_REASON_MAX,
  type AppointmentView,
  type ArrivalReasonResult,
  type CancelResult,
  type CheckInResult,
  type ConfidentialResult,
} from '~/models/appointments/appointment';
import { confidentialControl } from '~/models/appointments/confidential';
import { hasControlCharacters } from '~/models/text';
import { recordEvent } from '~/services/analytics/analytics.server';
import { logAccess, logOrBatch, type AccessLogBatch } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { writeAppointmentChange } from '~/services/practice-system/appointment-changes.server';
import type { FhirClient } from '~/services/practice-system/fhir-client';
import { mutabilityAllows } from '~/services/practice-system/mutability';
import { practiceSystemClient } from '~/services/practice-system/practice-system.server';
import { isOneOf, listVariant, placeholderValue, prepared } from '~/services/db/prepared.server';
import { hitRateLimit, peekRateLimit } from '~/services/security/rate-limit.server';
import { parseAnonymousCode } from '~/models/appointments/anonymous-code';
import { clock } from '~/lib/clock.server';
import { profilePictureSrc } from '~/models/booking/practitioner-picture';
import { recordConfidentialityAccepted } from '~/services/people/people.server';
import { appointmentVisibility, viewerPlaceholders, viewerVariant, type Viewer } from '~/services/people/viewer.server';
import { afterSlotFreed, endEarlierTimeRequest, endRequestsNoLongerSeen } from './earlier-time-matching.server';
import { dropReminder } from './reminders.server';
import { revokeAppointmentLinks } from './links.server';
import { ARRIVAL_REASON_PREFIX, cancellationCheck, checkInStatus, confidentialityStatus, mayCancel } from './rules';

const patient = alias(persons, 'patient');

/** The appointment with its place, practitioner, specialty and patient (the pages' one row shape). */
export function baseQuery(db: Db) {
  return db
    .select({
      appointment: appointments,
      clinic: clinics,
      practitioner: practitionerCardColumns,
      specialtyName: specialties.name,
      patient: {
        id: patient.id,
        firstName: patient.firstName,
        lastName: patient.lastName,
        birthDate: patient.birthDate,
        confidentialityAcceptedAt: patient.confidentialityAcceptedAt,
        identityCode: patient.identityCode,
      },
      // The practice system's mutability rules as last synchronised (ADR 0051); null with the built-in
      // store. The link's key first: drizzle makes a left join's object null when its first field is.
      practiceSystemRules: {
        fhirId: practiceSystemAppointments.fhirId,
        cancellable: practiceSystemAppointments.cancellable,
        reschedulable: practiceSystemAppointments.reschedulable,
        notAfter: practiceSystemAppointments.notAfter,
      },
    })
    .from(appointments)
    .innerJoin(clinics, eq(clinics.id, appointments.clinicId))
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .innerJoin(specialties, eq(specialties.id, appointments.specialtyId))
    .innerJoin(patient, eq(patient.id, appointments.patientId))
    .leftJoin(practiceSystemAppointments, eq(practiceSystemAppointments.appointmentId, appointments.id));
}

export type AppointmentRow = Row;
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/**
 * The pages' queries, prepared (app/services/db/prepared.server.ts). Whose appointments: the
 * viewer's condition from the viewer module (`appointmentVisibility`, ADR 0034: own, wards' under
 * 12, and of wards of 12–17 those the viewer booked, never a confidential one), in one of its two
 * forms (no wards, wards: `viewerVariant`).
 */
/** Upcoming appointments (from `horizon` on) and the `limit` newest before it, in one statement. */
const listQuery = (viewer: Viewer) => (db: Db) => {
  const recentPast = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(appointmentVisibility(viewer, 'prepared'), lt(appointments.startAt, sql.placeholder('horizon'))))
    .orderBy(desc(appointments.startAt))
    .limit(sql.placeholder('limit'));
  return baseQuery(db).where(
    and(appointmentVisibility(viewer, 'prepared'), or(gte(appointments.startAt, sql.placeholder('horizon')), inArray(appointments.id, recentPast))),
  );
};
const byIdsQuery = (ids: readonly number[], viewer: Viewer) => (db: Db) =>
  baseQuery(db)
    .where(and(isOneOf(appointments.id, 'ids', ids), appointmentVisibility(viewer, 'prepared')))
    .orderBy(asc(appointments.startAt));

const pick = (value: Localized | null, lang: Language) => (value ? value[lang] : null);

/** What the practice system's stored mutability rules forbid the patient at `now` (null: nothing). */
function practiceSystemForbids(rules: Row['practiceSystemRules'], now: Date): AppointmentView['practiceSystemForbids'] {
  if (!rules) return null;
  const forbids = { cancel: mutabilityAllows(rules, 'cancel', now) !== 'ok', move: mutabilityAllows(rules, 'move', now) !== 'ok' };
  return forbids.cancel || forbids.move ? forbids : null;
}

export function toView(row: Row, viewer: Viewer | null, lang: Language, now = clock.now()): AppointmentView {
  const a = row.appointment;
  const end = new Date(a.startAt.getTime() + a.durationMinutes * 60_000);
  const price =
    a.payerType === 'self' && a.price
      ? {
          code: a.price.code,
          name: a.price.name[lang],
          cents: a.price.cents,
          amount: formatMoney(a.price.cents, lang),
          additionalFees: a.price.additionalFees.map((f) => ({ code: f.code, name: f.name[lang], cents: f.cents, amount: formatMoney(f.cents, lang) })),
          totalCents: a.price.cents + a.price.additionalFees.reduce((sum, f) => sum + f.cents, 0),
          totalAmount: formatMoney(a.price.cents + a.price.additionalFees.reduce((sum, f) => sum + f.cents, 0), lang),
        }
      : null;
  return {
    id: a.id,
    patientName: viewer && row.patient.id !== viewer.personId ? `${row.patient.firstName} ${row.patient.lastName}` : null,
    kindId: a.kindId,
    kindName: a.kindName[lang],
    specialtyName: row.specialtyName[lang],
    isVideo: a.kindId === 'VETA',
    startAt: a.startAt.toISOString(),
    endAt: end.toISOString(),
    startText: formatDateTime(a.startAt, lang),
    endTimeText: formatTime(end, lang),
    durationMinutes: a.durationMinutes,
    isSpecificTime: a.isSpecificTime,
    isRemote: a.isRemote,
    isCovidTest: a.isCovidTest,
    locationType: a.locationType,
    payerType: a.payerType,
    clinic: {
      id: row.clinic.id,
      name: row.clinic.name,
      streetAddress: row.clinic.streetAddress,
      postalCode: row.clinic.postalCode,
      postOffice: row.clinic.postOffice,
      arrivalInfo: pick(row.clinic.arrivalInfo, lang),
    },
    practitioner: {
      id: row.practitioner.id,
      name: `${row.practitioner.firstName} ${row.practitioner.lastName}`,
      title: row.practitioner.title[lang],
      profilePictureSrc: profilePictureSrc(row.practitioner.profilePictureUrl, env().PRACTITIONER_PICTURE_ORIGIN),
    },
    price,
    roomLocation: a.roomLocation,
    checkInStatus: checkInStatus(a, now),
    mayCancel: mayCancel(a, now),
    cancellableOnline: mayCancel(a, now) && cancellationCheck(a, now, env().CANCELLATION_LIMIT_HOURS).ok,
    practiceSystemForbids: practiceSystemForbids(row.practiceSystemRules, now),
    hasEnded: end.getTime() <= now.getTime(),
    cancelledBy: a.cancelledBy,
    arrivalReason: a.arrivalReason?.startsWith(ARRIVAL_REASON_PREFIX) ? a.arrivalReason.slice(ARRIVAL_REASON_PREFIX.length) : a.arrivalReason,
    confidentiality: confidentialityStatus(row.patient, now, helsinkiDate),
    guardianControl: viewer
      ? confidentialControl(
          { isOwn: row.patient.id === viewer.personId, patientBirthDate: row.patient.birthDate, confidentialBy: a.confidentialBy },
          helsinkiDate(now),
        )
      : null,
  };
}

/** Logs the viewer's (null: the anonymous link's) views of these appointments. */
export async function logViews(db: Db, viewer: Viewer | null, rows: Row[], batch?: AccessLogBatch) {
  await logOrBatch(
    db,
    rows.map((row) => ({
      actorPersonId: viewer?.personId ?? null,
      subjectPersonId: row.patient.id,
      action: 'view' as const,
      resource: viewer ? 'appointment' : 'appointment:anonymous-link',
      resourceId: String(row.appointment.id),
    })),
    batch,
  );
}

/**
 * The viewer's (and wards') appointments: upcoming ones (live, not ended) soonest first, the
 * cancelled ones that have not yet ended apart from them, and recent past ones (newest first,
 * cancelled ones among them marked as such by their view). With `batch`, the views go into it
 * for the caller to write (logAccesses) instead of at once.
 */
export async function listAppointments(db: Db, viewer: Viewer, lang: Language, now = clock.now(), pastLimit = 10, batch?: AccessLogBatch) {
  // An appointment counts as upcoming until it has ended (longest appointments are a few hours).
  const horizon = new Date(now.getTime() - 4 * 3_600_000);
  const rows = await prepared(db, `appointments_list_${viewerVariant(viewer)}`, listQuery(viewer)).execute({
    ...viewerPlaceholders(viewer),
    horizon,
    limit: pastLimit,
  });
  const startOf = (r: Row) => r.appointment.startAt.getTime();
  const upcomingRows = rows.filter((r) => startOf(r) >= horizon.getTime()).sort((a, b) => startOf(a) - startOf(b));
  const pastRows = rows.filter((r) => startOf(r) < horizon.getTime()).sort((a, b) => startOf(b) - startOf(a));
  const notEnded = upcomingRows.filter((r) => r.appointment.startAt.getTime() + r.appointment.durationMinutes * 60_000 >= now.getTime());
  const upcoming = notEnded.filter((r) => !r.appointment.cancelledAt);
  const cancelled = notEnded.filter((r) => r.appointment.cancelledAt);
  const past = [...upcomingRows.filter((r) => !notEnded.includes(r)).reverse(), ...pastRows];
  await logViews(db, viewer, [...upcoming, ...cancelled, ...past], batch);
  return {
    upcoming: upcoming.map((r) => toView(r, viewer, lang, now)),
    cancelled: cancelled.map((r) => toView(r, viewer, lang, now)),
    past: past.map((r) => toView(r, viewer, lang, now)),
  };
}

/** The appointments of a comma-joined id list that the viewer may see (others are left out). */
export async function getAppointments(db: Db, viewer: Viewer, ids: number[], lang: Language, now = clock.now()) {
  const rows = await prepared(db, `appointments_by_id_${listVariant(ids)}_${viewerVariant(viewer)}`, byIdsQuery(ids, viewer)).execute({
    ids: placeholderValue(ids),
    ...viewerPlaceholders(viewer),
  });
  await logViews(db, viewer, rows);
  return rows.map((r) => toView(r, viewer, lang, now));
}

/** One appointment the viewer may see (appointmentVisibility), or null. */
export async function findVisible(db: Db, viewer: Viewer, id: number) {
  const [row] = await baseQuery(db)
    .where(and(eq(appointments.id, id), appointmentVisibility(viewer)))
    .limit(1);
  return row ?? null;
}

/** Cancels by the patient. Cancelling an already cancelled appointment is harmless (success). */
export async function cancelAppointment(
  db: Db,
  viewer: Viewer,
  id: number,
  now = clock.now(),
  practiceSystem: FhirClient | null = practiceSystemClient(),
): Promise<CancelResult> {
  const row = await findVisible(db, viewer, id);
  if (!row) return 'appointmentNotFound';
  if (row.appointment.cancelledAt) return 'success';
  const check = cancellationCheck(row.appointment, now, env().CANCELLATION_LIMIT_HOURS);
  if (!check.ok) return 'deadlineExceeded';
  // The practice system first (ADR 0051); unreachable, nothing changes here either.
  if ((await writeAppointmentChange(db, practiceSystem, id, 'cancel', now)) !== 'ok') return 'unknownError';
  await withTransaction(db, async (t) => {
    await t
      .update(appointments)
      .set({ cancelledAt: now, cancelledBy: 'patient' })
      .where(and(eq(appointments.id, id), isNull(appointments.cancelledAt)));
    await dropReminder(t, id);
    // A request for an earlier time ends with the appointment (ADR 0037).
    await endEarlierTimeRequest(t, id, now);
    await logAccess(t, {
      actorPersonId: viewer.personId,
      subjectPersonId: row.patient.id,
      action: 'change',
      resource: 'appointment:cancel',
      resourceId: String(id),
    });
    await recordEvent(t, 'reservationCancel', { appointmentId: id, specialtyId: row.appointment.specialtyId });
  });
  // After the commit: the freed time is offered to those waiting for an earlier one (ADR 0037).
  await afterSlotFreed(db, row.appointment.slotId, { now });
  return 'success';
}

async function performCheckIn(
  db: Db,
  row: Row,
  actorPersonId: string | null,
  now: Date,
  practiceSystem: FhirClient | null = practiceSystemClient(),
): Promise<CheckInResult> {
  const status = checkInStatus(row.appointment, now);
  if (status === 'checkedIn') return 'alreadyCheckedIn';
  if (status === 'tooEarly') return 'tooEarly';
  if (status === 'onlyAtReception') return 'checkInOnlyAtReception';
  if (status !== 'allowed') return 'unknownError';
  const confidentiality = confidentialityStatus(row.patient, now, helsinkiDate);
  if (confidentiality === 'notFilled') return 'confidentialityFormNotFilled';
  if (confidentiality === 'notFilledAsAdult') return 'confidentialityFormNotFilledAsAdult';
  const id = row.appointment.id;
  // The practice system first (ADR 0051); unreachable, nothing changes here either.
  if ((await writeAppointmentChange(db, practiceSystem, id, 'arrive')) !== 'ok') return 'unknownError';
  return withTransaction(db, async (t) => {
    const updated = await t
      .update(appointments)
      .set({ checkedInAt: now })
      .where(and(eq(appointments.id, id), isNull(appointments.checkedInAt), isNull(appointments.cancelledAt)))
      .returning({ id: appointments.id });
    if (updated.length === 0) return 'alreadyCheckedIn' as const;
    await logAccess(t, {
      actorPersonId,
      subjectPersonId: row.patient.id,
      action: 'change',
      resource: actorPersonId ? 'appointment:check-in' : 'appointment:anonymous-check-in',
      resourceId: String(id),
    });
    await recordEvent(t, 'checkIn', { appointmentId: id, anonymous: actorPersonId === null });
    return 'success' as const;
  });
}

export async function checkIn(
  db: Db,
  viewer: Viewer,
  id: number,
  now = clock.now(),
  practiceSystem: FhirClient | null = practiceSystemClient(),
): Promise<CheckInResult> {
  const row = await findVisible(db, viewer, id);
  if (!row) return 'customerNotFound';
  return performCheckIn(db, row, viewer.personId, now, practiceSystem);
}

/** The patient (or guardian) accepts the confidentiality terms from the consent-needed panel. */
export async function acceptConfidentiality(db: Db, viewer: Viewer, appointmentId: number, now = clock.now()) {
  const row = await findVisible(db, viewer, appointmentId);
  if (!row) return false;
  // The change and its access-log row are written together or not at all.
  await withTransaction(db, async (t) => {
    await recordConfidentialityAccepted(t, row.patient.id, now);
    await logAccess(t, {
      actorPersonId: viewer.personId,
      subjectPersonId: row.patient.id,
      action: 'change',
      resource: 'person:confidentiality',
    });
  });
  return true;
}

/**
 * A minor (12–17) hides their own visit from their guardians, or shows it again (ADR 0034). Only
 * the patient, from their own login; a visit a professional has hidden stays hidden. Hiding a
 * visit someone else booked (a guardian, the clinic, an anonymous booking) also replaces its
 * anonymous link and ends the links its reminders and confirmations carried, so the links the
 * booker has stop working; the reminder, which the sweep now sends to the minor
 * (reminders.server.ts), carries a new one of its own. A guardian's
 * request for an earlier time for it ends in the same transaction, its open offers void (ADR 0037).
 */
export async function setHiddenFromGuardians(db: Db, viewer: Viewer, id: number, hide: boolean, now = clock.now()): Promise<ConfidentialResult> {
  const row = await findVisible(db, viewer, id);
  if (!row || row.patient.id !== viewer.personId) return 'notFound';
  const a = row.appointment;
  const control = confidentialControl({ isOwn: true, patientBirthDate: row.patient.birthDate, confidentialBy: a.confidentialBy }, helsinkiDate(now));
  if (control === null || control === 'professional') return 'notAllowed';
  if (hide === (control === 'show')) return hide ? 'hidden' : 'shown';
  await withTransaction(db, async (t) => {
    // Never over a professional's decision, even one made since the row was read.
    const notProfessional = or(isNull(appointments.confidentialBy), eq(appointments.confidentialBy, 'patient'));
    if (hide) {
      const rotate = a.bookedById !== row.patient.id;
      const token = randomToken(24);
      const updated = await t
        .update(appointments)
        .set({
          confidentialAt: now,
          confidentialBy: 'patient',
          confidentialMarkedById: viewer.personId,
          ...(rotate ? { anonymousTokenHash: sha256(token) } : {}),
        })
        .where(and(eq(appointments.id, id), notProfessional))
        .returning({ id: appointments.id });
      // The links reminders and confirmations carried may have gone to the booker too (ADR 0046);
      // the next reminder, now the minor's, gets a link of its own when it is written.
      if (updated.length && rotate) await revokeAppointmentLinks(t, id);
      // A request for an earlier time made by someone who may no longer see the visit (a guardian)
      // ends with its open offers, in this transaction: nothing more reaches them (issue 39).
      if (updated.length) await endRequestsNoLongerSeen(t, id, now);
    } else {
      await t
        .update(appointments)
        .set({ confidentialAt: null, confidentialBy: null, confidentialMarkedById: null })
        .where(and(eq(appointments.id, id), eq(appointments.confidentialBy, 'patient')));
    }
    await logAccess(t, {
      actorPersonId: viewer.personId,
      subjectPersonId: row.patient.id,
      action: 'change',
      resource: hide ? 'appointment:hide-from-guardians' : 'appointment:show-to-guardians',
      resourceId: String(id),
    });
  });
  return hide ? 'hidden' : 'shown';
}

/** Saves the reason for the visit (max 300 characters), prefixed with the fixed Finnish phrase. */
export async function saveArrivalReason(
  db: Db,
  viewer: Viewer,
  id: number,
  text: string,
  now = clock.now(),
  practiceSystem: FhirClient | null = practiceSystemClient(),
): Promise<ArrivalReasonResult> {
  const reason = text.trim();
  if (reason.length === 0 || [...reason].length > ARRIVAL_REASON_MAX || hasControlCharacters(reason, { multiline: true })) return 'invalid';
  const row = await findVisible(db, viewer, id);
  if (!row || row.appointment.cancelledAt || row.appointment.isRemote) return 'notFound';
  const arrivalReason = `${ARRIVAL_REASON_PREFIX}${reason}`;
  // The practice system first (ADR 0051); unreachable, nothing changes here either.
  if ((await writeAppointmentChange(db, practiceSystem, id, { reason: arrivalReason })) !== 'ok') return 'failed';
  await withTransaction(db, async (t) => {
    await t.update(appointments).set({ arrivalReason, arrivalReasonUpdatedAt: now }).where(eq(appointments.id, id));
    await logAccess(t, {
      actorPersonId: viewer.personId,
      subjectPersonId: row.patient.id,
      action: 'change',
      resource: 'appointment:arrival-reason',
      resourceId: String(id),
    });
  });
  return 'success';
}

/** The appointment and its patient's id, for the calendar file. */
export async function appointmentForCalendar(db: Db, viewer: Viewer, id: number) {
  const row = await findVisible(db, viewer, id);
  if (row) await logViews(db, viewer, [row]);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Anonymous link

/**
 * The appointment behind an anonymous link code — the booking's, or one a reminder or a
 * confirmation of a new time carried (`appointment_links`, ADR 0046); null for a wrong token or a
 * missing one alike.
 */
export async function findByAnonymousCode(db: Db, code: string) {
  const parsed = parseAnonymousCode(code);
  if (!parsed) return null;
  const hash = sha256(parsed.token);
  const [row] = await baseQuery(db).where(eq(appointments.id, parsed.appointmentId)).limit(1);
  if (!row) return null;
  if (constantTimeEqual(row.appointment.anonymousTokenHash, hash)) return row;
  const [sent] = await db
    .select({ id: appointmentLinks.appointmentId })
    .from(appointmentLinks)
    .where(and(eq(appointmentLinks.tokenHash, hash), eq(appointmentLinks.appointmentId, parsed.appointmentId)))
    .limit(1);
  return sent ? row : null;
}

export async function getAnonymousAppointment(db: Db, code: string, lang: Language, now = clock.now()) {
  const row = await findByAnonymousCode(db, code);
  if (!row) return null;
  await logViews(db, null, [row]);
  return toView(row, null, lang, now);
}

const failureKey = (id: number) => `anon-check-in-failures:${id}`;

/** Whether too many wrong codes have locked this appointment's anonymous check-in. */
export async function isAnonymousCheckInLocked(db: Db, appointmentId: number, now = clock.now()) {
  const e = env();
  const failures = await peekRateLimit(db, failureKey(appointmentId), e.ANON_CHECK_IN_LOCK_MINUTES * 60, now);
  return failures >= e.ANON_CHECK_IN_MAX_FAILURES;
}

/**
 * Anonymous check-in with the last four characters of the patient's identity code. Those carry
 * only ~900 values, so wrong attempts lock the appointment (5 in 15 minutes by default) and
 * attempts per client address are limited too.
 */
export async function anonymousCheckIn(
  db: Db,
  code: string,
  ssnEndPart: string,
  clientIp: string,
  now = clock.now(),
): Promise<CheckInResult | 'notFound' | 'rateLimited'> {
  const e = env();
  const perAddress = await hitRateLimit(db, `anon-check-in-ip:${clientIp}`, e.RATE_LIMIT_ANON_CHECK_IN_PER_10_MIN, 600, now);
  if (!perAddress.allowed) return 'rateLimited';
  const row = await findByAnonymousCode(db, code);
  if (!row) return 'notFound';
  const id = row.appointment.id;
  if (await isAnonymousCheckInLocked(db, id, now)) return 'locked';

  const expected = row.patient.identityCode.slice(-4).toUpperCase();
  if (!constantTimeEqual(ssnEndPart.trim().toUpperCase(), expected)) {
    const failures = await hitRateLimit(db, failureKey(id), e.ANON_CHECK_IN_MAX_FAILURES, e.ANON_CHECK_IN_LOCK_MINUTES * 60, now);
    await logAccess(db, {
      actorPersonId: null,
      subjectPersonId: row.patient.id,
      action: 'view',
      resource: 'appointment:anonymous-check-in-refused',
      resourceId: String(id),
    });
    return failures.count >= e.ANON_CHECK_IN_MAX_FAILURES ? 'locked' : 'ssnEndPartMismatch';
  }
  return performCheckIn(db, row, null, now);
}
