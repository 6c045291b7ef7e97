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
};
