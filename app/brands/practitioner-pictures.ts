/**
 * Which picture a page shows beside a practitioner's name, by the brand's rule (spec 2 §9,
 * ADR 0049): on the general brand the practitioner's profile picture when there is one; on the
 * children's brand one of its six avatars, chosen by the first letter of the practitioner's id,
 * on the colour of the clinic (by the clinic's code). Client-safe and pure.
 */
import type { Brand } from './types';

export type PractitionerPicture =
  | { kind: 'profilePicture'; src: string }
  /** `clinicCode`: the clinic whose colour is behind the avatar; null for the brand's other colour. */
  | { kind: 'avatar'; src: string; clinicCode: string | null };

/** The avatar group (0–5) of a practitioner id: its first letter's code, in six groups. */
export function avatarGroup(practitionerId: string): number {
  const first = practitionerId.trim().toUpperCase().codePointAt(0) ?? 0;
  return first % 6;
}

export function practitionerPicture(
  brand: Pick<Brand, 'practitionerPictures'>,
  practitioner: { id: string; profilePictureSrc: string | null },
  clinicCode: string | null,
): PractitionerPicture | null {
  const rule = brand.practitionerPictures;
  if (rule.kind === 'profilePicture') return practitioner.profilePictureSrc ? { kind: 'profilePicture', src: practitioner.profilePictureSrc } : null;
  return {
    kind: 'avatar',
    src: rule.avatars[avatarGroup(practitioner.id)]!,
    clinicCode: clinicCode !== null && Object.hasOwn(rule.clinicColors, clinicCode) ? clinicCode : null,
  };
}
