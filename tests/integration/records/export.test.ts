/**
 * "Download my data" (ADR 0035) on real databases: the FHIR export of the demo patient validates
 * against the official FHIR R4 JSON schema; the PDF has every section, its fonts embedded and
 * Finnish letters intact; nobody else's data is in either; a guardian exports a ward under 12
 * and not one of 12 or more; long histories are read across batches without loss or repeats.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addGuardianship, createAppointment, createPerson, createVaccination, createVisitReport } from '~db/factories';
import { appointmentValues } from '~db/seed';
import { DEMO_PERSONS } from '~db/seed-data';
import { accessLog, appointments, persons } from '~db/schema';
import { addDays, helsinkiDate, helsinkiInstant } from '~/lib/dates';
import { textsIn } from '~/i18n/i18n.server';
import { exportSources } from '~/lib/http/records-export.server';
import { makeIdentityCode } from '~/models/identity-code';
import { EXPORT_SECTIONS } from '~/models/records/export';
import { listWards } from '~/services/auth/session.server';
import type { Db } from '~/services/db/db.server';
import { recordViewerOf } from '~/services/people/viewer.server';
import { EXPORT_BATCH, exportSubject, logExport } from '~/services/records/export.server';
import { exportFhirStream, FINNISH_PERSONAL_IDENTITY_CODE, ICD_10 } from '~/services/records/export-fhir.server';
import { exportPdfStream } from '~/services/records/export-pdf.server';
import { countVisible } from '~/services/records/records.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';
import { fhirSchemaErrors } from '../../fixtures/fhir';
import { readPdf } from '../../fixtures/pdf-text';

type Bundle = { resourceType: string; type: string; entry: Array<{ fullUrl: string; resource: Record<string, unknown> & { resourceType: string } }> };

async function authOf(db: Db, personId: string) {
  const [person] = await db.select().from(persons).where(eq(persons.id, personId));
  return { person: person!, wards: await listWards(db, person!.id) };
}

async function demo(db: Db, key: keyof typeof DEMO_PERSONS) {
  const [person] = await db.select().from(persons).where(eq(persons.identityCode, DEMO_PERSONS[key].identityCode));
  return authOf(db, person!.id);
}

async function fhirExport(db: Db, auth: Awaited<ReturnType<typeof authOf>>, personParam: string | null = null, lang: 'fi' | 'sv' | 'en' = 'fi') {
  const patient = await exportSubject(db, recordViewerOf(auth), personParam);
  if (!patient) return null;
  const stream = exportFhirStream({ patient, sources: exportSources(db, auth, patient, lang), t: await textsIn(lang), lang, now: clock.now() });
  const text = await new Response(stream).text();
  return { text, bundle: JSON.parse(text) as Bundle };
}

async function pdfExport(db: Db, auth: Awaited<ReturnType<typeof authOf>>, lang: 'fi' | 'sv' | 'en') {
  const patient = (await exportSubject(db, recordViewerOf(auth), null))!;
  const stream = exportPdfStream({
    patient,
    sources: exportSources(db, auth, patient, lang),
    t: await textsIn(lang),
    lang,
    brandName: 'Terveystalo',
    now: clock.now(),
  });
  return readPdf(Buffer.from(await new Response(stream).arrayBuffer()));
}

const ofType = (bundle: Bundle, type: string) => bundle.entry.filter((e) => e.resource.resourceType === type).map((e) => e.resource);

describe.each(databaseKinds())('download my data on %s', (kind) => {
  const t = withTestDatabase(kind, { seed: true });

  it("exports Aino's records as a FHIR R4 Bundle that validates against the official schema", async () => {
    const aino = await demo(t.db, 'aino');
    const { bundle, text } = (await fhirExport(t.db, aino))!;
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    // The validator does refuse what R4 does not allow (no code; an unknown Bundle type).
    expect(fhirSchemaErrors({ resourceType: 'Observation', status: 'final' })).not.toEqual([]);
    expect(fhirSchemaErrors({ ...bundle, type: 'export' })).not.toEqual([]);
    expect(fhirSchemaErrors({ ...bundle, entry: [{ fullUrl: 'urn:uuid:x', resource: { resourceType: 'Immunization', status: 'done' } }] })).not.toEqual([]);
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    // Each entry validates on its own too (the schema checks a Bundle's entries as resources).
    for (const entry of bundle.entry) expect(fhirSchemaErrors(entry.resource), entry.resource.resourceType).toEqual([]);

    const types = new Set(bundle.entry.map((e) => e.resource.resourceType));
    for (const type of [
      'Patient',
      'Appointment',
      'Encounter',
      'Condition',
      'Observation',
      'DiagnosticReport',
      'MedicationRequest',
      'Immunization',
      'DocumentReference',
    ]) {
      expect(types, type).toContain(type);
    }
    const [patient] = ofType(bundle, 'Patient');
    expect(patient!.identifier).toEqual([{ use: 'official', system: FINNISH_PERSONAL_IDENTITY_CODE, value: DEMO_PERSONS.aino.identityCode }]);

    // Every reference points at an entry of the Bundle (urn:uuid: fullUrls).
    const urls = new Set(bundle.entry.map((e) => e.fullUrl));
    for (const e of bundle.entry) expect(e.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    const references = [...text.matchAll(/"reference":"([^"]+)"/g)].map((m) => m[1]!);
    expect(references.length).toBeGreaterThan(20);
    for (const reference of references) expect(urls.has(reference), reference).toBe(true);

    // What she sees on the record pages, no more: visits, imaging, lab tests (professional-only ones left out).
    const visible = await countVisible(t.db, aino.person.id);
    expect(ofType(bundle, 'Encounter')).toHaveLength(visible.visits);
    expect(ofType(bundle, 'DiagnosticReport').filter((r) => JSON.stringify(r.category).includes('"RAD"'))).toHaveLength(visible.imagingResults);
    expect(text).not.toContain('Geenitesti');
    const [own] = await t.db.select({ n: count() }).from(appointments).where(eq(appointments.patientId, aino.person.id));
    expect(ofType(bundle, 'Appointment')).toHaveLength(own!.n);
    expect(ofType(bundle, 'Immunization')).toHaveLength(26);

    // Lab values with reference ranges and interpretation; diagnoses as ICD-10.
    const leukocytes = ofType(bundle, 'Observation').find((o) => JSON.stringify(o.code).includes('Leukosyytit'))!;
    expect(leukocytes.valueQuantity).toEqual({ value: 11.2, unit: 'E9/l' });
    expect(leukocytes.referenceRange).toEqual([{ low: { value: 3.4, unit: 'E9/l' }, high: { value: 8.2, unit: 'E9/l' } }]);
    expect(leukocytes.interpretation).toEqual([{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'H' }] }]);
    const crp = ofType(bundle, 'Observation').find((o) => JSON.stringify(o.code).includes('CRP'))!;
    expect(crp.valueQuantity).toMatchObject({ value: 3, comparator: '<' });
    const sinusitis = ofType(bundle, 'Condition').find((c) => JSON.stringify(c.code).includes('J01.9'))!;
    expect(sinusitis.code).toMatchObject({ coding: [{ system: ICD_10, code: 'J01.9' }] });
    expect(JSON.stringify(sinusitis)).toContain('Äkillinen poskiontelotulehdus');

    // Nobody else's data.
    for (const other of ['laura', 'eino', 'mikko', 'sanni'] as const) {
      expect(text).not.toContain(DEMO_PERSONS[other].identityCode);
      expect(text).not.toContain(DEMO_PERSONS[other].lastName);
    }
  });

  it('writes the PDF with every section heading, the fonts embedded and Finnish letters intact', async () => {
    const aino = await demo(t.db, 'aino');
    const fi = await pdfExport(t.db, aino, 'fi');
    expect(fi.fontsEmbedded).toBe(true);
    expect(fi.fonts.some((f) => /\+DejaVuSans$/.test(f))).toBe(true);
    expect(fi.fonts.some((f) => /\+DejaVuSans-Bold$/.test(f))).toBe(true);
    const texts = await textsIn('fi');
    for (const section of EXPORT_SECTIONS) expect(fi.text, section).toContain(texts(`dataExport.pdf.sections.${section}`));
    expect(fi.text).toContain('Terveystiedot');
    expect(fi.text).toContain('Henkilötunnus');
    expect(fi.text).toContain(DEMO_PERSONS.aino.identityCode);
    expect(fi.text).toContain('Äkillinen poskiontelotulehdus');
    expect(fi.text).toContain('Käynnit');
    expect(fi.text).toContain('Leukosyytit');
    expect(fi.text).not.toContain('\ufffd');
    expect(fi.text).not.toContain('Geenitesti');
    expect(fi.pages).toBeGreaterThan(1);

    const sv = await pdfExport(t.db, aino, 'sv');
    expect(sv.text).toContain('Hälsouppgifter');
    expect(sv.text).toContain('Sjukledighetsintyg');
    const en = await pdfExport(t.db, aino, 'en');
    expect(en.text).toContain('Laboratory results');
    for (const other of ['laura', 'eino', 'mikko'] as const) expect(fi.text).not.toContain(DEMO_PERSONS[other].lastName);
  });

  it('lets a guardian export a ward under 12, not a ward of 12 or more, and nobody else', async () => {
    const laura = await demo(t.db, 'laura');
    const eino = (await demo(t.db, 'eino')).person;
    const einoExport = (await fhirExport(t.db, laura, eino.id))!;
    expect(fhirSchemaErrors(einoExport.bundle)).toEqual([]);
    expect(ofType(einoExport.bundle, 'Patient')[0]!.identifier).toMatchObject([{ value: DEMO_PERSONS.eino.identityCode }]);
    expect(ofType(einoExport.bundle, 'Encounter').length).toBeGreaterThan(0);
    expect(einoExport.text).not.toContain(DEMO_PERSONS.laura.identityCode);

    const sanni = (await demo(t.db, 'sanni')).person;
    expect(await fhirExport(t.db, laura, sanni.id)).toBeNull();
    expect(await fhirExport(t.db, laura, 'not-a-uuid')).toBeNull();

    const today = helsinkiDate(clock.now());
    const guardian = await createPerson(t.db, { identityCode: makeIdentityCode('1980-04-02', 412), firstName: 'Helmi', lastName: 'Huoltaja' });
    const teen = await createPerson(t.db, { identityCode: makeIdentityCode(addDays(today, -14 * 365), 233), firstName: 'Teemu', lastName: 'Teini' });
    await addGuardianship(t.db, guardian.id, teen.id);
    const helmi = await authOf(t.db, guardian.id);
    expect(helmi.wards.map((w) => w.id)).toEqual([teen.id]);
    expect(await fhirExport(t.db, helmi, teen.id)).toBeNull();
    // The teenager exports their own.
    expect((await fhirExport(t.db, await authOf(t.db, teen.id)))!.bundle.entry).toHaveLength(1);
  });

  it("leaves a ward's confidential visit out of the guardian's export (ADR 0034)", async () => {
    const laura = await demo(t.db, 'laura');
    const eino = (await demo(t.db, 'eino')).person;
    const before = ofType((await fhirExport(t.db, laura, eino.id))!.bundle, 'Appointment').length;
    const values = appointmentValues(
      {
        person: 'eino',
        description: 'confidential',
        startInMinutes: 5 * 24 * 60,
        kindId: 'VAS',
        specialtyId: 'PSY',
        clinicId: 'JP',
        practitionerId: 'P0026',
        locationType: 'physicalLocation',
      },
      clock.now(),
    );
    const { appointment } = await createAppointment(t.db, {
      ...values,
      patientId: eino.id,
      confidentialAt: clock.now(),
      confidentialBy: 'professional',
      confidentialMarkedById: laura.person.id,
    });
    const after = (await fhirExport(t.db, laura, eino.id))!;
    const ids = ofType(after.bundle, 'Appointment').map((r) => JSON.stringify(r));
    expect(ids).toHaveLength(before);
    expect(after.text).not.toMatch(/Psyk|Järvenpää/);
    // Shown again, the same visit is in the export: the filter is the visit's mark, nothing else.
    await t.db
      .update(appointments)
      .set({ confidentialAt: null, confidentialBy: null, confidentialMarkedById: null })
      .where(eq(appointments.id, appointment.id));
    expect(ofType((await fhirExport(t.db, laura, eino.id))!.bundle, 'Appointment')).toHaveLength(before + 1);
  });

  it('reads a history longer than one batch once, without loss or repeats', async () => {
    const person = await createPerson(t.db, { identityCode: makeIdentityCode('1970-06-15', 611), firstName: 'Kiireinen', lastName: 'Potilas' });
    const today = helsinkiDate(clock.now());
    const n = EXPORT_BATCH * 2 + 17;
    for (let i = 0; i < n; i += 100) {
      const chunk = Array.from({ length: Math.min(100, n - i) }, (_, k) => i + k);
      // Several on one day, so the keyset's tie-break on id matters.
      await Promise.all(
        chunk.map((j) =>
          createVaccination(t.db, {
            patientId: person.id,
            name: `Rokote ${j}`,
            vaccinatedOn: addDays(today, -Math.floor(j / 3)),
            practitionerName: 'Sari Laine',
          }),
        ),
      );
    }
    for (let j = 0; j < EXPORT_BATCH + 3; j++) {
      await createVisitReport(t.db, {
        patientId: person.id,
        startAt: helsinkiInstant(addDays(today, -Math.floor(j / 2)), 9),
        practitionerId: 'P0001',
        specialtyId: 'YLE',
        diagnoses: [{ code: 'J06.9', description: 'Ylähengitystieinfektio' }],
      });
    }
    const auth = await authOf(t.db, person.id);
    const { bundle } = (await fhirExport(t.db, auth))!;
    const names = ofType(bundle, 'Immunization').map((r) => (r.vaccineCode as { text: string }).text);
    expect(names).toHaveLength(n);
    expect(new Set(names).size).toBe(n);
    expect(ofType(bundle, 'Encounter')).toHaveLength(EXPORT_BATCH + 3);
    expect(ofType(bundle, 'Condition')).toHaveLength(EXPORT_BATCH + 3);
    expect(fhirSchemaErrors(bundle)).toEqual([]);

    // The PDF, drawn while the batches stream in, has them all too, and ends as a PDF does.
    const patient = (await exportSubject(t.db, recordViewerOf(auth), null))!;
    const bytes = Buffer.from(
      await new Response(
        exportPdfStream({
          patient,
          sources: exportSources(t.db, auth, patient, 'fi'),
          t: await textsIn('fi'),
          lang: 'fi',
          brandName: 'Terveystalo',
          now: clock.now(),
        }),
      ).arrayBuffer(),
    );
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const pdf = readPdf(bytes);
    const lines = new Set(pdf.text.split('\n'));
    for (let j = 0; j < n; j++) expect(lines.has(`Rokote ${j}`), `Rokote ${j}`).toBe(true);
    expect(pdf.pages).toBeGreaterThan(20);
  });

  it('writes one access-log row per export, naming the format', async () => {
    const aino = await demo(t.db, 'aino');
    const viewer = recordViewerOf(aino);
    await logExport(t.db, viewer, aino.person.id, 'fhir');
    const rows = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.subjectPersonId, aino.person.id), inArray(accessLog.resource, ['records-export:fhir', 'records-export:pdf'])));
    expect(rows.map((r) => [r.actorPersonId, r.action, r.resource, r.resourceId])).toEqual([[aino.person.id, 'view', 'records-export:fhir', null]]);
  });
});
