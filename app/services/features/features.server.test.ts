import { describe, expect, it } from 'vitest';
import { evaluateFeatures } from './features.server';

describe('evaluateFeatures', () => {
  it('starts from the environment list', () => {
    const f = evaluateFeatures(['mfa', 'price-details']);
    expect(f.mfa).toBe(true);
    expect(f['price-details']).toBe(true);
    expect(f.pikkutsatti).toBe(false);
  });

  it('lets a person override the environment both ways and ignores unknown flags', () => {
    const f = evaluateFeatures(
      ['mfa'],
      [
        { flag: 'mfa', enabled: false },
        { flag: 'pikkutsatti', enabled: true },
        { flag: 'no-such-flag', enabled: true },
      ],
    );
    expect(f.mfa).toBe(false);
    expect(f.pikkutsatti).toBe(true);
    expect(Object.keys(f)).not.toContain('no-such-flag');
  });
});
