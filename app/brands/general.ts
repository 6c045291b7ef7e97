import type { Brand } from './types';

export const general: Brand = {
  key: 'general',
  name: 'Kaari',
  customerService: {
    tel: '+358942420000',
    display: '09 4242 0000',
    info: {
      fi: 'Palvelemme ma–pe 7–21, la–su 9–18 (pvm/mpm).',
      sv: 'Vi betjänar mån–fre 7–21, lör–sön 9–18 (lna/msa).',
      en: 'Open Mon–Fri 7–21, Sat–Sun 9–18 (local network charge).',
    },
  },
  billing: {
    email: 'laskutus@kaari.example',
    phone: {
      tel: '+358942420100',
      display: '09 4242 0100',
      info: { fi: 'Laskutus ma–pe 9–15.', sv: 'Fakturering mån–fre 9–15.', en: 'Billing Mon–Fri 9–15.' },
    },
  },
  seller: { legalName: 'Kaari Terveys Oy', businessId: '3217845-2', street: 'Mannerheimintie 100', postalCode: '00250', postOffice: 'Helsinki' },
  homePage: 'https://www.kaari.example',
  appStores: {
    apple: 'https://apps.apple.com/fi/app/kaari/id1000000001',
    google: 'https://play.google.com/store/apps/details?id=example.kaari',
  },
  termsLanguage: null,
  customerTypes: ['private', 'insurance', 'occupational'],
  smsSender: 'Kaari',
  themeColor: '#0b5a6e',
  mailFrom: 'Kaari <no-reply@kaari.example>',
  // The practitioners' own profile pictures from the content system, where there is one (ADR 0049).
  practitionerPictures: { kind: 'profilePicture' },
};
