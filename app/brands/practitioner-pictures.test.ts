import { describe, expect, it } from 'vitest';
import { children } from './children';
import { general } from './general';
import { avatarGroup, practitionerPicture } from './practitioner-pictures';

describe('practitioners’ pictures (spec 2 §9)', () => {
  it('groups practitioner ids by their first letter into six avatars', () => {
    // A–Z: "A" (65) is group 5, "B" group 0 … every sixth letter shares an avatar.
    expect(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map(avatarGroup)).toEqual([5, 0, 1, 2, 3, 4, 5, 0]);
    expect(avatarGroup('P0001')).toBe(avatarGroup('p9102'));
    expect(avatarGroup('P0001')).toBe(2);
    expect(new Set(Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', avatarGroup))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it('gives the children’s brand the avatar of the id on the clinic’s colour, whatever the profile picture', () => {
    expect(practitionerPicture(children, { id: 'P0001', profilePictureSrc: '/images/practitioners/portrait-1.svg' }, 'KA')).toEqual({
      kind: 'avatar',
      src: '/images/avatars/3.svg',
      clinicCode: 'KA',
    });
    expect(children.practitionerPictures.kind === 'avatar' && children.practitionerPictures.clinicColors.KA).toBe('#f4c7d9');
    // A clinic without a colour of its own (or an unknown code) gets the brand's other colour.
    expect(practitionerPicture(children, { id: 'B1', profilePictureSrc: null }, 'ZZ')).toEqual({
      kind: 'avatar',
      src: '/images/avatars/1.svg',
      clinicCode: null,
    });
    expect(practitionerPicture(children, { id: 'B1', profilePictureSrc: null }, 'toString')).toMatchObject({ clinicCode: null });
  });

  it('gives the general brand the profile picture, or nothing', () => {
    expect(practitionerPicture(general, { id: 'P0001', profilePictureSrc: '/images/practitioners/portrait-1.svg' }, 'KA')).toEqual({
      kind: 'profilePicture',
      src: '/images/practitioners/portrait-1.svg',
    });
    expect(practitionerPicture(general, { id: 'P0002', profilePictureSrc: null }, 'KA')).toBeNull();
  });
});
