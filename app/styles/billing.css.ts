/** Invoices list, summary and pay page: cards with a fact list, a row table, payment methods. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.m}`,
  margin: `${vars.space.s} 0`,
});

export const factTerm = style({ fontWeight: 600 });
export const factValue = style({ margin: 0 });

export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.m, margin: `${vars.space.s} 0` });

export const pagination = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, listStyle: 'none', padding: 0 });

export const pageLink = style({
  display: 'inline-block',
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  lineHeight: '2.75rem',
  textAlign: 'center',
  selectors: { '&[aria-current="page"]': { fontWeight: 700, textDecoration: 'none' } },
});

export const tableWrap = style({ overflowX: 'auto' });
export const table = style({ borderCollapse: 'collapse', width: '100%' });
export const cell = style({ textAlign: 'left', padding: vars.space.s, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const number = style([cell, { textAlign: 'right', whiteSpace: 'nowrap' }]);

export const method = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  minHeight: '4.5rem',
});
export const methodLogo = style({ width: '120px', height: '40px' });
