/** Reserving, registration and consent pages. Brand-neutral: only theme vars. */
import { style } from '@vanilla-extract/css';
import { mediaQuery } from './breakpoints';
import { vars } from './theme.css';

/** The free time beside the form on wide screens, above it on small ones. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.2fr)',
  gap: vars.space.l,
  alignItems: 'start',
  '@media': { [mediaQuery.smallOnly]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  columnGap: vars.space.m,
  '@media': { [mediaQuery.smallOnly]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const wide = style({ gridColumn: '1 / -1' });

export const fieldset = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.m}` });

export const legend = style({ fontWeight: 600, fontSize: vars.font.size.h3, marginBottom: vars.space.s, padding: 0 });

export const choiceList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.m,
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
});

export const choice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.m,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.large,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.accent } },
});

export const choiceTitle = style({ fontWeight: 700, color: vars.color.brand });

export const privacy = style({
  background: vars.color.background,
  borderRadius: vars.radius.small,
  padding: vars.space.m,
  marginBottom: vars.space.m,
});

export const contactList = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.m}`,
});
