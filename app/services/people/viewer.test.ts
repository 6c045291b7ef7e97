import { describe, expect, it } from 'vitest';
import { actsFor, viewerOf } from './viewer.server';

const now = new Date('2026-06-15T09:00:00Z');
const viewer = viewerOf(
  {
    person: { id: 'guardian' },
    wards: [
      { id: 'eleven', birthDate: '2014-06-16' },
      { id: 'twelve', birthDate: '2014-06-15' },
      { id: 'seventeen', birthDate: '2008-06-16' },
      { id: 'eighteen', birthDate: '2008-06-15' },
    ],
  },
  now,
);

describe('actsFor', () => {
  it('lets the viewer act for themself', () => {
    expect(actsFor(viewer, 'guardian', 'young')).toBe(true);
    expect(actsFor(viewer, 'guardian', 'minor')).toBe(true);
  });

  it('lets a guardian act for a ward under 12 on young-ward data, and for any ward under 18 on minor data', () => {
    expect([actsFor(viewer, 'eleven', 'young'), actsFor(viewer, 'twelve', 'young'), actsFor(viewer, 'seventeen', 'young')]).toEqual([true, false, false]);
    expect([actsFor(viewer, 'eleven', 'minor'), actsFor(viewer, 'twelve', 'minor'), actsFor(viewer, 'seventeen', 'minor')]).toEqual([true, true, true]);
  });

  it('never lets anyone act for an adult ward or a stranger', () => {
    for (const wards of ['young', 'minor'] as const) {
      expect(actsFor(viewer, 'eighteen', wards)).toBe(false);
      expect(actsFor(viewer, 'stranger', wards)).toBe(false);
    }
  });
});
