/**
 * A practitioner's picture beside their name (components/PractitionerPicture, ADR 0049): a round
 * profile picture, or the children's brand's avatar on its clinic's colour (one class per clinic
 * code of the brand's facts, app/brands/children.ts: no inline styles under the CSP).
 */
import { style, styleVariants } from '@vanilla-extract/css';
import { children } from '~/brands/children';
import { vars } from './theme.css';

const avatarRule = children.practitionerPictures.kind === 'avatar' ? children.practitionerPictures : null;

export const picture = style({
  width: '3rem',
  height: '3rem',
  flex: '0 0 auto',
  borderRadius: '50%',
  objectFit: 'cover',
  border: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

export const clinicColor = styleVariants(avatarRule?.clinicColors ?? {}, (color) => ({ backgroundColor: color }));
export const otherClinicColor = style({ backgroundColor: avatarRule?.otherClinicColor ?? 'transparent' });

/** The picture and the name side by side. */
export const withPicture = style({ display: 'flex', alignItems: 'center', gap: vars.space.s });
