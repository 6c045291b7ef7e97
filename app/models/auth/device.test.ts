import { describe, expect, it } from 'vitest';
import { isDeviceKind, parseUserAgent } from './device';

/** Real User-Agent headers of current browsers (as sent in 2025–2026). */
const CASES: Array<[string, string, { browser: string | null; os: string | null; kind: string | null }]> = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', os: 'Windows', kind: 'desktop' },
  ],
  [
    'Edge on Windows (also claims Chrome and Safari)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    { browser: 'Edge', os: 'Windows', kind: 'desktop' },
  ],
  ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', { browser: 'Firefox', os: 'Linux', kind: 'desktop' }],
  [
    'Safari on a Mac',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15',
    { browser: 'Safari', os: 'macOS', kind: 'desktop' },
  ],
  [
    'Safari on an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1',
    { browser: 'Safari', os: 'iOS', kind: 'mobile' },
  ],
  [
    'Chrome on an iPhone (CriOS)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    { browser: 'Chrome', os: 'iOS', kind: 'mobile' },
  ],
  [
    'Firefox on an iPad (FxiOS)',
    'Mozilla/5.0 (iPad; CPU OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
    { browser: 'Firefox', os: 'iPadOS', kind: 'tablet' },
  ],
  [
    'Chrome on an Android phone',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    { browser: 'Chrome', os: 'Android', kind: 'mobile' },
  ],
  [
    'Chrome on an Android tablet (no "Mobile")',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', os: 'Android', kind: 'tablet' },
  ],
  [
    'Samsung Internet on Android',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
    { browser: 'Samsung Internet', os: 'Android', kind: 'mobile' },
  ],
  [
    'Opera on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
    { browser: 'Opera', os: 'Windows', kind: 'desktop' },
  ],
  [
    'Chrome on a Chromebook',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', os: 'ChromeOS', kind: 'desktop' },
  ],
  [
    'Playwright’s headless Chromium',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    { browser: 'Chrome', os: 'Windows', kind: 'desktop' },
  ],
  ['a script', 'curl/8.5.0', { browser: null, os: null, kind: null }],
  ['an empty header', '', { browser: null, os: null, kind: null }],
];

describe('parseUserAgent', () => {
  for (const [name, header, expected] of CASES) {
    it(`recognises ${name}`, () => {
      expect(parseUserAgent(header)).toEqual(expected);
    });
  }

  it('knows nothing without a header', () => {
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null, kind: null });
    expect(parseUserAgent(undefined)).toEqual({ browser: null, os: null, kind: null });
  });

  it('keeps only its own labels, never text of the header', () => {
    const hostile = `Mozilla/5.0 (Windows NT 10.0) <script>alert(1)</script> Firefox/1 ${'x'.repeat(5000)}`;
    const label = parseUserAgent(hostile);
    expect(label).toEqual({ browser: 'Firefox', os: 'Windows', kind: 'desktop' });
  });
});

describe('isDeviceKind', () => {
  it('accepts the three kinds only', () => {
    expect(['desktop', 'mobile', 'tablet'].every(isDeviceKind)).toBe(true);
    expect(isDeviceKind('phone')).toBe(false);
    expect(isDeviceKind(null)).toBe(false);
  });
});
