/** Static demo data: clinics, specialties and the demo persons the README and the tests use. */
import type { KindId } from '../app/models/booking/price-list';
import { localized } from './factories';

export const DEMO_PERSONS = {
  aino: {
    identityCode: '150385-9024',
    firstName: 'Aino',
    lastName: 'Virtanen',
    email: 'aino.virtanen@example.fi',
    phone: '+358401234567',
    streetAddress: 'Mannerheimintie 12 B 7',
    postalCode: '00100',
    postOffice: 'Helsinki',
    language: 'fi',
  },
  mikko: {
    identityCode: '020779-913S',
    firstName: 'Mikko',
    lastName: 'Korhonen',
    email: 'mikko.korhonen@example.fi',
    phone: '+358501112233',
    streetAddress: 'Tapiontori 5 A 3',
    postalCode: '02100',
    postOffice: 'Espoo',
    language: 'fi',
  },
  laura: {
    identityCode: '211190-924E',
    firstName: 'Laura',
    lastName: 'Nieminen',
    email: 'laura.nieminen@example.fi',
    phone: '+358447654321',
    streetAddress: 'Ratatie 20 C 14',
    postalCode: '01300',
    postOffice: 'Vantaa',
    language: 'sv',
  },
  eino: {
    identityCode: '120518A905L',
    firstName: 'Eino',
    lastName: 'Nieminen',
    email: null,
    phone: null,
    streetAddress: 'Ratatie 20 C 14',
    postalCode: '01300',
    postOffice: 'Vantaa',
    language: 'sv',
  },
  sanni: {
    identityCode: '030911A914H',
    firstName: 'Sanni',
    lastName: 'Mäkinen',
    email: 'sanni.makinen@example.fi',
    phone: '+358409876543',
    streetAddress: 'Sibeliuksenkatu 8',
    postalCode: '04400',
    postOffice: 'Järvenpää',
    language: 'fi',
  },
  pekka: {
    identityCode: '280270-9479',
    firstName: 'Pekka',
    lastName: 'Heikkinen',
    email: null,
    phone: null,
    streetAddress: null,
    postalCode: null,
    postOffice: null,
    language: 'fi',
  },
} as const;

export type DemoPersonKey = keyof typeof DEMO_PERSONS;

const arrival = (fi: string, sv: string, en: string) => localized(fi, sv, en);

export const CLINICS = [
  {
    id: 'KA',
    name: 'Kamppi',
    municipality: 'helsinki',
    streetAddress: 'Urho Kekkosen katu 1',
    postalCode: '00100',
    postOffice: 'Helsinki',
    arrivalInfo: arrival(
      'Sisäänkäynti kauppakeskuksen 4. kerroksesta.',
      'Ingång från köpcentrets 4:e våning.',
      'Entrance from the 4th floor of the shopping centre.',
    ),
  },
  {
    id: 'HP',
    name: 'Pasila',
    municipality: 'helsinki',
    streetAddress: 'Ratapihantie 11',
    postalCode: '00520',
    postOffice: 'Helsinki',
    arrivalInfo: arrival('Ilmoittaudu 2. kerroksen vastaanotossa.', 'Anmäl dig i receptionen på 2:a våningen.', 'Check in at the reception on the 2nd floor.'),
  },
  { id: 'IK', name: 'Itäkeskus', municipality: 'helsinki', streetAddress: 'Itäkatu 1', postalCode: '00930', postOffice: 'Helsinki', arrivalInfo: null },
  {
    id: 'TA',
    name: 'Tapiola',
    municipality: 'espoo',
    streetAddress: 'Tapiontori 3',
    postalCode: '02100',
    postOffice: 'Espoo',
    arrivalInfo: arrival(
      'Pysäköinti Tapiolan keskuksen P-hallissa.',
      'Parkering i Hagalunds centrums parkeringshall.',
      'Parking in the Tapiola centre car park.',
    ),
  },
  { id: 'LE', name: 'Leppävaara', municipality: 'espoo', streetAddress: 'Leppävaarankatu 3', postalCode: '02600', postOffice: 'Espoo', arrivalInfo: null },
  { id: 'TI', name: 'Tikkurila', municipality: 'vantaa', streetAddress: 'Ratatie 11', postalCode: '01300', postOffice: 'Vantaa', arrivalInfo: null },
  { id: 'MY', name: 'Myyrmäki', municipality: 'vantaa', streetAddress: 'Iskoskuja 3', postalCode: '01600', postOffice: 'Vantaa', arrivalInfo: null },
  { id: 'KE', name: 'Kerava', municipality: 'kerava', streetAddress: 'Kauppakaari 11', postalCode: '04200', postOffice: 'Kerava', arrivalInfo: null },
  {
    id: 'JP',
    name: 'Järvenpää',
    municipality: 'järvenpää',
    streetAddress: 'Sibeliuksenkatu 11',
    postalCode: '04400',
    postOffice: 'Järvenpää',
    arrivalInfo: null,
  },
  { id: 'TU', name: 'Tuusula', municipality: 'tuusula', streetAddress: 'Kauppatie 1', postalCode: '04300', postOffice: 'Tuusula', arrivalInfo: null },
  { id: 'HY', name: 'Hyvinkää', municipality: 'hyvinkää', streetAddress: 'Uudenmaankatu 22', postalCode: '05800', postOffice: 'Hyvinkää', arrivalInfo: null },
  { id: 'RMT', name: 'Etävastaanotto', municipality: 'remote', streetAddress: null, postalCode: null, postOffice: null, isRemote: true, arrivalInfo: null },
  { id: 'CHA', name: 'Chat', municipality: 'remote', streetAddress: null, postalCode: null, postOffice: null, isRemote: true, arrivalInfo: null },
  { id: 'OS', name: 'Online-palvelu', municipality: 'remote', streetAddress: null, postalCode: null, postOffice: null, isRemote: true, arrivalInfo: null },
  {
    id: 'NRMT',
    name: 'Etävastaanotto (lapset)',
    municipality: 'remote',
    streetAddress: null,
    postalCode: null,
    postOffice: null,
    isRemote: true,
    arrivalInfo: null,
  },
] as const;

export const SPECIALTIES = [
  { id: 'YLE', name: localized('Yleislääketiede', 'Allmänmedicin', 'General practice'), isRemoteType: false },
  { id: 'SH', name: localized('Sairaanhoitaja', 'Sjukskötare', 'Nurse'), isRemoteType: false },
  { id: 'FYS', name: localized('Fysioterapia', 'Fysioterapi', 'Physiotherapy'), isRemoteType: false },
  { id: 'LAS', name: localized('Lastentaudit', 'Barnsjukdomar', 'Paediatrics'), isRemoteType: false },
  { id: 'IHO', name: localized('Ihotaudit', 'Hudsjukdomar', 'Dermatology'), isRemoteType: false },
  { id: 'KNK', name: localized('Korva-, nenä- ja kurkkutaudit', 'Öron-, näs- och halssjukdomar', 'Ear, nose and throat'), isRemoteType: false },
  { id: 'PSY', name: localized('Psykologia', 'Psykologi', 'Psychology'), isRemoteType: true },
  { id: 'ENDO', name: localized('Endokrinologia', 'Endokrinologi', 'Endocrinology'), isRemoteType: true },
  { id: 'GYN', name: localized('Naistentaudit', 'Kvinnosjukdomar', 'Gynaecology'), isRemoteType: true },
  { id: 'NNA', name: localized('Ravitsemusterapia', 'Näringsterapi', 'Nutrition therapy'), isRemoteType: true },
  { id: 'GRG', name: localized('Geriatria', 'Geriatrik', 'Geriatrics'), isRemoteType: true },
  { id: 'TTH', name: localized('Työterveyshuolto', 'Företagshälsovård', 'Occupational health'), isRemoteType: false },
  { id: 'ROKT', name: localized('Rokotukset', 'Vaccinationer', 'Vaccinations'), isRemoteType: false },
] as const;

export const TITLES = {
  YLE: localized('Yleislääkäri', 'Allmänläkare', 'General practitioner'),
  SH: localized('Sairaanhoitaja', 'Sjukskötare', 'Registered nurse'),
  FYS: localized('Fysioterapeutti', 'Fysioterapeut', 'Physiotherapist'),
  LAS: localized('Lastentautien erikoislääkäri', 'Specialistläkare i pediatrik', 'Paediatrician'),
  IHO: localized('Ihotautien erikoislääkäri', 'Specialistläkare i dermatologi', 'Dermatologist'),
  KNK: localized('Korvalääkäri', 'Öronläkare', 'ENT specialist'),
  PSY: localized('Psykologi', 'Psykolog', 'Psychologist'),
  ENDO: localized('Endokrinologi', 'Endokrinolog', 'Endocrinologist'),
  GYN: localized('Gynekologi', 'Gynekolog', 'Gynaecologist'),
  NNA: localized('Ravitsemusterapeutti', 'Näringsterapeut', 'Nutrition therapist'),
  GRG: localized('Geriatri', 'Geriatriker', 'Geriatrician'),
  TTH: localized('Työterveyslääkäri', 'Företagsläkare', 'Occupational health physician'),
  ROKT: localized('Rokotushoitaja', 'Vaccinationsskötare', 'Vaccination nurse'),
} as const;

export const FIRST_NAMES = [
  'Anna',
  'Matti',
  'Kaisa',
  'Juha',
  'Elina',
  'Timo',
  'Sari',
  'Jukka',
  'Heidi',
  'Antti',
  'Riikka',
  'Ville',
  'Satu',
  'Mika',
  'Johanna',
  'Petri',
  'Hanna',
  'Janne',
  'Minna',
  'Sami',
  'Katja',
  'Lauri',
  'Tiina',
  'Olli',
];
export const LAST_NAMES = [
  'Lahtinen',
  'Koskinen',
  'Järvinen',
  'Lehtonen',
  'Salminen',
  'Heinonen',
  'Laine',
  'Hämäläinen',
  'Mattila',
  'Saarinen',
  'Kinnunen',
  'Turunen',
  'Rantanen',
  'Karjalainen',
  'Aaltonen',
  'Ahonen',
  'Lindqvist',
  'Holmström',
  'Nurmi',
  'Peltonen',
];

export interface DemoAppointment {
  person: 'aino' | 'mikko' | 'laura' | 'eino' | 'sanni';
  description: string;
  startInMinutes: number;
  kindId: KindId;
  specialtyId: string;
  clinicId: string;
  practitionerId: string;
  locationType: 'physicalLocation' | 'phoneAppointment' | 'videoAppointment' | 'remoteAppointment';
  durationMinutes?: number;
  payerType?: 'self' | 'occupationalHealthCare';
  isCovidTest?: boolean;
  roomLocation?: string;
  selfCheckIn?: boolean;
  cancelledBy?: 'provider';
  /** Booked online by this demo person (a guardian for a ward); unset: by the clinic. */
  bookedBy?: 'laura';
}

const DAY = 24 * 60;

/** Every case of the appointment pages, relative to the seeding time. */
export const DEMO_APPOINTMENTS: DemoAppointment[] = [
  {
    person: 'aino',
    description: 'starts within 30 minutes: check-in open, too late to cancel',
    startInMinutes: 20,
    kindId: 'VAS',
    specialtyId: 'YLE',
    clinicId: 'KA',
    practitionerId: 'P0001',
    locationType: 'physicalLocation',
    roomLocation: 'Huone 214, 2. krs',
  },
  {
    person: 'aino',
    description: 'later today: check-in too early',
    startInMinutes: 180,
    kindId: 'VAS',
    specialtyId: 'FYS',
    clinicId: 'HP',
    practitionerId: 'P0009',
    locationType: 'physicalLocation',
    durationMinutes: 45,
  },
  {
    person: 'aino',
    description: 'tomorrow: can be cancelled',
    startInMinutes: DAY + 120,
    kindId: 'VAS',
    specialtyId: 'IHO',
    clinicId: 'TA',
    practitionerId: 'P0017',
    locationType: 'physicalLocation',
  },
  {
    person: 'aino',
    description: 'phone appointment',
    startInMinutes: 3 * DAY,
    kindId: 'PUH',
    specialtyId: 'YLE',
    clinicId: 'RMT',
    practitionerId: 'P0001',
    locationType: 'phoneAppointment',
    durationMinutes: 20,
  },
  {
    person: 'aino',
    description: 'video appointment',
    startInMinutes: 5 * DAY,
    kindId: 'VETA',
    specialtyId: 'PSY',
    clinicId: 'RMT',
    practitionerId: 'P0025',
    locationType: 'videoAppointment',
    durationMinutes: 45,
  },
  {
    person: 'aino',
    description: 'covid-19 test',
    startInMinutes: 2 * DAY,
    kindId: 'KOR',
    specialtyId: 'SH',
    clinicId: 'IK',
    practitionerId: 'P0005',
    locationType: 'physicalLocation',
    isCovidTest: true,
    durationMinutes: 10,
  },
  {
    person: 'aino',
    description: 'cancelled by the provider',
    startInMinutes: 7 * DAY,
    kindId: 'VAS',
    specialtyId: 'KNK',
    clinicId: 'KA',
    practitionerId: 'P0021',
    locationType: 'physicalLocation',
    cancelledBy: 'provider',
  },
  {
    person: 'aino',
    description: 'past visit',
    startInMinutes: -14 * DAY,
    kindId: 'VAS',
    specialtyId: 'YLE',
    clinicId: 'KA',
    practitionerId: 'P0001',
    locationType: 'physicalLocation',
  },
  {
    person: 'mikko',
    description: 'occupational health visit',
    startInMinutes: 4 * DAY,
    kindId: 'VAS',
    specialtyId: 'TTH',
    clinicId: 'TA',
    practitionerId: 'P0045',
    locationType: 'physicalLocation',
    payerType: 'occupationalHealthCare',
  },
  {
    person: 'laura',
    description: 'own visit',
    startInMinutes: 6 * DAY,
    kindId: 'VAS',
    specialtyId: 'GYN',
    clinicId: 'TI',
    practitionerId: 'P0033',
    locationType: 'physicalLocation',
  },
  {
    person: 'eino',
    description: "child's visit (guardian Laura)",
    startInMinutes: 2 * DAY + 60,
    kindId: 'VAS',
    specialtyId: 'LAS',
    clinicId: 'TI',
    practitionerId: 'P0013',
    locationType: 'physicalLocation',
  },
  {
    person: 'sanni',
    description: 'confidentiality form not filled: check-in asks for consent',
    startInMinutes: 15,
    kindId: 'VAS',
    specialtyId: 'YLE',
    clinicId: 'JP',
    practitionerId: 'P0002',
    locationType: 'physicalLocation',
  },
  // ADR 0034: Laura booked it, so she sees it until Sanni (15) hides it from her guardian; its invoice (2026011) is addressed to Laura.
  {
    person: 'sanni',
    description: 'psychologist visit booked by her guardian Laura: Sanni can hide it from her',
    startInMinutes: 3 * DAY + 120,
    kindId: 'VAS',
    specialtyId: 'PSY',
    clinicId: 'JP',
    practitionerId: 'P0026',
    locationType: 'physicalLocation',
    durationMinutes: 45,
    bookedBy: 'laura',
  },
];

/** The invoice of Sanni's psychologist visit, addressed to her guardian Laura (ADR 0034). */
export const SANNI_VISIT_INVOICE = {
  invoiceNumber: '2026011',
  description: localized('Psykologin vastaanotto, Järvenpää', 'Psykologmottagning, Träskända', 'Psychologist visit, Järvenpää'),
  sumCents: 9800,
} as const;
