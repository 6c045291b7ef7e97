import type { Brand } from './types';

export const children: Brand = {
  key: 'children',
  name: 'Pikku Kaari',
  customerService: {
    tel: '+358942420200',
    display: '09 4242 0200',
    info: {
      fi: 'Palvelemme joka päivä 7–22 (pvm/mpm).',
      sv: 'Vi betjänar varje dag 7–22 (lna/msa).',
      en: 'Open every day 7–22 (local network charge).',
    },
  },
  billing: {
    email: 'laskutus@pikkukaari.example',
    phone: {
      tel: '+358942420300',
      display: '09 4242 0300',
      info: { fi: 'Laskutus ma–pe 9–15.', sv: 'Fakturering mån–fre 9–15.', en: 'Billing Mon–Fri 9–15.' },
    },
  },
  seller: { legalName: 'Pikku Kaari Oy', businessId: '3265430-8', street: 'Runeberginkatu 40', postalCode: '00100', postOffice: 'Helsinki' },
  homePage: 'https://www.pikkukaari.example',
  appStores: {
    apple: 'https://apps.apple.com/fi/app/pikku-kaari/id1000000002',
    google: 'https://play.google.com/store/apps/details?id=example.pikkukaari',
  },
  // The children's brand publishes its terms of use in Finnish only.
  termsLanguage: 'fi',
  customerTypes: ['private', 'insurance'],
  smsSender: 'Pikku Kaari',
  themeColor: '#8a1c52',
  mailFrom: 'Pikku Kaari <no-reply@pikkukaari.example>',
  // Spec 2 §9: avatars by the first letter of the practitioner's id (six groups), clinic colours
  // by code. The avatars are drawn for this brand (public/images/avatars/, ADR 0049).
  practitionerPictures: {
    kind: 'avatar',
    avatars: [
      '/images/avatars/1.svg',
      '/images/avatars/2.svg',
      '/images/avatars/3.svg',
      '/images/avatars/4.svg',
      '/images/avatars/5.svg',
      '/images/avatars/6.svg',
    ],
    clinicColors: {
      KA: '#f4c7d9',
      HP: '#c9e4f5',
      IK: '#d8ecc4',
      TA: '#fde3b5',
      LE: '#e3d4f3',
      TI: '#c5ede6',
      MY: '#f9d0c4',
      KE: '#ece6c3',
      JP: '#cfdcf2',
      TU: '#f2d6ea',
      HY: '#d3ead9',
      NRMT: '#fbe9a9',
    },
    otherClinicColor: '#e6e6ee',
  },
};
