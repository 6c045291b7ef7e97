/** Styles of the health-record pages. Brand-neutral: only theme vars. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import * as ui from './ui.css';

export const inlineList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.m });
export const personSwitch = style({ marginBottom: vars.space.m });
export const currentChoice = style({ fontWeight: 700, textDecoration: 'none', color: vars.color.text });
export const items = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.m });
export const item = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.m });
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.m}`,
  margin: 0,
});
export const term = style({ fontWeight: 600 });
export const definition = style({ margin: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.size.small });
export const badge = style([ui.tag, { background: vars.color.infoSurface, color: vars.color.text, fontSize: vars.font.size.small, fontWeight: 600 }]);
export const ready = style({ background: vars.color.successSurface });
export const outOfRange = style({ color: vars.color.danger, fontWeight: 700 });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const cell = style({ textAlign: 'left', padding: vars.space.xs, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const nested = style({ paddingLeft: vars.space.l });
