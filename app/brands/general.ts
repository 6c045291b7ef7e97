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
  homePage: 'https://www.kaari.example',
  appStores: {
    apple: 'https://apps.apple.com/fi/app/kaari/id1000000001',
    google: 'https://play.google.com/store/apps/details?id=example.kaari',
  },
  termsLanguage: null,
  customerTypes: ['private', 'insurance', 'occupational'],
  tokens: {
    color: {
      brand: '#0b5a6e',
      brandStrong: '#073f4d',
      onBrand: '#ffffff',
      accent: '#e8f3f5',
      background: '#f6f8f9',
      surface: '#ffffff',
      text: '#1b2429',
      textMuted: '#4a5960',
      border: '#c7d2d6',
      focus: '#c2410c',
      link: '#0b5a6e',
      danger: '#a4161a',
      dangerSurface: '#fdecec',
      success: '#1d6b35',
      successSurface: '#e8f5ec',
      info: '#0b4f8a',
      infoSurface: '#e8f0fa',
      occupational: '#3d3a7a',
    },
    radius: { small: '4px', large: '12px' },
    headerImageWidth: '75vw',
  },
};
