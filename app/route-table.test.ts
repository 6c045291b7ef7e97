import { describe, expect, it } from 'vitest';
import { languageOfPath, localizePath, matchPage, pageExistsIn, pagePath } from './route-table';

describe('route table', () => {
  it('gives each page its path per language', () => {
    expect(pagePath('front', 'sv')).toBe('/sv');
    expect(pagePath('eula', 'en')).toBe('/en/eula');
    expect(pagePath('expiredSession', 'en')).toBe('/en/expired-session');
    expect(pagePath('expiredSession', 'fi')).toBe('/fi/katkennut-istunto');
    expect(pagePath('expiredSession', 'sv')).toBe('/sv/utgatt-session');
    expect(pagePath('login', 'fi', {}, new URLSearchParams({ nextPath: '/fi/eula' }))).toBe('/fi/kirjaudu?nextPath=%2Ffi%2Feula');
  });

  it('sends a page missing in a language to its own language (help is Finnish only)', () => {
    expect(pageExistsIn('help', 'en')).toBe(false);
    expect(pagePath('help', 'en')).toBe('/fi/ohjeita');
  });

  it('matches paths, including client data requests', () => {
    expect(matchPage('/sv/utgatt-session')).toEqual({ key: 'expiredSession', lang: 'sv', params: {} });
    expect(matchPage('/fi/eula.data')?.key).toBe('eula');
    expect(matchPage('/fi/')?.key).toBe('front');
    expect(matchPage('/de/eula')).toBeNull();
    expect(matchPage('/en/ohjeita')).toBeNull();
  });

  it('localizes the current page with its query', () => {
    expect(localizePath('/en/login', '?nextPath=%2Fen', 'fi')).toBe('/fi/kirjaudu?nextPath=%2Fen');
    expect(localizePath('/fi/katkennut-istunto', '', 'en')).toBe('/en/expired-session');
    // A page that does not exist in the target language, or an unknown path, leads to its front page.
    expect(localizePath('/fi/ohjeita', '', 'sv')).toBe('/sv');
    expect(localizePath('/fi/whatever', '', 'en')).toBe('/en');
  });

  it('reads the language of a path', () => {
    expect(languageOfPath('/sv/eula')).toBe('sv');
    expect(languageOfPath('/oauth/callback')).toBeNull();
  });
});
