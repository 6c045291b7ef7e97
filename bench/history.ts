/**
 * A long health-record history for a benchmark's patient (`npm run bench:records`,
 * `npm run bench:export`): per year ≈ 200 lab tests on 20 result days, 30 visits with diagnoses
 * and notes, 15 prescriptions, 10 referrals, 10 imaging results, 6 vaccinations, 4 certificates;
 * with `appointments`, also 40 appointments a year (every tenth cancelled).
 */
import { randomBytes } from 'node:crypto';
import type { openDatabase } from '../db/client';
import {
  appointments,
  imagingResults,
  labTests,
  prescriptions,
  referrals,
  sickLeaveCertificates,
  vaccinations,
  visitDiagnoses,
  visitReports,
  visitTexts,
} from '../db/schema';
import { addDays, helsinkiDate, helsinkiInstant } from '../app/lib/dates';
import { sha256 } from '../app/lib/crypto.server';
import { progress } from './harness';

async function chunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** Adds `years` of history to the patient; returns a result day and a visit id to measure. */
export async function addHistory(db: Db, patientId: string, years: number, options: { appointments?: boolean } = {}) {
  const today = helsinkiDate(new Date());
  const perYear = (n: number) => Math.round(n * years);
  const spread = (i: number, count: number) => addDays(today, -Math.floor(((i + 0.5) * years * 365) / count) - 1);
  const days = perYear(20);
  const labRows: Array<typeof labTests.$inferInsert> = [];
  for (let d = 0; d < days; d++) {
    for (let k = 0; k < 10; k++) {
      const value = (3 + ((d * 7 + k * 13) % 40) / 10).toFixed(1);
      labRows.push({
        patientId,
        resultDate: spread(d, days),
        position: k,
        code: String(4000 + k),
        displayName: `Laboratoriotutkimus ${k + 1}`,
        status: 'ready',
        resultNumber: value,
        unit: 'mmol/l',
        referenceMin: '3.0',
        referenceMax: '6.0',
        isWithinReferenceRange: Number(value) <= 6,
      });
    }
  }
  progress(`adding ${labRows.length} lab tests on ${days} result days`);
  await chunked(labRows, (c) => db.insert(labTests).values(c));

  const visitCount = perYear(30);
  progress(`adding ${visitCount} visits with diagnoses and notes`);
  const visits = [];
  for (let i = 0; i < visitCount; i++) {
    visits.push({
      patientId,
      startAt: helsinkiInstant(spread(i, visitCount), 8 + (i % 9)),
      practitionerId: `P${String(1 + (i % 4)).padStart(4, '0')}`,
      specialtyId: 'YLE',
    });
  }
  const visitIds: number[] = [];
  await chunked(visits, async (c) => visitIds.push(...(await db.insert(visitReports).values(c).returning({ id: visitReports.id })).map((r) => r.id)));
  await chunked(
    visitIds.flatMap((visitId) =>
      [0, 1].map((position) => ({
        visitId,
        position,
        code: position ? 'I10' : 'J06.9',
        description: position ? 'Kohonnut verenpaine' : 'Ylähengitystieinfektio',
      })),
    ),
    (c) => db.insert(visitDiagnoses).values(c),
  );
  await chunked(
    visitIds.flatMap((visitId) =>
      [0, 1].map((position) => ({ visitId, position, title: position ? 'Suunnitelma' : 'Tulosyy', body: 'Potilas kertoo oireistaan. '.repeat(8) })),
    ),
    (c) => db.insert(visitTexts).values(c),
  );

  progress('adding prescriptions, referrals, imaging results, vaccinations and certificates');
  const n = (count: number) => Array.from({ length: perYear(count) }, (_, i) => i);
  await chunked(
    n(15).map((i) => ({
      patientId,
      medicineName: `Lääke ${i + 1}`,
      strength: '10 mg',
      issuedDate: spread(i, perYear(15)),
      isRenewable: i % 3 !== 0,
      medicineType: 'tabletti',
      packageUnit: 'kpl',
      packageSize: 100,
      packageCount: 1,
      treatmentLength: 12,
      treatmentLengthUnit: 'month' as const,
      totalAmount: '100 tablettia',
      dosageGuide: '1 tabletti päivässä',
      usageGuide: 'Pitkäaikaislääkitys',
    })),
    (c) => db.insert(prescriptions).values(c),
  );
  await chunked(
    n(10).map((i) => ({
      patientId,
      type: i % 2 ? ('imaging' as const) : ('laboratory' as const),
      title: `Lähete ${i + 1}`,
      creationDate: spread(i, perYear(10)),
      validUntil: addDays(spread(i, perYear(10)), 60),
      description: 'Kuvaus',
      practitionerId: 'P0001',
    })),
    (c) => db.insert(referrals).values(c),
  );
  await chunked(
    n(10).map((i) => ({ patientId, examinationName: `Röntgen ${i + 1}`, imagingDate: spread(i, perYear(10)), statementText: i % 4 ? 'Lausunto.' : null })),
    (c) => db.insert(imagingResults).values(c),
  );
  await chunked(
    n(6).map((i) => ({ patientId, name: 'Influenssarokote', vaccinatedOn: spread(i, perYear(6)), practitionerName: 'Sari Laine', effectiveUntil: null })),
    (c) => db.insert(vaccinations).values(c),
  );
  await chunked(
    n(4).map((i) => ({
      patientId,
      createdAt: helsinkiInstant(spread(i, perYear(4)), 10),
      startDate: spread(i, perYear(4)),
      endDate: spread(i, perYear(4)),
      diagnosisCode: 'J06.9',
      practitionerId: 'P0001',
    })),
    (c) => db.insert(sickLeaveCertificates).values(c),
  );
  if (options.appointments) {
    const count = perYear(40);
    progress(`adding ${count} appointments`);
    await chunked(
      n(40).map((i) => {
        const cancelled = i % 10 === 9;
        const startAt = helsinkiInstant(spread(i, count), 8 + (i % 9));
        return {
          patientId,
          kindId: 'VAS',
          kindName: { fi: 'Vastaanotto', sv: 'Mottagning', en: 'Appointment' },
          payerType: 'self' as const,
          startAt,
          durationMinutes: 30,
          clinicId: 'KA',
          practitionerId: `P${String(1 + (i % 4)).padStart(4, '0')}`,
          specialtyId: 'YLE',
          anonymousTokenHash: sha256(randomBytes(24).toString('base64url')),
          checkedInAt: cancelled ? null : startAt,
          cancelledAt: cancelled ? startAt : null,
          cancelledBy: cancelled ? ('patient' as const) : null,
        };
      }),
      (c) => db.insert(appointments).values(c),
    );
  }
  return { resultDay: spread(0, days), visitId: visitIds[0]! };
}
