/**
 * Health records: the one service behind the record pages (prescriptions, laboratory, imaging,
 * visits, vaccinations, certificates). Every function takes a RecordViewer and the person whose
 * records are asked for, answers only for people the viewer may read (access.server.ts), leaves
 * out what is restricted to professionals, pages every growing list on the server (one row more
 * than the page tells whether a next page exists), and writes every view to the access log.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  imagingResults,
  labTests,
  persons,
  practitioners,
  prescriptions,
  referrals,
  sickLeaveCertificates,
  specialties,
  vaccinations,
  visitDiagnoses,
  visitReports,
  visitTexts,
} from '~db/schema';
import type { Language } from '~/i18n/config';
import { helsinkiDate } from '~/lib/dates';
import { formatDate, formatDateTime } from '~/lib/format';
import { logAccess, logAccesses } from '~/services/audit/access-log.server';
import type { Db } from '~/services/db/db.server';
import { visibleRecordIds, type RecordPerson, type RecordViewer } from '~/services/people/viewer.server';
import { clock } from '~/lib/clock.server';
import { env } from '~/env.server';
import { profilePictureSrc } from '~/models/booking/practitioner-picture';
import { pageOf } from '~/models/paging';
import {
  CERTIFICATES_SINCE_INSTANT,
  labDayState,
  PAGE_SIZES,
  referenceRangeText,
  referralStatus,
  resultNumberText,
  validityHint,
  type LabPrefix,
  type ReferralView,
} from './records-rules';

/** The practitioner's name as the records show it (the pages and the export). */
export const practitionerName = sql<string>`${practitioners.firstName} || ' ' || ${practitioners.lastName}`;

async function logViews(db: Db, viewer: RecordViewer, subjectId: string, resource: string, ids: Array<number | string>) {
  await logAccesses(
    db,
    ids.map((id) => ({ actorPersonId: viewer.actorId, subjectPersonId: subjectId, action: 'view' as const, resource, resourceId: String(id) })),
  );
}

/** A list view with no items is still a view of that person's list. */
async function logListView(db: Db, viewer: RecordViewer, subjectId: string, resource: string, ids: Array<number | string>) {
  if (ids.length) await logViews(db, viewer, subjectId, resource, ids);
  else await logAccess(db, { actorPersonId: viewer.actorId, subjectPersonId: subjectId, action: 'view', resource });
}

/** One page of a record list (`rows`: up to `size + 1`, the extra one telling a next page exists), its view logged. */
async function loggedPage<T extends { id: number | string }>(
  db: Db,
  viewer: RecordViewer,
  subjectId: string,
  resource: string,
  rows: T[],
  page: number,
  size: number,
) {
  const result = pageOf(rows, page, size);
  await logListView(
    db,
    viewer,
    subjectId,
    resource,
    result.items.map((r) => r.id),
  );
  return result;
}

// --- Prescriptions -------------------------------------------------------------------------

export type PrescriptionView = Awaited<ReturnType<typeof listPrescriptions>>['items'][number];

function prescriptionView(row: typeof prescriptions.$inferSelect, lang: Language) {
  return {
    id: row.id,
    medicineName: row.medicineName,
    strength: row.strength,
    issuedDate: row.issuedDate,
    issuedText: formatDate(row.issuedDate, lang),
    isRenewable: row.isRenewable,
    medicineType: row.medicineType,
    packageUnit: row.packageUnit,
    packageSize: row.packageSize,
    packageCount: row.packageCount,
    treatmentLength: row.treatmentLength,
    treatmentLengthUnit: row.treatmentLengthUnit,
    totalAmount: row.totalAmount,
    dosageGuide: row.dosageGuide,
    usageGuide: row.usageGuide,
  };
}

export async function listPrescriptions(db: Db, viewer: RecordViewer, person: RecordPerson, lang: Language, page = 1) {
  const size = PAGE_SIZES.prescriptions;
  const rows = await db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.patientId, person.id))
    .orderBy(desc(prescriptions.issuedDate), desc(prescriptions.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  const result = await loggedPage(db, viewer, person.id, 'prescription', rows, page, size);
  return { ...result, items: result.items.map((r) => prescriptionView(r, lang)) };
}

/** The viewer's (or a ward's) prescriptions of an id list, in the list's order; others left out. */
export async function getPrescriptions(db: Db, viewer: RecordViewer, ids: number[], lang: Language) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(prescriptions)
    .where(and(inArray(prescriptions.id, ids), inArray(prescriptions.patientId, visibleRecordIds(viewer))));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  await logAccesses(
    db,
    found.map((r) => ({
      actorPersonId: viewer.actorId,
      subjectPersonId: r.patientId,
      action: 'view' as const,
      resource: 'prescription',
      resourceId: String(r.id),
    })),
  );
  return found.map((r) => ({ ...prescriptionView(r, lang), patientId: r.patientId }));
}

// --- Referrals -----------------------------------------------------------------------------

function referralView(
  row: typeof referrals.$inferSelect & { practitionerName: string | null; practitionerPictureUrl: string | null },
  lang: Language,
  now: Date,
): ReferralView {
  const today = helsinkiDate(now);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    creationText: formatDate(row.creationDate, lang),
    validUntil: row.validUntil,
    validUntilText: formatDate(row.validUntil, lang),
    status: referralStatus(row.validUntil, today),
    hint: validityHint(row.validUntil, today),
    /** Shown only in Finnish (spec 3 §3). */
    description: lang === 'fi' ? row.description : null,
    practitionerName: row.practitionerName,
    practitioner: row.practitionerId
      ? { id: row.practitionerId, profilePictureSrc: profilePictureSrc(row.practitionerPictureUrl, env().PRACTITIONER_PICTURE_ORIGIN) }
      : null,
    patientInstructionsUrl: row.patientInstructionsUrl,
  };
}

export type { ReferralView };

const referralColumns = { ...getReferralColumns(), practitionerName, practitionerPictureUrl: practitioners.profilePictureUrl };
function getReferralColumns() {
  const { id, patientId, type, title, creationDate, validUntil, description, practitionerId, patientInstructionsUrl, viewRestriction } = referrals;
  return { id, patientId, type, title, creationDate, validUntil, description, practitionerId, patientInstructionsUrl, viewRestriction };
}

export async function listReferrals(
  db: Db,
  viewer: RecordViewer,
  person: RecordPerson,
  type: 'laboratory' | 'imaging',
  lang: Language,
  page = 1,
  now = clock.now(),
) {
  const size = PAGE_SIZES.referrals;
  const rows = await db
    .select(referralColumns)
    .from(referrals)
    .leftJoin(practitioners, eq(practitioners.id, referrals.practitionerId))
    .where(and(eq(referrals.patientId, person.id), eq(referrals.type, type), eq(referrals.viewRestriction, 'patient')))
    .orderBy(desc(referrals.creationDate), desc(referrals.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  const result = await loggedPage(db, viewer, person.id, `${type}-referral`, rows, page, size);
  return { ...result, items: result.items.map((r) => referralView(r, lang, now)) };
}

export async function getReferral(db: Db, viewer: RecordViewer, id: number, type: 'laboratory' | 'imaging', lang: Language, now = clock.now()) {
  const [row] = await db
    .select(referralColumns)
    .from(referrals)
    .leftJoin(practitioners, eq(practitioners.id, referrals.practitionerId))
    .where(
      and(eq(referrals.id, id), eq(referrals.type, type), eq(referrals.viewRestriction, 'patient'), inArray(referrals.patientId, visibleRecordIds(viewer))),
    )
    .limit(1);
  if (!row) return null;
  await logViews(db, viewer, row.patientId, `${type}-referral`, [row.id]);
  return { ...referralView(row, lang, now), person: viewer.people.find((p) => p.id === row.patientId)! };
}

// --- Laboratory ------------------------------------------------------------------------------

/** The patient's own lab results (a package, not its items), not restricted to professionals: the pages, the counts and the export. */
export const topLevelVisible = (patientId: string) =>
  and(eq(labTests.patientId, patientId), isNull(labTests.parentId), eq(labTests.viewRestriction, 'patient'));

/** Result days, newest first: date, items (code, name, ready) and Ready/Pending. */
export async function listLabDays(db: Db, viewer: RecordViewer, person: RecordPerson, lang: Language, page = 1) {
  const size = PAGE_SIZES.labDays;
  const days = await db
    .selectDistinct({ date: labTests.resultDate })
    .from(labTests)
    .where(topLevelVisible(person.id))
    .orderBy(desc(labTests.resultDate))
    .limit(size + 1)
    .offset((page - 1) * size);
  const result = pageOf(days, page, size);
  const dates = result.items.map((d) => d.date);
  const items = dates.length
    ? await db
        .select({ date: labTests.resultDate, id: labTests.id, code: labTests.code, displayName: labTests.displayName, status: labTests.status })
        .from(labTests)
        .where(and(topLevelVisible(person.id), inArray(labTests.resultDate, dates)))
        .orderBy(asc(labTests.position), asc(labTests.id))
    : [];
  await logListView(db, viewer, person.id, 'lab-result-day', dates);
  return {
    ...result,
    items: dates.map((date) => {
      const dayItems = items.filter((i) => i.date === date).map((i) => ({ code: i.code, displayName: i.displayName, isReady: i.status === 'ready' }));
      return { date, dateText: formatDate(date, lang), state: labDayState(dayItems), items: dayItems };
    }),
  };
}

function labTestView(row: typeof labTests.$inferSelect, lang: Language) {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    code: row.code,
    displayName: row.displayName,
    kind: row.kind,
    isReady: ready,
    status: row.status,
    result: !ready
      ? null
      : row.resultNumber !== null
        ? {
            type: 'numeric' as const,
            text: resultNumberText(row.resultNumber, row.prefix as LabPrefix | null, lang),
            isWithinReferenceRange: row.isWithinReferenceRange,
          }
        : row.resultText !== null
          ? { type: 'text' as const, text: row.resultText }
          : null,
    unit: row.unit,
    referenceRange: referenceRangeText(row.referenceMin, row.referenceMax, row.unit, lang),
    description: row.description,
    additionalResult: ready ? row.additionalResult : null,
  };
}

export type LabTestView = ReturnType<typeof labTestView> & { items: Array<ReturnType<typeof labTestView>> };

/** One result day of one person: its tests and packages (with their items); null when none. */
export async function getLabDay(db: Db, viewer: RecordViewer, person: RecordPerson, date: string, lang: Language) {
  const top = await db
    .select()
    .from(labTests)
    .where(and(topLevelVisible(person.id), eq(labTests.resultDate, date)))
    .orderBy(asc(labTests.position), asc(labTests.id));
  if (top.length === 0) return null;
  const packageIds = top.filter((t) => t.kind === 'package').map((t) => t.id);
  const children = packageIds.length
    ? await db
        .select()
        .from(labTests)
        .where(and(inArray(labTests.parentId, packageIds), eq(labTests.viewRestriction, 'patient')))
        .orderBy(asc(labTests.position), asc(labTests.id))
    : [];
  await logViews(
    db,
    viewer,
    person.id,
    'lab-test',
    [...top, ...children].map((t) => t.id),
  );
  const tests: LabTestView[] = top.map((t) => ({
    ...labTestView(t, lang),
    items: children.filter((c) => c.parentId === t.id).map((c) => labTestView(c, lang)),
  }));
  return {
    date,
    dateText: formatDate(date, lang),
    state: labDayState(tests.map((t) => ({ isReady: t.isReady && t.items.every((i) => i.isReady) }))),
    tests,
  };
}

// --- Imaging -----------------------------------------------------------------------------------

export async function listImagingResults(db: Db, viewer: RecordViewer, person: RecordPerson, lang: Language, page = 1) {
  const size = PAGE_SIZES.imaging;
  const rows = await db
    .select({
      id: imagingResults.id,
      examinationName: imagingResults.examinationName,
      imagingDate: imagingResults.imagingDate,
      hasStatement: sql<boolean>`${imagingResults.statementText} is not null`,
    })
    .from(imagingResults)
    .where(and(eq(imagingResults.patientId, person.id), eq(imagingResults.viewRestriction, 'patient')))
    .orderBy(desc(imagingResults.imagingDate), desc(imagingResults.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  const result = await loggedPage(db, viewer, person.id, 'imaging-result', rows, page, size);
  return { ...result, items: result.items.map((r) => ({ ...r, dateText: formatDate(r.imagingDate, lang) })) };
}

export async function getImagingResult(db: Db, viewer: RecordViewer, id: number, lang: Language) {
  const [row] = await db
    .select()
    .from(imagingResults)
    .where(and(eq(imagingResults.id, id), eq(imagingResults.viewRestriction, 'patient'), inArray(imagingResults.patientId, visibleRecordIds(viewer))))
    .limit(1);
  if (!row) return null;
  await logViews(db, viewer, row.patientId, 'imaging-result', [row.id]);
  return {
    id: row.id,
    examinationName: row.examinationName,
    dateText: formatDate(row.imagingDate, lang),
    statementText: row.statementText,
    person: viewer.people.find((p) => p.id === row.patientId)!,
  };
}

// --- Visits ------------------------------------------------------------------------------------

export async function listVisits(db: Db, viewer: RecordViewer, person: RecordPerson, lang: Language, page = 1) {
  const size = PAGE_SIZES.visits;
  const rows = await db
    .select({ id: visitReports.id, startAt: visitReports.startAt, practitionerName, practitionerTitle: practitioners.title, specialty: specialties.name })
    .from(visitReports)
    .innerJoin(practitioners, eq(practitioners.id, visitReports.practitionerId))
    .innerJoin(specialties, eq(specialties.id, visitReports.specialtyId))
    .where(and(eq(visitReports.patientId, person.id), eq(visitReports.viewRestriction, 'patient')))
    .orderBy(desc(visitReports.startAt), desc(visitReports.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  const result = await loggedPage(db, viewer, person.id, 'visit', rows, page, size);
  return {
    ...result,
    items: result.items.map((r) => ({
      id: r.id,
      dateTimeText: formatDateTime(r.startAt, lang),
      practitioner: `${r.practitionerName}, ${r.practitionerTitle[lang]}`,
      specialty: r.specialty[lang],
    })),
  };
}

export async function getVisit(db: Db, viewer: RecordViewer, id: number, lang: Language) {
  const [row] = await db
    .select({
      id: visitReports.id,
      patientId: visitReports.patientId,
      startAt: visitReports.startAt,
      practitionerId: practitioners.id,
      practitionerName,
      practitionerTitle: practitioners.title,
      practitionerPictureUrl: practitioners.profilePictureUrl,
      specialty: specialties.name,
      patientFirstName: persons.firstName,
      patientLastName: persons.lastName,
      identityCode: persons.identityCode,
    })
    .from(visitReports)
    .innerJoin(practitioners, eq(practitioners.id, visitReports.practitionerId))
    .innerJoin(specialties, eq(specialties.id, visitReports.specialtyId))
    .innerJoin(persons, eq(persons.id, visitReports.patientId))
    .where(and(eq(visitReports.id, id), eq(visitReports.viewRestriction, 'patient'), inArray(visitReports.patientId, visibleRecordIds(viewer))))
    .limit(1);
  if (!row) return null;
  const [diagnoses, texts] = await Promise.all([
    db
      .select({ code: visitDiagnoses.code, description: visitDiagnoses.description })
      .from(visitDiagnoses)
      .where(eq(visitDiagnoses.visitId, id))
      .orderBy(asc(visitDiagnoses.position)),
    db.select({ title: visitTexts.title, body: visitTexts.body }).from(visitTexts).where(eq(visitTexts.visitId, id)).orderBy(asc(visitTexts.position)),
  ]);
  await logViews(db, viewer, row.patientId, 'visit', [row.id]);
  return {
    id: row.id,
    dateTimeText: formatDateTime(row.startAt, lang),
    practitionerName: row.practitionerName,
    practitionerTitle: row.practitionerTitle[lang],
    practitioner: { id: row.practitionerId, profilePictureSrc: profilePictureSrc(row.practitionerPictureUrl, env().PRACTITIONER_PICTURE_ORIGIN) },
    specialty: row.specialty[lang],
    patientName: `${row.patientFirstName} ${row.patientLastName}`,
    /** The visit page shows the identity code (spec 3 §3); it never goes to logs or URLs. */
    identityCode: row.identityCode,
    diagnoses,
    texts,
  };
}

// --- Vaccinations ------------------------------------------------------------------------------

export async function listVaccinations(db: Db, viewer: RecordViewer, person: RecordPerson, lang: Language, page = 1) {
  const size = PAGE_SIZES.vaccinations;
  const rows = await db
    .select()
    .from(vaccinations)
    .where(eq(vaccinations.patientId, person.id))
    .orderBy(desc(vaccinations.vaccinatedOn), desc(vaccinations.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  const result = await loggedPage(db, viewer, person.id, 'vaccination', rows, page, size);
  return {
    ...result,
    items: result.items.map((r) => ({
      id: r.id,
      name: r.name,
      dateText: formatDate(r.vaccinatedOn, lang),
      practitionerName: r.practitionerName,
      effectiveUntilText: r.effectiveUntil ? formatDate(r.effectiveUntil, lang) : null,
    })),
  };
}

// --- Sick-leave certificates -------------------------------------------------------------------

const certificateSince = (patientId: string) =>
  and(eq(sickLeaveCertificates.patientId, patientId), gte(sickLeaveCertificates.createdAt, CERTIFICATES_SINCE_INSTANT));

export async function listCertificates(db: Db, viewer: RecordViewer, person: RecordPerson, lang: Language, page = 1) {
  const size = PAGE_SIZES.certificates;
  const rows = await db
    .select({
      id: sickLeaveCertificates.id,
      createdAt: sickLeaveCertificates.createdAt,
      startDate: sickLeaveCertificates.startDate,
      endDate: sickLeaveCertificates.endDate,
      practitionerName,
    })
    .from(sickLeaveCertificates)
    .innerJoin(practitioners, eq(practitioners.id, sickLeaveCertificates.practitionerId))
    .where(certificateSince(person.id))
    .orderBy(desc(sickLeaveCertificates.createdAt), desc(sickLeaveCertificates.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  const result = await loggedPage(db, viewer, person.id, 'sick-leave-certificate', rows, page, size);
  return {
    ...result,
    items: result.items.map((r) => ({
      id: r.id,
      createdText: formatDate(r.createdAt, lang),
      periodText: `${formatDate(r.startDate, lang)}–${formatDate(r.endDate, lang)}`,
      practitionerName: r.practitionerName,
    })),
  };
}

/** One certificate with what its PDF prints; null for anyone else's or one older than 1.1.2022. */
export async function getCertificate(db: Db, viewer: RecordViewer, id: number) {
  const [row] = await db
    .select({
      certificate: sickLeaveCertificates,
      practitionerName,
      practitionerTitle: practitioners.title,
      patientFirstName: persons.firstName,
      patientLastName: persons.lastName,
      identityCode: persons.identityCode,
    })
    .from(sickLeaveCertificates)
    .innerJoin(practitioners, eq(practitioners.id, sickLeaveCertificates.practitionerId))
    .innerJoin(persons, eq(persons.id, sickLeaveCertificates.patientId))
    .where(and(eq(sickLeaveCertificates.id, id), inArray(sickLeaveCertificates.patientId, visibleRecordIds(viewer))))
    .limit(1);
  if (!row || row.certificate.createdAt < CERTIFICATES_SINCE_INSTANT) return null;
  await logViews(db, viewer, row.certificate.patientId, 'sick-leave-certificate:pdf', [row.certificate.id]);
  return row;
}

/** How many items of each record kind a person has that they may see (tests and the feed). */
export async function countVisible(db: Db, patientId: string) {
  const [labs] = await db.select({ n: count() }).from(labTests).where(topLevelVisible(patientId));
  const [imaging] = await db
    .select({ n: count() })
    .from(imagingResults)
    .where(and(eq(imagingResults.patientId, patientId), eq(imagingResults.viewRestriction, 'patient')));
  const [visits] = await db
    .select({ n: count() })
    .from(visitReports)
    .where(and(eq(visitReports.patientId, patientId), eq(visitReports.viewRestriction, 'patient')));
  return { labTests: labs?.n ?? 0, imagingResults: imaging?.n ?? 0, visits: visits?.n ?? 0 };
}
