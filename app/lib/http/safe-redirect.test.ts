import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/fi/eula', '/fi/eula'],
    ['/en/appointments/1,2?tab=a#x', '/en/appointments/1,2?tab=a#x'],
  ])('keeps our own relative path %s', (input, expected) => {
    expect(safeRedirectPath(input, '/fi')).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'fi/eula',
    '',
    '/fi\n/eula',
    '/%5C%5Cevil.example',
    null,
    undefined,
    42,
  ])('falls back for %s', (input) => {
    const result = safeRedirectPath(input, '/fi');
    // Encoded backslashes stay encoded in the path, which is harmless; everything else falls back.
    if (input === '/%5C%5Cevil.example') expect(result).toBe('/%5C%5Cevil.example');
    else expect(result).toBe('/fi');
  });
});
