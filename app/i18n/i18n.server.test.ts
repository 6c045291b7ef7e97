import { describe, expect, it } from 'vitest';
import { detectLanguage, languageCookie, languageOfAcceptHeader } from './i18n.server';

const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });

describe('languageOfAcceptHeader', () => {
  it.each([
    ['sv-FI,sv;q=0.9,en;q=0.8', 'sv'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9,en;q=0.5,fi;q=0.7', 'fi'],
    ['en;q=0.2, sv;q=0.8', 'sv'],
    ['FI', 'fi'],
    ['fi;q=0, sv;q=0.1', 'sv'],
    ['*', undefined],
    ['de, fr', undefined],
    ['', undefined],
  ])('%j → %s', (header, expected) => {
    expect(languageOfAcceptHeader(header)).toBe(expected);
  });

  it('keeps the order of equal qualities', () => {
    expect(languageOfAcceptHeader('en, sv')).toBe('en');
    expect(languageOfAcceptHeader('sv, en')).toBe('sv');
  });
});

describe('detectLanguage', () => {
  it('takes the path first, then ui_locales, the cookie, Accept-Language and Finnish', async () => {
    const cookie = { Cookie: await languageCookie.serialize('en') };
    expect(await detectLanguage(request('/sv/ajanvaraus?ui_locales=en', { ...cookie, 'Accept-Language': 'fi' }))).toBe('sv');
    expect(await detectLanguage(request('/auth/test-idp?ui_locales=en', { 'Accept-Language': 'sv' }))).toBe('en');
    expect(await detectLanguage(request('/auth/test-idp?ui_locales=de', { ...cookie, 'Accept-Language': 'sv' }))).toBe('en');
    expect(await detectLanguage(request('/', { 'Accept-Language': 'sv-FI,en;q=0.5' }))).toBe('sv');
    expect(await detectLanguage(request('/', { 'Accept-Language': 'de' }))).toBe('fi');
    expect(await detectLanguage(request('/'))).toBe('fi');
  });

  it('ignores a cookie it cannot read', async () => {
    expect(await detectLanguage(request('/', { Cookie: 'portal_lang=sv', 'Accept-Language': 'en' }))).toBe('en');
  });
});
