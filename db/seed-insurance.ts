/**
 * Demo data of insurance customers (issue 13, ADR 0022): the insurance payer on the free times of
 * a few specialties (also remote psychology, where IF's company insurance is unavailable), and
 * Iida, an insured customer: LähiTapiola with two direct-compensation permits (the shoulder one
 * fails the treatment chain, to show treatmentChainCreationFailed) and an OP personal insurance,
 * at the built-in test insurer. IF needs nothing from the insurer (concepts are ours).
 */
import { inArray, sql } from 'drizzle-orm';
import { sha256 } from '../app/lib/crypto.server';
import { testInsurerIdentityHash } from '../app/lib/test-insurer-key.server';
import type { Db } from './client';
import { createPerson } from './factories';
import { appointmentSlots, testInsurerPermits, testInsurerPolicies } from './schema';
import { addDays } from '../app/lib/dates';
import { helsinkiDateOf } from './slots';

export const INSURANCE_DEMO_PERSONS = {
  iida: {
    identityCode: '170486-914V',
    firstName: 'Iida',
    lastName: 'Vakuutettu',
    email: 'iida.vakuutettu@example.fi',
    phone: '+358401234010',
    language: 'fi',
  },
} as const;

/** Free times of these specialties may be paid by an insurer. */
const INSURANCE_SPECIALTIES = ['YLE', 'FYS', 'KNK', 'PSY'];

const DAY = 86_400_000;

export async function seedInsurance(db: Db, now: Date): Promise<void> {
  await db
    .update(appointmentSlots)
    .set({ payerTypes: sql`array_append(${appointmentSlots.payerTypes}, 'insurance')` })
    .where(inArray(appointmentSlots.specialtyId, INSURANCE_SPECIALTIES));

  const consent = new Date(now.getTime() - 100 * DAY);
  const iida = INSURANCE_DEMO_PERSONS.iida;
  await createPerson(db, { ...iida, confidentialityAcceptedAt: consent, patientDataConsentUpdatedAt: consent });
  const key = testInsurerIdentityHash(iida.identityCode);
  const date = (days: number) => addDays(helsinkiDateOf(now), days);
  await db.insert(testInsurerPolicies).values([
    { identityCodeHash: key, insurer: 'LAHITAPIOLA', validFrom: date(-365), validTo: date(365) },
    { identityCodeHash: key, insurer: 'OP', validFrom: date(-365), validTo: date(365) },
  ]);
  const permits = [
    { symptom: 'Selkäkipu', bodyPart: 'Alaselkä', validTo: date(60), failsTreatmentChain: false },
    { symptom: 'Olkakipu', bodyPart: 'Olkapää', validTo: date(30), failsTreatmentChain: true },
  ];
  await db
    .insert(testInsurerPermits)
    .values(permits.map((p) => ({ ...p, identityCodeHash: key, contentHash: sha256(`${key}:${p.symptom}:${p.bodyPart}:seed`) })));
}
