/**
 * Demo data of booking for everyone else (issue 13): the occupational agreements' terms and two
 * more employees, the occupational-only specialties with their practitioners and free times, the
 * occupational payer on the free times of the specialties the agreements cover, Eino's patient
 * data consent (given by Laura) and one more family.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { addGuardianship, createOccupationalContract, createPerson, createPractitioner, createSpecialty, localized } from './factories';
import { DEMO_PERSONS } from './seed-data';
import { appointmentSlots, occupationalContracts, occupationalContractSpecialties, patientDataConsents, persons, professionals } from './schema';
import { DEMO_PROFESSIONALS } from './seed-messaging';
import { generateSlots, helsinkiDateOf, insertSlots } from './slots';

/** Employees of the seed besides Mikko (README "Try it"). */
export const PAYER_DEMO_PERSONS = {
  olli: {
    identityCode: '120482-912J',
    firstName: 'Olli',
    lastName: 'Lahtinen',
    email: 'olli.lahtinen@example.fi',
    phone: '+358401234001',
    language: 'fi',
  },
  reetta: {
    identityCode: '050990-918A',
    firstName: 'Reetta',
    lastName: 'Salo',
    email: 'reetta.salo@example.fi',
    phone: '+358401234002',
    language: 'fi',
  },
  /** Another family: Jussi is the guardian of Aada (a patient) and Veeti (not yet a patient). */
  jussi: {
    identityCode: '150788-9334',
    firstName: 'Jussi',
    lastName: 'Laine',
    email: 'jussi.laine@example.fi',
    phone: '+358401234003',
    language: 'sv',
  },
  aada: { identityCode: '030320A944Y', firstName: 'Aada', lastName: 'Laine', language: 'sv' },
  veeti: { identityCode: '110621A9522', firstName: 'Veeti', lastName: 'Laine', language: 'sv' },
} as const;

/** Specialties booked on an occupational agreement only. */
export const OCCUPATIONAL_ONLY_SPECIALTIES = [
  { id: 'TPSG', name: localized('Työterveyspsykologi', 'Företagshälsovårdspsykolog', 'Occupational health psychologist'), isRemoteType: false },
  { id: 'INFL', name: localized('Influenssarokotus', 'Influensavaccination', 'Influenza vaccination'), isRemoteType: false },
] as const;

/** Mikko's agreement: the specialties it covers and the confirmation each asks for. */
const MIKKO_CONTRACT_SPECIALTIES = [
  { specialtyId: 'TTH', confirmation: 'contractOnly' },
  { specialtyId: 'YLE', confirmation: 'contractOnly' },
  { specialtyId: 'SH', confirmation: 'none' },
  { specialtyId: 'FYS', confirmation: 'contractAndDoctorReferral' },
  { specialtyId: 'PSY', confirmation: 'contractAndReferral' },
  { specialtyId: 'TPSG', confirmation: 'referralOnly' },
  { specialtyId: 'ROKT', confirmation: 'none' },
  { specialtyId: 'INFL', confirmation: 'none' },
] as const;

/** Members of Mikko's care team who take appointments, as practitioners of the booking calendar. */
export const TEAM_PRACTITIONERS = [
  { id: 'P9101', professional: 'leena', specialtyId: 'TTH', clinicIds: ['HP', 'TA'] },
  { id: 'P9102', professional: 'hanna', specialtyId: 'SH', clinicIds: ['HP'] },
  { id: 'P9103', professional: 'maija', specialtyId: 'TPSG', clinicIds: ['HP', 'KA'] },
] as const;

/** Free times of these specialties may also be booked on an occupational agreement. */
const SHARED_SPECIALTIES = ['TTH', 'YLE', 'SH', 'FYS', 'PSY', 'ROKT'];

export async function seedBookingPayers(db: Db, now: Date, mikkoIdentityCode: string): Promise<void> {
  for (const specialty of OCCUPATIONAL_ONLY_SPECIALTIES) await createSpecialty(db, specialty);
  const practitioners = [
    {
      id: 'P9001',
      firstName: 'Outi',
      lastName: 'Rantanen',
      title: localized('Psykologi', 'Psykolog', 'Psychologist'),
      specialtyId: 'TPSG',
      clinicIds: ['TA', 'HP'],
    },
    {
      id: 'P9002',
      firstName: 'Hanna',
      lastName: 'Koski',
      title: localized('Terveydenhoitaja', 'Hälsovårdare', 'Public health nurse'),
      specialtyId: 'INFL',
      clinicIds: ['TA', 'KA'],
    },
  ];
  for (const p of practitioners) {
    await createPractitioner(db, {
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      title: p.title,
      specialtyIds: [p.specialtyId],
      clinicIds: p.clinicIds,
    });
  }
  const slots = [...generateSlots(practitioners, { fromDate: helsinkiDateOf(now), days: 60, notBefore: now, random: () => 0.5, requiresAuthShare: 0 })];
  await insertSlots(
    db,
    slots.map((slot) => ({ ...slot, payerTypes: ['occupationalHealthCare'] })),
  );
  await db
    .update(appointmentSlots)
    .set({ payerTypes: sql`array['self', 'occupationalHealthCare']::text[]` })
    .where(inArray(appointmentSlots.specialtyId, SHARED_SPECIALTIES));

  // Mikko's responsible doctor and nurse and the team's psychologist take appointments: their
  // practitioner rows (the practitioner page's clinics, specialties and free times; ADR 0041),
  // with free times on the occupational agreement only.
  const team: { id: string; specialtyId: string; clinicIds: string[] }[] = [];
  for (const member of TEAM_PRACTITIONERS) {
    const professional = DEMO_PROFESSIONALS[member.professional];
    await createPractitioner(db, {
      id: member.id,
      firstName: professional.firstName,
      lastName: professional.lastName,
      title: professional.title,
      specialtyIds: [member.specialtyId],
      clinicIds: [...member.clinicIds],
    });
    const [person] = await db.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, professional.identityCode));
    await db.update(professionals).set({ practitionerId: member.id }).where(eq(professionals.personId, person!.id));
    team.push({ id: member.id, specialtyId: member.specialtyId, clinicIds: [...member.clinicIds] });
  }
  const teamSlots = [...generateSlots(team, { fromDate: helsinkiDateOf(now), days: 60, notBefore: now, random: () => 0.5, requiresAuthShare: 0 })];
  await insertSlots(
    db,
    teamSlots.map((slot) => ({ ...slot, payerTypes: ['occupationalHealthCare'] })),
  );

  // Mikko's agreement: comprehensive, web reservation and influenza vaccination (seed.ts).
  const [mikko] = await db.select({ contractId: persons.occupationalContractId }).from(persons).where(eq(persons.identityCode, mikkoIdentityCode));
  const contractId = mikko!.contractId!;
  await db
    .update(occupationalContracts)
    .set({ contractType: 'Comprehensive', productIds: ['influenzaVaccineAdult', 'prescriptionRenewal', 'chat'] })
    .where(eq(occupationalContracts.id, contractId));
  await db.insert(occupationalContractSpecialties).values(MIKKO_CONTRACT_SPECIALTIES.map((s) => ({ contractId, ...s })));

  // Olli: statutory agreement without web reservation. Reetta: a special agreement.
  const statutory = await createOccupationalContract(db, { employerName: 'Pienyritys Lahtinen Ky', contractType: 'Statutory', allowsWebReservation: false });
  const special = await createOccupationalContract(db, {
    employerName: 'Erikoiskuljetus Oy',
    contractType: 'Other',
    allowsWebReservation: false,
    productIds: ['specialContractBooking'],
  });
  const accepted = new Date(now.getTime() - 100 * 86_400_000);
  const consent = new Date(now.getTime() - 100 * 86_400_000);
  await createPerson(db, {
    ...PAYER_DEMO_PERSONS.olli,
    occupationalContractId: statutory.id,
    confidentialityAcceptedAt: accepted,
    patientDataConsentUpdatedAt: consent,
  });
  await createPerson(db, {
    ...PAYER_DEMO_PERSONS.reetta,
    occupationalContractId: special.id,
    confidentialityAcceptedAt: accepted,
    patientDataConsentUpdatedAt: consent,
  });

  // Families: Eino's patient data consent given by Laura; the Laine family.
  const byCode = async (code: string) => (await db.select().from(persons).where(eq(persons.identityCode, code)))[0]!;
  const laura = await byCode(DEMO_PERSONS.laura.identityCode);
  const eino = await byCode(DEMO_PERSONS.eino.identityCode);
  const jussi = await createPerson(db, { ...PAYER_DEMO_PERSONS.jussi, confidentialityAcceptedAt: accepted, patientDataConsentUpdatedAt: consent });
  const aada = await createPerson(db, { ...PAYER_DEMO_PERSONS.aada, confidentialityAcceptedAt: accepted });
  const veeti = await createPerson(db, { ...PAYER_DEMO_PERSONS.veeti, isPatient: false });
  await addGuardianship(db, jussi.id, aada.id, 'parent');
  await addGuardianship(db, jussi.id, veeti.id, 'parent');
  for (const [ward, guardian] of [
    [eino, laura],
    [aada, jussi],
  ] as const) {
    await db.insert(patientDataConsents).values({
      personId: ward.id,
      givenById: guardian.id,
      allowsCommonRegistry: true,
      allowsViewingOccupationalInformation: false,
      allowsMarketingMail: false,
      allowsTreatmentInstructionsMail: true,
      allowsBookingSms: true,
      givenAt: consent,
    });
    await db.update(persons).set({ patientDataConsentUpdatedAt: consent }).where(eq(persons.id, ward.id));
  }
}
