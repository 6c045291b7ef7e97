/** Booking landing and the appointment search: filters beside the results, stacked on small screens. */
import { globalStyle, style } from '@vanilla-extract/css';
import { mediaQuery } from './breakpoints';
import { vars } from './theme.css';

export const customerTypes = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.m,
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
});
export const customerType = style({ margin: 0, height: '100%' });

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(17rem, 22rem) minmax(0, 1fr)',
  gap: vars.space.l,
  alignItems: 'start',
  // Stacked, the filters card's own margin separates it from the results.
  '@media': { [mediaQuery.smallOnly]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: 0 } },
});

export const filters = style({ padding: vars.space.m });
// After a change the page comes back to the changed field (its address's target): with some of
// what is above it in view, e.g. its group's heading.
globalStyle(`${filters} :is(input, select)`, { scrollMarginTop: '5rem' });

/**
 * The filters fold into one disclosure ("Search filters (2 selected)"): closed on small and
 * medium screens, so the first free times are on the first screen; on large screens, where the
 * filters sit beside the results, browsers that can style the disclosure's content keep it open.
 */
export const filtersDisclosure = style({});
export const filtersSummary = style({
  cursor: 'pointer',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  minHeight: '2.75rem',
  selectors: {
    '&::before': { content: '"▸"', color: vars.color.brand, fontSize: '1.25rem', lineHeight: 1 },
    [`${filtersDisclosure}[open] > &::before`]: { content: '"▾"' },
    '&::-webkit-details-marker': { display: 'none' },
  },
  listStyle: 'none',
  '@supports': {
    'selector(::details-content)': {
      '@media': { [mediaQuery.large]: { cursor: 'default', pointerEvents: 'none' } },
    },
  },
});
globalStyle(`${filtersSummary}::before`, {
  '@supports': {
    'selector(::details-content)': { '@media': { [mediaQuery.large]: { display: 'none' } } },
  },
});
globalStyle(`${filtersDisclosure}::details-content`, {
  '@media': { [mediaQuery.large]: { contentVisibility: 'visible', display: 'block' } },
});
export const filtersTitle = style({ margin: 0, fontSize: '1.25rem' });
export const inlineField = style({ display: 'flex', gap: vars.space.s, alignItems: 'stretch' });
export const fieldset = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.m}` });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });
export const checkboxList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });
export const checkbox = style({ display: 'flex', gap: vars.space.s, alignItems: 'flex-start', minHeight: '1.75rem' });
export const checkboxInput = style({ width: '1.25rem', height: '1.25rem', marginTop: '0.15rem', flexShrink: 0 });
export const group = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} 0`,
});
export const groupSummary = style({ cursor: 'pointer', fontWeight: 600, padding: `${vars.space.xs} 0` });
export const groupBody = style({ padding: `${vars.space.xs} 0 ${vars.space.s} ${vars.space.m}` });
export const muted = style({ color: vars.color.textMuted, fontWeight: 400 });

export const tabs = style({
  listStyle: 'none',
  margin: `0 0 ${vars.space.m}`,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: `2px solid ${vars.color.border}`,
  // On a phone the four tabs stay on one line (scrolling sideways) instead of taking two.
  '@media': { [mediaQuery.smallOnly]: { flexWrap: 'nowrap', overflowX: 'auto', gap: 0 } },
});
export const tab = style({
  display: 'inline-block',
  padding: `${vars.space.s} ${vars.space.m}`,
  textDecoration: 'none',
  color: vars.color.link,
  borderBottom: '4px solid transparent',
  marginBottom: '-2px',
  whiteSpace: 'nowrap',
  '@media': { [mediaQuery.smallOnly]: { padding: `${vars.space.s} ${vars.space.s}` } },
  selectors: {
    '&[aria-current="true"]': { color: vars.color.text, fontWeight: 700, borderBottomColor: vars.color.brand },
  },
});

export const results = style({
  transition: 'opacity 120ms',
  '@media': { [mediaQuery.smallOnly]: { padding: vars.space.m } },
});
export const resultList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const result = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(9rem, max-content) minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.m}`,
  padding: `${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [mediaQuery.smallOnly]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const resultLink = style({ fontWeight: 700 });
export const resultTime = style({ fontSize: '1.125rem', fontVariantNumeric: 'tabular-nums', marginRight: vars.space.xs });
export const resultDetails = style({ display: 'flex', flexDirection: 'column' });
export const tag = style({
  alignSelf: 'flex-start',
  marginTop: vars.space.xs,
  padding: `0 ${vars.space.s}`,
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.textMuted}`,
  fontSize: vars.font.size.small,
});

export const dateLinks = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.s });

export const calendar = style({ borderCollapse: 'collapse', width: '100%', margin: `${vars.space.s} 0`, textAlign: 'center' });
export const calendarCaption = style({ fontWeight: 600, padding: `${vars.space.xs} 0`, textTransform: 'capitalize' });
export const calendarHead = style({ fontSize: vars.font.size.small, color: vars.color.textMuted, fontWeight: 600 });
export const calendarCell = style({ padding: '1px' });
export const calendarDay = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: '50%',
  color: vars.color.textMuted,
});
export const calendarAvailable = style({ color: vars.color.link, fontWeight: 700, textDecoration: 'underline' });
export const calendarSelected = style({
  background: vars.color.brand,
  color: vars.color.onBrand,
  textDecoration: 'none',
});
export const calendarNav = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.s });
