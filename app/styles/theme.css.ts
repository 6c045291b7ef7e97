/**
 * Brand tokens → one theme contract → one theme class per brand (the Braid pattern).
 * Components use only `vars`, so they are brand-neutral; the root puts the brand's class on <html>.
 */
import { createTheme, createThemeContract } from '@vanilla-extract/css';
import { childrenTokens } from '~/brands/children-tokens';
import { generalTokens } from '~/brands/general-tokens';
import type { BrandTokens } from '~/brands/types';

const shape: Record<keyof BrandTokens['color'], null> = {
  brand: null,
  brandStrong: null,
  onBrand: null,
  accent: null,
  background: null,
  surface: null,
  text: null,
  textMuted: null,
  border: null,
  focus: null,
  link: null,
  danger: null,
  dangerSurface: null,
  success: null,
  successSurface: null,
  info: null,
  infoSurface: null,
  occupational: null,
};

export const vars = createThemeContract({
  color: shape,
  radius: { small: null, large: null },
  headerImageWidth: null,
  space: { xs: null, s: null, m: null, l: null, xl: null },
  font: { body: null, size: { small: null, body: null, h1: null, h2: null, h3: null } },
});

const common = {
  space: { xs: '0.25rem', s: '0.5rem', m: '1rem', l: '1.5rem', xl: '2.5rem' },
  // System fonts only: no web font downloads.
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    size: { small: '0.875rem', body: '1rem', h1: '1.75rem', h2: '1.375rem', h3: '1.125rem' },
  },
};

const themeFor = (tokens: BrandTokens) => createTheme(vars, { ...common, ...tokens });

export const themeClass = {
  general: themeFor(generalTokens),
  children: themeFor(childrenTokens),
};
