import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';
import * as ui from './ui.css';

export const threadList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.s });
export const threadItem = style({
  display: 'block',
  padding: vars.space.m,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
});
export const threadItemUnread = style({ borderLeft: `4px solid ${vars.color.brand}`, background: vars.color.infoSurface });
export const threadTitle = style({ fontWeight: 600, color: vars.color.link, textDecoration: 'underline' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.size.small });
export const unreadTag = style([
  ui.tag,
  { marginLeft: vars.space.s, background: vars.color.brand, color: vars.color.onBrand, fontSize: vars.font.size.small, fontWeight: 600 },
]);
export const dayHeading = style({ fontSize: vars.font.size.h3, margin: `${vars.space.l} 0 ${vars.space.s}` });
export const message = styleVariants({
  self: { background: vars.color.infoSurface, marginLeft: '10%' },
  other: { background: vars.color.surface, marginRight: '10%' },
});
export const messageBox = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  padding: vars.space.m,
  marginBottom: vars.space.s,
});
export const deleted = style({ fontStyle: 'italic', color: vars.color.textMuted });
export const notice = style({
  borderLeft: `4px solid ${vars.color.info}`,
  background: vars.color.infoSurface,
  padding: vars.space.s,
  marginBottom: vars.space.s,
});
export const timelineList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const cell = style({ textAlign: 'left', padding: vars.space.s, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const tabs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, listStyle: 'none', padding: 0, margin: `0 0 ${vars.space.m}` });
export const absentLabel = style({ color: vars.color.textMuted, fontStyle: 'italic' });
export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, borderLeft: `2px solid ${vars.color.border}` });
export const timelineItem = style({ paddingLeft: vars.space.m, marginBottom: vars.space.m });
export const block = style({ display: 'block' });
/** Questionnaire invitations carried by a message (ADR 0042). */
export const invitationList = style({ listStyle: 'none', padding: 0, margin: `${vars.space.s} 0 0` });
export const invitation = style({
  borderLeft: `4px solid ${vars.color.info}`,
  background: vars.color.infoSurface,
  padding: vars.space.s,
  marginBottom: vars.space.s,
});
