/** "Who has handled my data": the period form and the table of records. Brand-neutral. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const filter = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: `0 ${vars.space.m}`, border: 0, padding: 0, margin: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.s });
export const tableWrap = style({ overflowX: 'auto' });
export const table = style({ borderCollapse: 'collapse', width: '100%' });
export const caption = style({ textAlign: 'left', fontWeight: 600, paddingBottom: vars.space.s });
export const cell = style({ textAlign: 'left', padding: vars.space.s, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const when = style([cell, { whiteSpace: 'nowrap' }]);
