/**
 * The built-in population register's demo families (POPULATION_REGISTER=builtin; ADR 0023):
 * Laura–Eino and Sanni, Jussi–Aada and Veeti, and Hanna–Otto. Otto is known to the register only: he
 * becomes a person (not a patient) when Hanna identifies, and she registers him as a patient
 * (the child registration) before booking for him.
 */
import type { Db } from './client';
import { addRegisterFamily, createPerson } from './factories';
import { PAYER_DEMO_PERSONS } from './seed-booking-payers';
import { DEMO_PERSONS } from './seed-data';

export const REGISTER_DEMO_PERSONS = {
  hanna: {
    identityCode: '140988-3122',
    firstName: 'Hanna',
    lastName: 'Virtanen',
    email: 'hanna.virtanen@example.fi',
    phone: '+358401234004',
    streetAddress: 'Koivukuja 3',
    postalCode: '00940',
    postOffice: 'Helsinki',
    language: 'fi',
  },
  otto: { identityCode: '110220A218W', firstName: 'Otto', lastName: 'Virtanen', streetAddress: 'Koivukuja 3', postalCode: '00940', postOffice: 'Helsinki' },
} as const;

const registerPerson = (p: {
  identityCode: string;
  firstName: string;
  lastName: string;
  streetAddress?: string | null;
  postalCode?: string | null;
  postOffice?: string | null;
}) => ({
  identityCode: p.identityCode,
  firstName: p.firstName,
  lastName: p.lastName,
  streetAddress: p.streetAddress ?? null,
  postalCode: p.postalCode ?? null,
  postOffice: p.postOffice ?? null,
});

export async function seedPopulationRegister(db: Db, now: Date) {
  const { laura, eino, sanni } = DEMO_PERSONS;
  const { jussi, aada, veeti } = PAYER_DEMO_PERSONS;
  const { hanna, otto } = REGISTER_DEMO_PERSONS;
  await addRegisterFamily(db, registerPerson(laura), [registerPerson(eino), registerPerson(sanni)]);
  await addRegisterFamily(db, registerPerson(jussi), [registerPerson(aada), registerPerson(veeti)]);
  await addRegisterFamily(db, registerPerson(hanna), [registerPerson(otto)]);
  // Hanna is a patient with the patient data consent; Otto is not known to us yet.
  const given = new Date(now.getTime() - 100 * 86_400_000);
  await createPerson(db, { ...hanna, confidentialityAcceptedAt: given, patientDataConsentUpdatedAt: given });
}
