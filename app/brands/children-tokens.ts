import type { BrandTokens } from './types';

/** The children brand's design tokens: build time only (app/styles/theme.css.ts), never in the browser. */
export const childrenTokens: BrandTokens = {
  color: {
    brand: '#8a1c52',
    brandStrong: '#63123a',
    onBrand: '#ffffff',
    accent: '#fbeaf2',
    background: '#fdf8fa',
    surface: '#ffffff',
    text: '#2a1a22',
    textMuted: '#5c4752',
    border: '#dcc7d1',
    focus: '#0b5fcc',
    link: '#8a1c52',
    danger: '#a4161a',
    dangerSurface: '#fdecec',
    success: '#1d6b35',
    successSurface: '#e8f5ec',
    info: '#0b4f8a',
    infoSurface: '#e8f0fa',
    occupational: '#3d3a7a',
  },
  radius: { small: '8px', large: '20px' },
  headerImageWidth: '45vw',
};
