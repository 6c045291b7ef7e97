/**
 * "Download my data" (issue 23 part 4, ADR 0035): the health records of one person, read in
 * batches for the streamed PDF and FHIR exports. The same visibility as the record pages
 * (records.server.ts): only a person the RecordViewer may read (themself, a ward under 12), only
 * what is not restricted to professionals, certificates from CERTIFICATES_SINCE on. Each section
 * is keyset-paged newest first, so a long history is never held in memory at once. The export
 * is written to the access log once (`logExport`), not once per item as the pages are.
 */
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  imagingResults,
  labTests,
  persons,
  practitioners,
  prescriptions,
  sickLeaveCertificates,
  specialties,
  vaccinations,
  visitDiagnoses,
  visitReports,
  visitTexts,
} from '~db/schema';
import type { Language } from '~/i18n/config';
import { isLanguage } from '~/i18n/config';
import type {
  ExportCertificate,
  ExportFormat,
  ExportImaging,
  ExportLabDay,
  ExportLabTest,
  ExportPatient,
  ExportPrescription,
  ExportVaccination,
  ExportVisit,
} from '~/models/records/export';
import { logAccess } from '~/services/audit/access-log.server';
import type { Db } from '~/services/db/db.server';
import { below, keyset, KEYSET_BATCH } from '~/services/db/keyset.server';
import { chosenPerson, visibleRecordIds, type RecordPerson, type RecordViewer } from '~/services/people/viewer.server';
import { CERTIFICATES_SINCE_INSTANT } from './records-rules';
import { practitionerName, topLevelVisible } from './records.server';

/** Rows per query: small enough to stream, large enough that 10 years take few round trips. */
export const EXPORT_BATCH = KEYSET_BATCH;

/** The person whose records the viewer exports (`?person=`, the viewer by default); null → 404. */
export async function exportSubject(db: Db, viewer: RecordViewer, personParam: string | null): Promise<ExportPatient | null> {
  const person = chosenPerson(viewer, personParam);
  if (!person) return null;
  const [row] = await db
    .select({
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      birthDate: persons.birthDate,
      identityCode: persons.identityCode,
      language: persons.language,
    })
    .from(persons)
    .where(eq(persons.id, person.id))
    .limit(1);
  if (!row) return null;
  return { ...row, language: isLanguage(row.language) ? row.language : 'fi' };
}

/** One access-log row per export: who exported whose records, in which format. */
export async function logExport(db: Db, viewer: RecordViewer, subjectId: string, format: ExportFormat): Promise<void> {
  await logAccess(db, { actorPersonId: viewer.actorId, subjectPersonId: subjectId, action: 'view', resource: `records-export:${format}` });
}

function assertVisible(viewer: RecordViewer, person: RecordPerson | ExportPatient) {
  if (!visibleRecordIds(viewer).includes(person.id)) throw new Error('export of a person the viewer may not read');
}

// --- Prescriptions -------------------------------------------------------------------------

export function prescriptionBatches(db: Db, viewer: RecordViewer, person: ExportPatient): AsyncIterable<ExportPrescription[]> {
  assertVisible(viewer, person);
  return (async function* () {
    for await (const rows of keyset<typeof prescriptions.$inferSelect>((after) =>
      db
        .select()
        .from(prescriptions)
        .where(
          and(
            eq(prescriptions.patientId, person.id),
            after ? below(prescriptions.issuedDate, prescriptions.id, after.issuedDate, after.id, 'date') : undefined,
          ),
        )
        .orderBy(desc(prescriptions.issuedDate), desc(prescriptions.id))
        .limit(EXPORT_BATCH),
    )) {
      yield rows.map((r) => ({
        id: r.id,
        medicineName: r.medicineName,
        strength: r.strength,
        issuedDate: r.issuedDate,
        isRenewable: r.isRenewable,
        medicineType: r.medicineType,
        packageText: `${r.packageCount} × ${r.packageSize} ${r.packageUnit}`,
        totalAmount: r.totalAmount,
        treatmentLength: r.treatmentLength,
        treatmentLengthUnit: r.treatmentLengthUnit,
        dosageGuide: r.dosageGuide,
        usageGuide: r.usageGuide,
      }));
    }
  })();
}

// --- Laboratory ------------------------------------------------------------------------------

function labTest(row: typeof labTests.$inferSelect, items: ExportLabTest[]): ExportLabTest {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    code: row.code,
    displayName: row.displayName,
    status: row.status,
    resultNumber: ready ? row.resultNumber : null,
    comparator: ready ? row.prefix : null,
    resultText: ready ? row.resultText : null,
    unit: row.unit,
    referenceMin: row.referenceMin,
    referenceMax: row.referenceMax,
    isWithinReferenceRange: ready ? row.isWithinReferenceRange : null,
    description: row.description,
    additionalResult: ready ? row.additionalResult : null,
    items,
  };
}

/** Result days newest first, each with its tests and the packages' items (as the result page). */
export function labDayBatches(db: Db, viewer: RecordViewer, person: ExportPatient): AsyncIterable<ExportLabDay[]> {
  assertVisible(viewer, person);
  const dayBatch = Math.max(1, Math.floor(EXPORT_BATCH / 10));
  return (async function* () {
    let before: string | null = null;
    for (;;) {
      const days = await db
        .selectDistinct({ date: labTests.resultDate })
        .from(labTests)
        .where(and(topLevelVisible(person.id), before ? sql`${labTests.resultDate} < ${before}::date` : undefined))
        .orderBy(desc(labTests.resultDate))
        .limit(dayBatch);
      if (days.length === 0) return;
      const dates = days.map((d) => d.date);
      const top = await db
        .select()
        .from(labTests)
        .where(and(topLevelVisible(person.id), inArray(labTests.resultDate, dates)))
        .orderBy(desc(labTests.resultDate), asc(labTests.position), asc(labTests.id));
      const packageIds = top.filter((t) => t.kind === 'package').map((t) => t.id);
      const children = packageIds.length
        ? await db
            .select()
            .from(labTests)
            .where(and(inArray(labTests.parentId, packageIds), eq(labTests.viewRestriction, 'patient')))
            .orderBy(asc(labTests.position), asc(labTests.id))
        : [];
      yield dates.map((date) => ({
        date,
        tests: top
          .filter((t) => t.resultDate === date)
          .map((t) =>
            labTest(
              t,
              children.filter((c) => c.parentId === t.id).map((c) => labTest(c, [])),
            ),
          ),
      }));
      if (days.length < dayBatch) return;
      before = dates[dates.length - 1]!;
    }
  })();
}

// --- Imaging -----------------------------------------------------------------------------------

export function imagingBatches(db: Db, viewer: RecordViewer, person: ExportPatient): AsyncIterable<ExportImaging[]> {
  assertVisible(viewer, person);
  return (async function* () {
    for await (const rows of keyset<typeof imagingResults.$inferSelect>((after) =>
      db
        .select()
        .from(imagingResults)
        .where(
          and(
            eq(imagingResults.patientId, person.id),
            eq(imagingResults.viewRestriction, 'patient'),
            after ? below(imagingResults.imagingDate, imagingResults.id, after.imagingDate, after.id, 'date') : undefined,
          ),
        )
        .orderBy(desc(imagingResults.imagingDate), desc(imagingResults.id))
        .limit(EXPORT_BATCH),
    )) {
      yield rows.map((r) => ({ id: r.id, examinationName: r.examinationName, date: r.imagingDate, statementText: r.statementText }));
    }
  })();
}

// --- Visits ------------------------------------------------------------------------------------

/** Visits newest first with their diagnoses (ICD-10) and the texts of the visit report. */
export function visitBatches(db: Db, viewer: RecordViewer, person: ExportPatient, lang: Language): AsyncIterable<ExportVisit[]> {
  assertVisible(viewer, person);
  type VisitRow = { id: number; startAt: Date; practitionerName: string; practitionerTitle: Record<Language, string>; specialty: Record<Language, string> };
  return (async function* () {
    for await (const rows of keyset<VisitRow>((after) =>
      db
        .select({ id: visitReports.id, startAt: visitReports.startAt, practitionerName, practitionerTitle: practitioners.title, specialty: specialties.name })
        .from(visitReports)
        .innerJoin(practitioners, eq(practitioners.id, visitReports.practitionerId))
        .innerJoin(specialties, eq(specialties.id, visitReports.specialtyId))
        .where(
          and(
            eq(visitReports.patientId, person.id),
            eq(visitReports.viewRestriction, 'patient'),
            after ? below(visitReports.startAt, visitReports.id, after.startAt.toISOString(), after.id, 'timestamptz') : undefined,
          ),
        )
        .orderBy(desc(visitReports.startAt), desc(visitReports.id))
        .limit(EXPORT_BATCH),
    )) {
      const ids = rows.map((r) => r.id);
      const [diagnoses, texts] = await Promise.all([
        db
          .select({ visitId: visitDiagnoses.visitId, code: visitDiagnoses.code, description: visitDiagnoses.description })
          .from(visitDiagnoses)
          .where(inArray(visitDiagnoses.visitId, ids))
          .orderBy(asc(visitDiagnoses.visitId), asc(visitDiagnoses.position)),
        db
          .select({ visitId: visitTexts.visitId, title: visitTexts.title, body: visitTexts.body })
          .from(visitTexts)
          .where(inArray(visitTexts.visitId, ids))
          .orderBy(asc(visitTexts.visitId), asc(visitTexts.position)),
      ]);
      yield rows.map((r) => ({
        id: r.id,
        startAt: r.startAt.toISOString(),
        practitioner: `${r.practitionerName}, ${r.practitionerTitle[lang]}`,
        specialty: r.specialty[lang],
        diagnoses: diagnoses.filter((d) => d.visitId === r.id).map(({ code, description }) => ({ code, description })),
        texts: texts.filter((d) => d.visitId === r.id).map(({ title, body }) => ({ title, body })),
      }));
    }
  })();
}

// --- Vaccinations ------------------------------------------------------------------------------

export function vaccinationBatches(db: Db, viewer: RecordViewer, person: ExportPatient): AsyncIterable<ExportVaccination[]> {
  assertVisible(viewer, person);
  return (async function* () {
    for await (const rows of keyset<typeof vaccinations.$inferSelect>((after) =>
      db
        .select()
        .from(vaccinations)
        .where(
          and(
            eq(vaccinations.patientId, person.id),
            after ? below(vaccinations.vaccinatedOn, vaccinations.id, after.vaccinatedOn, after.id, 'date') : undefined,
          ),
        )
        .orderBy(desc(vaccinations.vaccinatedOn), desc(vaccinations.id))
        .limit(EXPORT_BATCH),
    )) {
      yield rows.map((r) => ({ id: r.id, name: r.name, date: r.vaccinatedOn, practitionerName: r.practitionerName, effectiveUntil: r.effectiveUntil }));
    }
  })();
}

// --- Sick-leave certificates -------------------------------------------------------------------

export function certificateBatches(db: Db, viewer: RecordViewer, person: ExportPatient, lang: Language): AsyncIterable<ExportCertificate[]> {
  assertVisible(viewer, person);
  type CertificateRow = { certificate: typeof sickLeaveCertificates.$inferSelect; practitionerName: string; practitionerTitle: Record<Language, string> };
  return (async function* () {
    for await (const rows of keyset<CertificateRow>((after) =>
      db
        .select({ certificate: sickLeaveCertificates, practitionerName, practitionerTitle: practitioners.title })
        .from(sickLeaveCertificates)
        .innerJoin(practitioners, eq(practitioners.id, sickLeaveCertificates.practitionerId))
        .where(
          and(
            eq(sickLeaveCertificates.patientId, person.id),
            gte(sickLeaveCertificates.createdAt, CERTIFICATES_SINCE_INSTANT),
            after
              ? below(sickLeaveCertificates.createdAt, sickLeaveCertificates.id, after.certificate.createdAt.toISOString(), after.certificate.id, 'timestamptz')
              : undefined,
          ),
        )
        .orderBy(desc(sickLeaveCertificates.createdAt), desc(sickLeaveCertificates.id))
        .limit(EXPORT_BATCH),
    )) {
      yield rows.map(({ certificate: c, practitionerName: name, practitionerTitle }) => ({
        id: c.id,
        createdAt: c.createdAt.toISOString(),
        startDate: c.startDate,
        endDate: c.endDate,
        diagnosisCode: c.showDiagnosis ? c.diagnosisCode : null,
        practitioner: `${name}, ${practitionerTitle[lang]}`,
      }));
    }
  })();
}
