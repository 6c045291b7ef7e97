import { describe, expect, it } from 'vitest';
import { hydrates } from './hydration';

describe('which pages hydrate', () => {
  it('serves plain HTML unless the page asks for React', () => {
    expect(hydrates([{ handle: undefined }, { handle: { other: 1 } }])).toBe(false);
    expect(hydrates([])).toBe(false);
  });

  it('hydrates a page that asks for it', () => {
    expect(hydrates([{}, { handle: { hydrate: true } }])).toBe(true);
  });

  it('lets the page decide, not a layout above it', () => {
    expect(hydrates([{ handle: { hydrate: true } }, { handle: { hydrate: false } }])).toBe(false);
    expect(hydrates([{ handle: { hydrate: false } }, { handle: { hydrate: true } }])).toBe(true);
  });
});
