import type { BrandTokens } from './types';

/** The general brand's design tokens: build time only (app/styles/theme.css.ts), never in the browser. */
export const generalTokens: BrandTokens = {
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
};
