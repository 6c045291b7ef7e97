import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import * as ui from './ui.css';

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(7rem, max-content) 1fr',
  gap: `${vars.space.xs} ${vars.space.m}`,
  margin: `${vars.space.m} 0`,
});
export const patient = style({ fontWeight: 600 });
export const tag = style([ui.tag, { background: vars.color.occupational, color: vars.color.onBrand }]);
export const price = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.s });
export const priceTable = style({ borderCollapse: 'collapse', minWidth: '16rem' });
export const listItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.s,
  padding: `${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const ssnBoxes = style({ display: 'flex', gap: vars.space.s, border: 0, padding: 0, margin: `${vars.space.s} 0` });
export const ssnBox = style({
  width: '3rem',
  height: '3.25rem',
  textAlign: 'center',
  fontSize: '1.5rem',
  textTransform: 'uppercase',
});
/** A character counter; `data-over` (the server's render, then the page script) when past the limit. */
export const counter = style({
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  selectors: { '&[data-over]': { color: vars.color.danger, fontWeight: 700 } },
});
export const textarea = style({ minHeight: '6rem', resize: 'vertical' });
export const checkIn = style({ margin: `${vars.space.m} 0` });

/** Earlier-time request (ADR 0037): one radio button or checkbox and its label per line. */
export const choiceLine = style({ display: 'flex', gap: vars.space.s, alignItems: 'flex-start', minHeight: '1.75rem' });
export const choiceInput = style({ width: '1.25rem', height: '1.25rem', marginTop: '0.15rem', flexShrink: 0 });
