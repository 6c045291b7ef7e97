import { describe, expect, it } from 'vitest';
import { hydrates } from './hydration';

describe('which pages hydrate', () => {
  it('hydrates by default', () => {
    expect(hydrates([{ handle: undefined }, { handle: { other: 1 } }], false)).toBe(true);
  });

  it('never hydrates a page that opts out, whoever asks', () => {
    expect(hydrates([{}, { handle: { hydrate: false } }], false)).toBe(false);
    expect(hydrates([{}, { handle: { hydrate: false } }], true)).toBe(false);
  });

  it('hydrates a logged-in-only page for a logged-in visitor only', () => {
    expect(hydrates([{}, { handle: { hydrate: 'logged-in' } }], true)).toBe(true);
    expect(hydrates([{}, { handle: { hydrate: 'logged-in' } }], false)).toBe(false);
  });
});
