import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type FeatureFlag, type Features } from '~/models/features';
import { languageOfPath, pageExistsIn, pagePath, pageRefusal, PAGES, routePathOf, type PageDefinition } from './route-table';

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

  it("gives React Router's path of each page's route", () => {
    expect(routePathOf('front', 'fi')).toBe('fi');
    expect(routePathOf('conversation', 'sv')).toBe('sv/meddelanden/:threadId');
    expect(routePathOf('help', 'en')).toBeUndefined();
  });

  it('reads the language of a path as React Router reads the path', () => {
    expect(languageOfPath('/sv/eula')).toBe('sv');
    expect(languageOfPath('/SV/eula')).toBe('sv');
    expect(languageOfPath('/S%56/eula')).toBe('sv');
    expect(languageOfPath('/f%69')).toBe('fi');
    expect(languageOfPath('/oauth/callback')).toBeNull();
    expect(languageOfPath('/%E0%A4%A/eula')).toBeNull();
  });

  it('lets only an identified person change or cancel an appointment: every page of those modules is a user page (spec 2, issue 39)', () => {
    const pages = Object.entries(PAGES as Record<string, PageDefinition>).filter(([, page]) =>
      ['routes/appointments/move.tsx', 'routes/appointments/cancel.tsx'].includes(page.file),
    );
    expect(pages.map(([key]) => key).sort()).toEqual(['appointmentCancel', 'appointmentMove']);
    for (const [key, page] of pages) expect(page.access, key).toBe('user');
  });

  describe('page access rule', () => {
    const flags = (...on: FeatureFlag[]) => Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, on.includes(flag)])) as Features;
    const none = flags();
    const messaging = flags('customer-messaging-allowed');
    it('refuses a page the brand lacks before anything else', () => {
      expect(pageRefusal('conversations', 'children', null)).toBe('notFound');
      expect(pageRefusal('conversations', 'children', messaging)).toBe('notFound');
      expect(pageRefusal('childrensChat', 'general', null)).toBe('notFound');
    });
    it('sends an anonymous visitor of a user page to log in, flag or not', () => {
      expect(pageRefusal('appointmentList', 'general', null)).toBe('login');
      expect(pageRefusal('conversations', 'general', null)).toBe('login');
    });
    it('refuses a flagged page unless the flag is on', () => {
      expect(pageRefusal('conversations', 'general', none)).toBe('notFound');
      expect(pageRefusal('conversationNew', 'general', messaging)).toBeNull();
      expect(pageRefusal('sicknessFund', 'general', messaging)).toBe('notFound');
    });
    it('lets anyone have a public page', () => {
      expect(pageRefusal('front', 'children', null)).toBeNull();
      expect(pageRefusal('appointmentList', 'children', none)).toBeNull();
    });
  });
});
