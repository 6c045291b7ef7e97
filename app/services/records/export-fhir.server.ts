/**
 * "Download my data" as a FHIR R4 Bundle for another provider (ADR 0035): a `collection` of
 * Patient, Appointment, Encounter, Condition, Observation, DiagnosticReport, MedicationRequest,
 * Immunization and DocumentReference, every entry with an `urn:uuid:` fullUrl that the others
 * reference. Codes where our data has them (the Finnish personal identity code's OID, ICD-10,
 * HL7 terminology for categories and statuses); free text elsewhere. Streamed: the JSON is
 * written entry by entry as the batches arrive, pulled by the reader.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '~/i18n/config';
import type { TFunction } from '~/i18n/translate';
import { formatDate } from '~/lib/format';
import type {
  ExportAppointment,
  ExportCertificate,
  ExportImaging,
  ExportLabDay,
  ExportLabTest,
  ExportPatient,
  ExportPrescription,
  ExportSources,
  ExportVaccination,
  ExportVisit,
  LabComparator,
} from '~/models/records/export';

/** The Finnish personal identity code (henkilötunnus), as in the Finnish FHIR base profiles. */
export const FINNISH_PERSONAL_IDENTITY_CODE = 'urn:oid:1.2.246.21';
export const ICD_10 = 'http://hl7.org/fhir/sid/icd-10';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const DIAGNOSTIC_SERVICE = 'http://terminology.hl7.org/CodeSystem/v2-0074';
const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const UCUM = 'http://unitsofmeasure.org';

type Json = Record<string, unknown>;
interface Entry {
  fullUrl: string;
  resource: Json;
}

const ref = (fullUrl: string) => ({ reference: fullUrl });
const newUrl = () => `urn:uuid:${randomUUID()}`;
const idOf = (fullUrl: string) => fullUrl.slice('urn:uuid:'.length);
const entry = (fullUrl: string, resourceType: string, body: Json): Entry => ({ fullUrl, resource: { resourceType, id: idOf(fullUrl), ...body } });
const text = (value: string) => ({ text: value });
/** base64 of UTF-8 text, for an attachment. */
const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

const COMPARATOR: Record<LabComparator, string> = { greaterThan: '>', greaterThanOrEqual: '>=', lessThan: '<', lessThanOrEqual: '<=' };
const DURATION_UNIT = { day: 'd', week: 'wk', month: 'mo' } as const;

export interface ExportFhirOptions {
  patient: ExportPatient;
  sources: ExportSources;
  t: TFunction;
  lang: Language;
  now: Date;
}

function patientResource(patient: ExportPatient, fullUrl: string): Entry {
  return entry(fullUrl, 'Patient', {
    identifier: [{ use: 'official', system: FINNISH_PERSONAL_IDENTITY_CODE, value: patient.identityCode }],
    name: [
      { use: 'official', family: patient.lastName, given: patient.firstName.split(/\s+/).filter(Boolean), text: `${patient.firstName} ${patient.lastName}` },
    ],
    birthDate: patient.birthDate,
    communication: [{ language: { coding: [{ system: 'urn:ietf:bcp:47', code: patient.language }] }, preferred: true }],
  });
}

function appointmentStatus(a: ExportAppointment, now: Date): string {
  if (a.cancelled) return 'cancelled';
  if (a.checkedIn) return Date.parse(a.endAt) <= now.getTime() ? 'fulfilled' : 'checked-in';
  return 'booked';
}

export function appointmentResource(a: ExportAppointment, patientUrl: string, now: Date): Entry {
  return entry(newUrl(), 'Appointment', {
    status: appointmentStatus(a, now),
    serviceType: [text(a.kindName)],
    specialty: [text(a.specialtyName)],
    description: a.kindName,
    start: a.startAt,
    end: a.endAt,
    minutesDuration: a.durationMinutes,
    participant: [
      { actor: ref(patientUrl), status: 'accepted' },
      { actor: { display: a.practitioner }, status: 'accepted' },
      ...(a.isRemote ? [] : [{ actor: { display: [a.clinicName, a.clinicAddress].filter(Boolean).join(', ') }, status: 'accepted' }]),
    ],
  });
}

/** A visit: its Encounter, a Condition per diagnosis and, when it has texts, the visit report as a DocumentReference. */
function visitResources(v: ExportVisit, patientUrl: string, t: TFunction, lang: Language): Entry[] {
  const encounterUrl = newUrl();
  const conditions = v.diagnoses.map((d) =>
    entry(newUrl(), 'Condition', {
      category: [{ coding: [{ system: CONDITION_CATEGORY, code: 'encounter-diagnosis' }] }],
      code: { coding: [{ system: ICD_10, code: d.code, display: d.description }], text: d.description },
      subject: ref(patientUrl),
      encounter: ref(encounterUrl),
      recordedDate: v.startAt,
    }),
  );
  const encounter = entry(encounterUrl, 'Encounter', {
    status: 'finished',
    class: { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
    serviceType: text(v.specialty),
    subject: ref(patientUrl),
    participant: [{ individual: { display: v.practitioner } }],
    period: { start: v.startAt },
    ...(conditions.length ? { diagnosis: conditions.map((c, i) => ({ condition: ref(c.fullUrl), rank: i + 1 })) } : {}),
  });
  const report = v.texts.length
    ? [
        entry(newUrl(), 'DocumentReference', {
          status: 'current',
          type: text(t('dataExport.fhir.visitReport')),
          subject: ref(patientUrl),
          date: v.startAt,
          author: [{ display: v.practitioner }],
          description: t('dataExport.fhir.visitReport'),
          content: [
            {
              attachment: {
                contentType: 'text/plain; charset=utf-8',
                language: lang,
                title: t('dataExport.fhir.visitReport'),
                data: base64(v.texts.map((x) => `${x.title}\n${x.body}`).join('\n\n')),
              },
            },
          ],
          context: { encounter: [ref(encounterUrl)], period: { start: v.startAt } },
        }),
      ]
    : [];
  return [encounter, ...conditions, ...report];
}

const decimal = (value: string) => Number(value);

function interpretation(test: ExportLabTest) {
  if (test.isWithinReferenceRange === null) return undefined;
  let code = test.isWithinReferenceRange ? 'N' : 'A';
  if (!test.isWithinReferenceRange && test.resultNumber !== null) {
    const value = decimal(test.resultNumber);
    if (test.referenceMax !== null && value > decimal(test.referenceMax)) code = 'H';
    else if (test.referenceMin !== null && value < decimal(test.referenceMin)) code = 'L';
  }
  return [{ coding: [{ system: INTERPRETATION, code }] }];
}

function quantity(value: string, unit: string | null) {
  return { value: decimal(value), ...(unit ? { unit } : {}) };
}

/** One test (and a package's items, as `hasMember`) as Observations; the first entry is the test itself. */
function labObservations(test: ExportLabTest, date: string, patientUrl: string): Entry[] {
  const items = test.items.map((item) => labObservations(item, date, patientUrl));
  const ready = test.status === 'ready';
  const value =
    test.resultNumber !== null
      ? { valueQuantity: { ...quantity(test.resultNumber, test.unit), ...(test.comparator ? { comparator: COMPARATOR[test.comparator] } : {}) } }
      : test.resultText !== null
        ? { valueString: test.resultText }
        : {};
  const range =
    test.referenceMin !== null || test.referenceMax !== null
      ? [
          {
            ...(test.referenceMin !== null ? { low: quantity(test.referenceMin, test.unit) } : {}),
            ...(test.referenceMax !== null ? { high: quantity(test.referenceMax, test.unit) } : {}),
          },
        ]
      : undefined;
  const notes = [test.description, test.additionalResult].filter((n): n is string => Boolean(n)).map((n) => ({ text: n }));
  const observation = entry(newUrl(), 'Observation', {
    status: ready ? 'final' : 'registered',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' }] }],
    // Our codes are the Finnish national laboratory nomenclature's numbers; without its code
    // system's URI confirmed here, the code goes with the name as text (ADR 0035).
    code: text(`${test.displayName} (${test.code})`),
    subject: ref(patientUrl),
    effectiveDateTime: date,
    ...value,
    ...(ready && interpretation(test) ? { interpretation: interpretation(test) } : {}),
    ...(range ? { referenceRange: range } : {}),
    ...(notes.length ? { note: notes } : {}),
    ...(items.length ? { hasMember: items.map((entries) => ref(entries[0]!.fullUrl)) } : {}),
  });
  return [observation, ...items.flat()];
}

/** A result day: a laboratory DiagnosticReport whose results are the day's tests. */
export function labDayResources(day: ExportLabDay, patientUrl: string, t: TFunction): Entry[] {
  const tests = day.tests.map((test) => labObservations(test, day.date, patientUrl));
  const allReady = day.tests.every((test) => test.status === 'ready' && test.items.every((i) => i.status === 'ready'));
  const report = entry(newUrl(), 'DiagnosticReport', {
    status: allReady ? 'final' : 'partial',
    category: [{ coding: [{ system: DIAGNOSTIC_SERVICE, code: 'LAB', display: 'Laboratory' }] }],
    code: text(t('dataExport.fhir.labReport')),
    subject: ref(patientUrl),
    effectiveDateTime: day.date,
    result: tests.map((entries) => ref(entries[0]!.fullUrl)),
  });
  return [report, ...tests.flat()];
}

function imagingResource(r: ExportImaging, patientUrl: string): Entry {
  return entry(newUrl(), 'DiagnosticReport', {
    status: r.statementText ? 'final' : 'registered',
    category: [{ coding: [{ system: DIAGNOSTIC_SERVICE, code: 'RAD', display: 'Radiology' }] }],
    code: text(r.examinationName),
    subject: ref(patientUrl),
    effectiveDateTime: r.date,
    ...(r.statementText ? { conclusion: r.statementText } : {}),
  });
}

function prescriptionResource(p: ExportPrescription, patientUrl: string): Entry {
  return entry(newUrl(), 'MedicationRequest', {
    // The portal does not know whether the prescription is still valid at the pharmacy.
    status: 'unknown',
    intent: 'order',
    medicationCodeableConcept: text(`${p.medicineName} ${p.strength}`),
    subject: ref(patientUrl),
    authoredOn: p.issuedDate,
    dosageInstruction: [{ text: p.dosageGuide, patientInstruction: p.usageGuide }],
    dispenseRequest: {
      ...(p.treatmentLength !== null && p.treatmentLengthUnit !== null
        ? { expectedSupplyDuration: { value: p.treatmentLength, unit: p.treatmentLengthUnit, system: UCUM, code: DURATION_UNIT[p.treatmentLengthUnit] } }
        : {}),
    },
    note: [{ text: `${p.medicineType}, ${p.packageText}; ${p.totalAmount}` }],
  });
}

function vaccinationResource(v: ExportVaccination, patientUrl: string, t: TFunction, lang: Language): Entry {
  return entry(newUrl(), 'Immunization', {
    status: 'completed',
    vaccineCode: text(v.name),
    patient: ref(patientUrl),
    occurrenceDateTime: v.date,
    performer: [{ actor: { display: v.practitionerName } }],
    ...(v.effectiveUntil ? { note: [{ text: t('dataExport.fhir.validUntil', { date: formatDate(v.effectiveUntil, lang) }) }] } : {}),
  });
}

function certificateResource(c: ExportCertificate, patientUrl: string, t: TFunction, lang: Language): Entry {
  const title = t('dataExport.fhir.certificate');
  const body = [
    title,
    `${t('dataExport.pdf.certificate.period')}: ${formatDate(c.startDate, lang)}–${formatDate(c.endDate, lang)}`,
    `${t('dataExport.pdf.certificate.diagnosis')}: ${c.diagnosisCode ?? t('dataExport.pdf.certificate.diagnosisHidden')}`,
    `${t('dataExport.pdf.certificate.issuedBy')}: ${c.practitioner}`,
    `${t('dataExport.pdf.certificate.issuedOn')}: ${formatDate(c.createdAt, lang)}`,
  ].join('\n');
  return entry(newUrl(), 'DocumentReference', {
    status: 'current',
    type: text(title),
    subject: ref(patientUrl),
    date: c.createdAt,
    author: [{ display: c.practitioner }],
    description: title,
    content: [{ attachment: { contentType: 'text/plain; charset=utf-8', language: lang, title, data: base64(body) } }],
    context: { period: { start: c.startDate, end: c.endDate } },
  });
}

/** The Bundle's JSON text, piece by piece: the opening, one entry at a time, the closing. */
async function* fhirBundleChunks({ patient, sources, t, lang, now }: ExportFhirOptions): AsyncGenerator<string> {
  const patientUrl = newUrl();
  yield `{"resourceType":"Bundle","id":${JSON.stringify(randomUUID())},"type":"collection","timestamp":${JSON.stringify(now.toISOString())},"entry":[`;
  yield JSON.stringify(patientResource(patient, patientUrl));
  const all = async function* <T>(batches: AsyncIterable<T[]>, toEntries: (item: T) => Entry[]) {
    for await (const batch of batches) {
      const piece = batch
        .flatMap(toEntries)
        .map((e) => `,${JSON.stringify(e)}`)
        .join('');
      if (piece) yield piece;
    }
  };
  yield* all(sources.appointments(), (a) => [appointmentResource(a, patientUrl, now)]);
  yield* all(sources.visits(), (v) => visitResources(v, patientUrl, t, lang));
  yield* all(sources.laboratory(), (d) => labDayResources(d, patientUrl, t));
  yield* all(sources.imaging(), (r) => [imagingResource(r, patientUrl)]);
  yield* all(sources.prescriptions(), (p) => [prescriptionResource(p, patientUrl)]);
  yield* all(sources.vaccinations(), (v) => [vaccinationResource(v, patientUrl, t, lang)]);
  yield* all(sources.certificates(), (c) => [certificateResource(c, patientUrl, t, lang)]);
  yield ']}';
}

/** The Bundle as a UTF-8 byte stream, pulled by the reader (one batch at a time). */
export function exportFhirStream(options: ExportFhirOptions): ReadableStream<Uint8Array> {
  const chunks = fhirBundleChunks(options);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
