import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { WebkitTextSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.font.size.body,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
});
globalStyle('h1', { fontSize: vars.font.size.h1, lineHeight: 1.25, margin: `0 0 ${vars.space.m}` });
globalStyle('h2', { fontSize: vars.font.size.h2, lineHeight: 1.3, margin: `${vars.space.l} 0 ${vars.space.s}` });
globalStyle('h3', { fontSize: vars.font.size.h3, margin: `${vars.space.m} 0 ${vars.space.s}` });
globalStyle('a', { color: vars.color.link });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('img, svg', { maxWidth: '100%' });
globalStyle('dialog', {
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  padding: vars.space.l,
  maxWidth: 'min(28rem, 92vw)',
});
globalStyle('dialog::backdrop', { background: 'rgba(0, 0, 0, 0.45)' });
