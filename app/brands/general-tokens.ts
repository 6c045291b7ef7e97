import { SHARED_COLORS, type BrandTokens } from './types';

/** The general brand's design tokens: build time only (app/styles/theme.css.ts), never in the browser. */
export const generalTokens: BrandTokens = {
  color: {
    ...SHARED_COLORS,
    brand: '#0b5a6e',
    brandStrong: '#073f4d',
    accent: '#e8f3f5',
    background: '#f6f8f9',
    text: '#1b2429',
    textMuted: '#4a5960',
    border: '#c7d2d6',
    focus: '#c2410c',
    link: '#0b5a6e',
  },
  radius: { small: '4px', large: '12px' },
  headerImageWidth: '75vw',
};
