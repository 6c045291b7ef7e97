/**
 * Demo health records (issue 11): Aino has a realistic record, Eino (Laura's ward) a small one.
 * Dates are relative to the seeding moment, like the appointments', so validity hints and
 * "yesterday" read the same on every fresh database.
 */
import { addDays, helsinkiDate, helsinkiInstant } from '../app/lib/dates';
import type { QuestionnaireDefinition } from '../app/models/records/questionnaire';
import type { Db } from './client';
import {
  createEmployeeMemo,
  createImagingResult,
  createLabDay,
  createPrescription,
  createQuestionnaireForm,
  createQuestionnaireInvitation,
  createReferral,
  setFeatureOverride,
  createSickLeaveCertificate,
  createVaccination,
  createVisitReport,
} from './factories';

const t = (fi: string, sv: string, en: string) => ({ fi, sv, en });

export const HEALTH_QUESTIONNAIRE: QuestionnaireDefinition = {
  title: t('Terveyskysely ennen vastaanottoa', 'Hälsoenkät före mottagningen', 'Health questionnaire before the appointment'),
  intro: t(
    'Vastaa kysymyksiin ennen käyntiäsi. Vastaukset näkyvät hoitajallesi.',
    'Svara på frågorna före ditt besök. Svaren syns för din skötare.',
    'Please answer before your appointment. Your nurse will see the answers.',
  ),
  questions: [
    {
      id: 'reason',
      type: 'text',
      required: true,
      maxLength: 500,
      label: t('Mikä on käyntisi syy?', 'Vad är orsaken till ditt besök?', 'What is the reason for your visit?'),
    },
    {
      id: 'smoking',
      type: 'single',
      required: true,
      label: t('Tupakoitko?', 'Röker du?', 'Do you smoke?'),
      options: [
        { value: 'no', label: t('En', 'Nej', 'No') },
        { value: 'sometimes', label: t('Satunnaisesti', 'Ibland', 'Occasionally') },
        { value: 'daily', label: t('Päivittäin', 'Dagligen', 'Daily') },
      ],
    },
    {
      id: 'exercise',
      type: 'multiple',
      required: false,
      label: t('Mitä liikuntaa harrastat?', 'Vilken motion utövar du?', 'What exercise do you do?'),
      options: [
        { value: 'walking', label: t('Kävely', 'Promenader', 'Walking') },
        { value: 'cycling', label: t('Pyöräily', 'Cykling', 'Cycling') },
        { value: 'gym', label: t('Kuntosali', 'Gym', 'Gym') },
      ],
    },
    {
      id: 'wellbeing',
      type: 'scale',
      required: true,
      min: 1,
      max: 5,
      minLabel: t('Huono', 'Dålig', 'Poor'),
      maxLabel: t('Erinomainen', 'Utmärkt', 'Excellent'),
      label: t('Millaiseksi arvioit vointisi?', 'Hur bedömer du ditt mående?', 'How would you rate how you feel?'),
    },
  ],
};

export const SLEEP_QUESTIONNAIRE: QuestionnaireDefinition = {
  title: t('Unikysely', 'Sömnenkät', 'Sleep questionnaire'),
  intro: t('Kysely unesta ja vireydestä.', 'En enkät om sömn och vakenhet.', 'A questionnaire about sleep and alertness.'),
  questions: [
    {
      id: 'hours',
      type: 'single',
      required: true,
      label: t('Montako tuntia nukut yössä?', 'Hur många timmar sover du per natt?', 'How many hours do you sleep a night?'),
      options: [
        { value: 'under6', label: t('Alle 6', 'Under 6', 'Under 6') },
        { value: '6to8', label: t('6–8', '6–8', '6–8') },
        { value: 'over8', label: t('Yli 8', 'Över 8', 'Over 8') },
      ],
    },
    { id: 'notes', type: 'text', required: false, maxLength: 500, label: t('Muuta kerrottavaa', 'Övrigt', 'Anything else') },
  ],
};

export async function seedRecords(db: Db, people: { aino: { id: string }; eino: { id: string }; mikko: { id: string } }, now: Date) {
  const today = helsinkiDate(now);
  const day = (n: number) => addDays(today, n);
  const at = (n: number, hour: number, minute = 0) => helsinkiInstant(day(n), hour, minute);
  const aino = people.aino.id;
  const eino = people.eino.id;

  // Prescriptions: three renewable, one antibiotic course that is not.
  const medicine = { medicineType: 'tabletti', packageUnit: 'kpl', packageCount: 1, treatmentLengthUnit: 'month' as const, practitionerId: 'P0001' };
  await createPrescription(db, {
    ...medicine,
    patientId: aino,
    medicineName: 'Simvastatin Orion',
    strength: '20 mg',
    issuedDate: day(-300),
    isRenewable: true,
    packageSize: 100,
    packageCount: 3,
    treatmentLength: 12,
    totalAmount: '300 tablettia',
    dosageGuide: '1 tabletti illalla',
    usageGuide: 'Kolesterolin hoitoon',
  });
  await createPrescription(db, {
    ...medicine,
    patientId: aino,
    medicineName: 'Levothyroxin Sandoz',
    strength: '50 mikrog',
    issuedDate: day(-200),
    isRenewable: true,
    packageSize: 100,
    treatmentLength: 12,
    totalAmount: '1 x 100 tablettia',
    dosageGuide: '1 tabletti aamulla tyhjään mahaan',
    usageGuide: 'Kilpirauhasen vajaatoimintaan',
  });
  await createPrescription(db, {
    ...medicine,
    patientId: aino,
    medicineName: 'Burana',
    strength: '400 mg',
    issuedDate: day(-90),
    isRenewable: true,
    packageSize: 30,
    treatmentLength: null,
    treatmentLengthUnit: null,
    totalAmount: '30 tablettia',
    dosageGuide: '1 tabletti tarvittaessa, enintään 3 kertaa päivässä',
    usageGuide: 'Kipuun',
  });
  await createPrescription(db, {
    ...medicine,
    patientId: aino,
    medicineName: 'Amoxin',
    strength: '500 mg',
    issuedDate: day(-40),
    isRenewable: false,
    medicineType: 'kapseli',
    packageSize: 21,
    treatmentLength: 7,
    treatmentLengthUnit: 'day',
    totalAmount: '21 kapselia',
    dosageGuide: '1 kapseli 3 kertaa päivässä 7 vuorokauden ajan',
    usageGuide: 'Poskiontelotulehdukseen',
  });

  // Referrals: a valid and an expired lab referral, a valid imaging referral.
  await createReferral(db, {
    patientId: aino,
    type: 'laboratory',
    title: 'Laboratoriolähete: kolesteroli ja TSH',
    creationDate: day(-5),
    validUntil: day(10),
    description: 'Tule näytteenottoon 12 tunnin paaston jälkeen.',
    practitionerId: 'P0001',
    patientInstructionsUrl: 'https://www.example.fi/ohjeet/laboratorio-paasto',
  });
  await createReferral(db, {
    patientId: aino,
    type: 'laboratory',
    title: 'Laboratoriolähete: perusverenkuva',
    creationDate: day(-120),
    validUntil: day(-60),
    description: 'Ei paastoa.',
    practitionerId: 'P0002',
    patientInstructionsUrl: null,
  });
  await createReferral(db, {
    patientId: aino,
    type: 'imaging',
    title: 'Kuvantamislähete: polven röntgen',
    creationDate: day(-3),
    validUntil: day(25),
    description: 'Ota lähete mukaan kuvaukseen.',
    practitionerId: 'P0001',
    patientInstructionsUrl: null,
  });

  // Lab: a ready day with in- and out-of-range values and a package, and a pending day.
  await createLabDay(db, aino, day(-30), [
    {
      code: '2474',
      displayName: 'Perusverenkuva (PVK)',
      status: 'ready',
      items: [
        {
          code: '1552',
          displayName: 'Hemoglobiini',
          status: 'ready',
          resultNumber: '128',
          unit: 'g/l',
          referenceMin: '117',
          referenceMax: '155',
          isWithinReferenceRange: true,
        },
        {
          code: '2217',
          displayName: 'Leukosyytit',
          status: 'ready',
          resultNumber: '11.2',
          unit: 'E9/l',
          referenceMin: '3.4',
          referenceMax: '8.2',
          isWithinReferenceRange: false,
        },
        {
          code: '1553',
          displayName: 'Trombosyytit',
          status: 'ready',
          resultNumber: '245',
          unit: 'E9/l',
          referenceMin: '150',
          referenceMax: '360',
          isWithinReferenceRange: true,
        },
      ],
    },
    {
      code: '4515',
      displayName: 'Kolesteroli, LDL',
      status: 'ready',
      resultNumber: '3.4',
      unit: 'mmol/l',
      referenceMin: null,
      referenceMax: '3.0',
      isWithinReferenceRange: false,
    },
    {
      code: '4520',
      displayName: 'C-reaktiivinen proteiini (CRP)',
      status: 'ready',
      resultNumber: '3',
      prefix: 'lessThan',
      unit: 'mg/l',
      referenceMin: null,
      referenceMax: '10',
      isWithinReferenceRange: true,
    },
    { code: '1880', displayName: 'Streptokokki A, pikatesti', status: 'ready', resultText: 'Negatiivinen', description: 'Nielunäyte' },
  ]);
  await createLabDay(db, aino, day(-2), [
    {
      code: '2445',
      displayName: 'Tyreotropiini (TSH)',
      status: 'ready',
      resultNumber: '2.1',
      unit: 'mU/l',
      referenceMin: '0.27',
      referenceMax: '4.2',
      isWithinReferenceRange: true,
    },
    { code: '4564', displayName: 'B12-vitamiini', status: 'sampled', unit: 'pmol/l', referenceMin: '150', referenceMax: null },
  ]);
  // Restricted to professionals: not shown (nor counted) until released.
  await createLabDay(db, aino, day(-1), [
    { code: '9999', displayName: 'Geenitesti', status: 'ready', resultText: 'Tulkinta kesken', viewRestriction: 'professional' },
  ]);

  // Imaging: with and without a statement, and one still restricted.
  await createImagingResult(db, {
    patientId: aino,
    examinationName: 'Keuhkojen röntgenkuvaus',
    imagingDate: day(-60),
    statementText: 'Keuhkot ovat normaalin ilmavat. Ei infiltraatteja. Sydän ei ole suurentunut.',
  });
  await createImagingResult(db, { patientId: aino, examinationName: 'Polven röntgenkuvaus', imagingDate: day(-1), statementText: null });
  await createImagingResult(db, {
    patientId: aino,
    examinationName: 'Lannerangan magneettikuvaus',
    imagingDate: day(-1),
    statementText: 'Lausunto kesken.',
    viewRestriction: 'professional',
  });

  // Visits with diagnoses and texts.
  await createVisitReport(db, {
    patientId: aino,
    startAt: at(-40, 9, 30),
    practitionerId: 'P0001',
    specialtyId: 'YLE',
    diagnoses: [{ code: 'J01.9', description: 'Äkillinen poskiontelotulehdus, määrittämätön' }],
    texts: [
      { title: 'Tulosyy', body: 'Viikon jatkunut nuha ja poskien painon tunne.' },
      { title: 'Hoito-ohjeet', body: 'Amoksisilliinikuuri 7 vrk. Uusi käynti, jos oireet eivät helpota.' },
    ],
  });
  await createVisitReport(db, {
    patientId: aino,
    startAt: at(-300, 14),
    practitionerId: 'P0002',
    specialtyId: 'YLE',
    diagnoses: [
      { code: 'E78.0', description: 'Puhdas hyperkolesterolemia' },
      { code: 'E03.9', description: 'Kilpirauhasen vajaatoiminta, määrittämätön' },
    ],
    texts: [{ title: 'Suunnitelma', body: 'Aloitetaan simvastatiini. Kontrolli laboratoriokokein vuoden kuluttua.' }],
  });
  await createVisitReport(db, {
    patientId: aino,
    startAt: at(-2, 10),
    practitionerId: 'P0001',
    specialtyId: 'YLE',
    viewRestriction: 'professional',
    diagnoses: [{ code: 'Z00.0', description: 'Yleinen terveystarkastus' }],
  });

  // Questionnaires: one open, one answered.
  const health = await createQuestionnaireForm(db, HEALTH_QUESTIONNAIRE);
  const sleep = await createQuestionnaireForm(db, SLEEP_QUESTIONNAIRE);
  await createQuestionnaireInvitation(db, { patientId: aino, formId: health.id, sentAt: at(-1, 8) });
  await createQuestionnaireInvitation(db, {
    patientId: aino,
    formId: sleep.id,
    sentAt: at(-100, 8),
    answeredAt: at(-99, 20),
    answeredById: aino,
    answers: JSON.stringify({ hours: '6to8', notes: 'Heräilen välillä öisin.' }),
  });

  // Vaccinations: influenza every autumn since 2003 and the travel series: more than one page.
  const year = Number(today.slice(0, 4));
  for (let y = year - 22; y < year; y++) {
    await createVaccination(db, {
      patientId: aino,
      name: 'Influenssarokote',
      vaccinatedOn: `${y}-10-${String(10 + (y % 15)).padStart(2, '0')}`,
      practitionerName: 'Sari Laine',
      effectiveUntil: `${y + 1}-06-30`,
    });
  }
  for (const [i, on] of ['2015-03-02', '2015-04-01', '2015-09-01'].entries()) {
    await createVaccination(db, {
      patientId: aino,
      name: `Twinrix (hepatiitti A ja B), annos ${i + 1}`,
      vaccinatedOn: on,
      practitionerName: 'Pirjo Koski',
      effectiveUntil: i === 2 ? '2040-09-01' : null,
    });
  }
  await createVaccination(db, {
    patientId: aino,
    name: 'dtap (jäykkäkouristus, kurkkumätä, hinkuyskä)',
    vaccinatedOn: '2019-05-14',
    practitionerName: 'Pirjo Koski',
    effectiveUntil: '2029-05-14',
  });

  // Certificates: two since 1.1.2022 (one from 2021 is no longer available).
  await createSickLeaveCertificate(db, {
    patientId: aino,
    createdAt: at(-40, 10),
    startDate: day(-40),
    endDate: day(-36),
    diagnosisCode: 'J01.9',
    showDiagnosis: true,
    practitionerId: 'P0001',
  });
  await createSickLeaveCertificate(db, {
    patientId: aino,
    createdAt: at(-400, 15),
    startDate: day(-400),
    endDate: day(-398),
    diagnosisCode: 'A09',
    showDiagnosis: false,
    practitionerId: 'P0002',
  });
  await createSickLeaveCertificate(db, {
    patientId: aino,
    createdAt: new Date('2021-11-02T10:00:00Z'),
    startDate: '2021-11-02',
    endDate: '2021-11-04',
    diagnosisCode: 'J06.9',
    showDiagnosis: true,
    practitionerId: 'P0002',
  });

  // Mikko is a member of the employer's sickness fund: both flags on for him (spec 2 §6).
  await setFeatureOverride(db, people.mikko.id, 'sickness-fund-page', true);
  await setFeatureOverride(db, people.mikko.id, 'is-finnair-sickness-fund-member', true);

  // Mikko's occupational health examination memo (ADR 0017).
  await createEmployeeMemo(db, {
    patientId: people.mikko.id,
    examinationDate: day(-21),
    examinationType: 'Määräaikainen terveystarkastus',
    practitionerId: 'P0005',
    workAbility: 'full',
    summary: 'Työkyky on hyvä. Verenpaine hieman koholla (142/88). Niska-hartiaseudun jumiutta näyttötyössä.',
    followUps: [
      { text: 'Verenpaineen kotimittaus kahden viikon ajan ja tulokset työterveyshoitajalle', dueDate: day(14) },
      { text: 'Työpisteen ergonomiakäynti fysioterapeutin kanssa', dueDate: day(45) },
      { text: 'Seuraava terveystarkastus', dueDate: day(3 * 365) },
    ],
  });
  await createEmployeeMemo(db, {
    patientId: people.mikko.id,
    examinationDate: day(-3 * 365),
    examinationType: 'Määräaikainen terveystarkastus',
    practitionerId: 'P0005',
    workAbility: 'full',
    summary: 'Työkyky on hyvä. Ei jatkotoimenpiteitä.',
    followUps: [],
  });

  // Eino (8): what Laura sees as his guardian.
  await createLabDay(db, eino, day(-14), [
    {
      code: '1552',
      displayName: 'Hemoglobiini',
      status: 'ready',
      resultNumber: '121',
      unit: 'g/l',
      referenceMin: '110',
      referenceMax: '145',
      isWithinReferenceRange: true,
    },
    { code: '1881', displayName: 'Streptokokki A, pikatesti', status: 'ready', resultText: 'Positiivinen' },
  ]);
  await createVisitReport(db, {
    patientId: eino,
    startAt: at(-14, 13),
    practitionerId: 'P0013',
    specialtyId: 'LAS',
    diagnoses: [{ code: 'J02.0', description: 'Streptokokin aiheuttama nielutulehdus' }],
    texts: [{ title: 'Hoito', body: 'Penisilliinikuuri 10 vrk.' }],
  });
  await createPrescription(db, {
    ...medicine,
    patientId: eino,
    medicineName: 'Primcillin',
    strength: '50 mg/ml',
    issuedDate: day(-14),
    isRenewable: false,
    medicineType: 'oraalisuspensio',
    packageUnit: 'ml',
    packageSize: 100,
    treatmentLength: 10,
    treatmentLengthUnit: 'day',
    totalAmount: '100 ml',
    dosageGuide: '5 ml 3 kertaa päivässä',
    usageGuide: 'Nielutulehdukseen',
    practitionerId: 'P0013',
  });
  await createVaccination(db, {
    patientId: eino,
    name: 'MPR (tuhkarokko, sikotauti, vihurirokko)',
    vaccinatedOn: addDays(day(-365 * 2), 0),
    practitionerName: 'Anna Salo',
    effectiveUntil: null,
  });
}
