import { SHARED_COLORS, type BrandTokens } from './types';

/** The children brand's design tokens: build time only (app/styles/theme.css.ts), never in the browser. */
export const childrenTokens: BrandTokens = {
  color: {
    ...SHARED_COLORS,
    brand: '#8a1c52',
    brandStrong: '#63123a',
    accent: '#fbeaf2',
    background: '#fdf8fa',
    text: '#2a1a22',
    textMuted: '#5c4752',
    border: '#dcc7d1',
    focus: '#0b5fcc',
    link: '#8a1c52',
  },
  radius: { small: '8px', large: '20px' },
  headerImageWidth: '45vw',
};
