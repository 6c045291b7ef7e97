/** A test that makes the code log a console error fails (Epic Stack's convention). */
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length) {
    const first = errors[0];
    errors.length = 0;
    throw new Error(`console.error was called: ${first?.map(String).join(' ')}`);
  }
  vi.restoreAllMocks();
});
