/** Shared component styles. Brand-neutral: only theme vars. */
import { style, styleVariants } from '@vanilla-extract/css';
import { mediaQuery } from './breakpoints';
import { vars } from './theme.css';

export const skipLink = style({
  position: 'absolute',
  left: '-999px',
  top: 0,
  background: vars.color.surface,
  padding: vars.space.s,
  zIndex: 10,
  selectors: { '&:focus': { left: vars.space.s } },
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
});

export const body = style({
  flex: 1,
  display: 'flex',
  width: '100%',
  maxWidth: '72rem',
  margin: '0 auto',
  gap: vars.space.l,
  padding: vars.space.m,
  '@media': { [mediaQuery.smallOnly]: { flexDirection: 'column', padding: vars.space.s } },
});

export const main = style({ flex: 1, minWidth: 0 });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  padding: vars.space.l,
  marginBottom: vars.space.m,
});

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.s,
  minHeight: '2.75rem',
  padding: `${vars.space.s} ${vars.space.l}`,
  borderRadius: vars.radius.small,
  border: '2px solid transparent',
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' } },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.brand, color: vars.color.onBrand }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.brand, borderColor: vars.color.brand }],
  link: [buttonBase, { background: 'none', color: vars.color.link, padding: 0, minHeight: 0, textDecoration: 'underline' }],
});

export const buttonRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, marginTop: vars.space.m });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginBottom: vars.space.m });
export const label = style({ fontWeight: 600 });
export const input = style({
  font: 'inherit',
  padding: vars.space.s,
  minHeight: '2.75rem',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  // An invalid field's border doubles as an inset shadow, not a wider border: marking or
  // unmarking it (the page script on leaving a field) never changes its size or moves what follows.
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, boxShadow: `inset 0 0 0 1px ${vars.color.danger}` } },
});
export const fieldError = style({ color: vars.color.danger, fontWeight: 600 });
export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.size.small });

export const alert = styleVariants({
  info: { background: vars.color.infoSurface, borderLeft: `4px solid ${vars.color.info}` },
  success: { background: vars.color.successSurface, borderLeft: `4px solid ${vars.color.success}` },
  error: { background: vars.color.dangerSurface, borderLeft: `4px solid ${vars.color.danger}` },
});
export const alertBox = style({ padding: vars.space.m, borderRadius: vars.radius.small, marginBottom: vars.space.m });

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const providerGrid = style([list, { display: 'grid', gap: vars.space.s, gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))' }]);
/** A small label inside a line of text (the occupational tag, a result's state, "unread"); each adds its colours. */
export const tag = style({ display: 'inline-block', padding: `0 ${vars.space.s}`, borderRadius: vars.radius.small });
export const fullWidth = style({ width: '100%' });
export const preWrap = style({ whiteSpace: 'pre-wrap', fontFamily: 'inherit' });

/** The one pager's row (components/Pager.tsx). */
export const pager = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.m, alignItems: 'center', marginTop: vars.space.m });

// The field kit's groups (app/components/forms.tsx): a checkbox beside its label, and a row of choices in a framed group.
export const checkboxRow = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  alignItems: 'start',
  gap: vars.space.s,
  marginBottom: vars.space.m,
});

export const checkbox = style({ width: '1.5rem', height: '1.5rem', margin: '0.1rem 0 0', accentColor: vars.color.brand });

export const checkboxError = style({ gridColumn: '2' });

export const choiceFieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  padding: vars.space.m,
  marginBottom: vars.space.m,
});

export const choiceRow = style({ display: 'flex', gap: vars.space.m, flexWrap: 'wrap' });
