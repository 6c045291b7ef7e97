/** Header, side navigation, footer and toasts. */
import { globalStyle, style } from '@vanilla-extract/css';
import { mediaQuery } from './breakpoints';
import { vars } from './theme.css';

export const header = style({
  background: vars.color.surface,
  borderBottom: `4px solid ${vars.color.brand}`,
});
export const headerOccupational = style({ borderBottomColor: vars.color.occupational });
export const headerInner = style({
  maxWidth: '72rem',
  margin: '0 auto',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.m,
  padding: `${vars.space.s} ${vars.space.m}`,
});
export const logo = style({
  fontWeight: 800,
  fontSize: '1.35rem',
  color: vars.color.brand,
  textDecoration: 'none',
  marginRight: 'auto',
  letterSpacing: '0.02em',
});
export const headerNav = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.m });
export const languages = style({ display: 'flex', gap: vars.space.s, margin: 0, padding: 0, listStyle: 'none' });
export const currentLanguage = style({ fontWeight: 700, textDecoration: 'none', color: vars.color.text });

export const userMenu = style({ position: 'relative' });
export const userMenuList = style({
  position: 'absolute',
  right: 0,
  zIndex: 5,
  minWidth: '12rem',
  margin: 0,
  padding: vars.space.s,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
});
export const summary = style({ cursor: 'pointer', fontWeight: 600, padding: vars.space.xs });

export const sideNav = style({
  width: '15rem',
  flexShrink: 0,
  '@media': { [mediaQuery.smallOnly]: { width: '100%' } },
});
export const sideNavList = style({ listStyle: 'none', margin: 0, padding: 0 });

/**
 * The side navigation's disclosure (issue 25). Screens up to 800 px wide see its summary, a menu
 * button, and open it to see the links; wider screens, in browsers that can style a closed disclosure's
 * content (`::details-content`), see the links as before and no summary. A browser without it
 * keeps the summary there, so the menu is folded but can be opened (and JS opens it).
 */
export const sideNavMenu = style({});
export const sideNavSummary = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  minHeight: '2.75rem',
  padding: `${vars.space.s} ${vars.space.m}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    // Three bars, drawn with borders (they stay in forced colours) and no glyph to read out.
    '&::before': {
      content: '""',
      width: '1.125rem',
      height: '0.875rem',
      borderBlock: '2px solid currentColor',
      background: 'linear-gradient(currentColor, currentColor) center / 100% 2px no-repeat',
    },
    // Open, it is marked like the current page's link.
    [`${sideNavMenu}[open] > &`]: { marginBottom: vars.space.s, background: vars.color.accent },
  },
  '@supports': {
    'selector(::details-content)': { '@media': { [mediaQuery.large]: { display: 'none' } } },
  },
});
globalStyle(`${sideNavMenu}::details-content`, {
  '@media': { [mediaQuery.large]: { contentVisibility: 'visible', display: 'block' } },
});
export const sideNavLink = style({
  display: 'block',
  padding: `${vars.space.s} ${vars.space.m}`,
  borderRadius: vars.radius.small,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': { background: vars.color.accent, fontWeight: 700, color: vars.color.brandStrong },
    '&:hover': { background: vars.color.accent },
  },
});
export const sideNavGroup = style({
  fontSize: vars.font.size.small,
  textTransform: 'uppercase',
  color: vars.color.textMuted,
  margin: `${vars.space.m} ${vars.space.m} ${vars.space.xs}`,
});
export const badge = style({
  display: 'inline-block',
  minWidth: '1.5em',
  marginLeft: vars.space.s,
  padding: '0 0.4em',
  borderRadius: '999px',
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: vars.font.size.small,
  textAlign: 'center',
});
/** Log-out appears in the side navigation only on small screens (the header menu has it otherwise). */
export const smallScreenOnly = style({ '@media': { [mediaQuery.large]: { display: 'none' } } });

export const footer = style({
  marginTop: vars.space.xl,
  background: vars.color.brandStrong,
  color: vars.color.onBrand,
});
export const footerInner = style({
  maxWidth: '72rem',
  margin: '0 auto',
  padding: vars.space.l,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.l,
  justifyContent: 'space-between',
});
export const footerLink = style({ color: vars.color.onBrand });

export const toastRegion = style({
  position: 'fixed',
  bottom: vars.space.m,
  right: vars.space.m,
  left: vars.space.m,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.s,
  zIndex: 20,
  pointerEvents: 'none',
});
export const toast = style({
  pointerEvents: 'auto',
  maxWidth: '28rem',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `6px solid ${vars.color.info}`,
  borderRadius: vars.radius.small,
  padding: vars.space.m,
  boxShadow: '0 4px 16px rgba(0,0,0,0.15)',
});
/** The patient's name under "My information" in the side navigation (issue 9). */
export const sideNavName = style({ display: 'block', fontSize: vars.font.size.small, fontWeight: 400 });
