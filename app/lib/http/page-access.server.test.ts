import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { portalContext } from '~/context';
import { FEATURE_FLAGS, type FeatureFlag, type Features } from '~/models/features';
import { PAGES, type PageDefinition, type PageKey } from '~/route-table';
import { enforcePageAccess, requirePage, type PageVisitor } from './page-access.server';

const flags = (...on: FeatureFlag[]) => Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, on.includes(flag)])) as Features;
const URL_OF_REQUEST = new URL('http://portal.test/FI/Viestit/uusi?a=1');

/** What a refusal answers: a status, and where a redirect goes. */
function answer(refuse: () => void): { status: number; location?: string | null } | null {
  try {
    refuse();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location') };
    const init = (thrown as { init?: ResponseInit }).init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

const visitor = (over: Partial<PageVisitor>): PageVisitor => ({ brand: 'general', language: 'fi', features: null, expired: false, ...over });

describe('page access', () => {
  it('sends an anonymous visitor to log in and back to the very address', () => {
    expect(answer(() => enforcePageAccess('conversationNew', visitor({ language: 'sv' }), URL_OF_REQUEST))).toEqual({
      status: 302,
      location: `/sv/logga-in?nextPath=${encodeURIComponent('/FI/Viestit/uusi?a=1')}`,
    });
  });

  it("sends an anonymous visitor of the occupational list to its landing page, with the list's query (spec 3 §2)", () => {
    const url = new URL('http://portal.test/fi/ajanvaraus/tyoterveys?practitionerIds=P0001&includeRemote=true');
    expect(answer(() => enforcePageAccess('occupationalSearch', visitor({}), url))).toEqual({
      status: 302,
      location: '/fi/ajanvaraus/tyoterveys/tunnistaudu?practitionerIds=P0001&includeRemote=true',
    });
    expect(
      answer(() => enforcePageAccess('occupationalSearch', visitor({ language: 'en' }), new URL('http://portal.test/en/booking/occupational-health'))),
    ).toEqual({
      status: 302,
      location: '/en/booking/occupational-health/sign-in',
    });
    // Every landing named in the table is a page of it.
    for (const def of Object.values(PAGES) as PageDefinition[]) if (def.anonymousLanding) expect(Object.keys(PAGES)).toContain(def.anonymousLanding);
  });

  it('sends a visitor whose session lapsed to the timed-out page instead', () => {
    expect(answer(() => enforcePageAccess('appointmentList', visitor({ expired: true }), URL_OF_REQUEST))).toEqual({
      status: 302,
      location: `/fi/katkennut-istunto?next=${encodeURIComponent('/FI/Viestit/uusi?a=1')}`,
    });
  });

  it('answers 404 for a flag that is off and a page the brand lacks, and lets the rest through', () => {
    expect(answer(() => enforcePageAccess('conversationNew', visitor({ features: flags() }), URL_OF_REQUEST))).toEqual({ status: 404 });
    expect(
      answer(() => enforcePageAccess('conversationNew', visitor({ brand: 'children', features: flags('customer-messaging-allowed') }), URL_OF_REQUEST)),
    ).toEqual({ status: 404 });
    expect(answer(() => enforcePageAccess('conversationNew', visitor({ features: flags('customer-messaging-allowed') }), URL_OF_REQUEST))).toBeNull();
    expect(answer(() => enforcePageAccess('front', visitor({}), URL_OF_REQUEST))).toBeNull();
  });

  it('guards a loader with the configured brand and the context, whatever the middleware matched', () => {
    const context = new RouterContextProvider();
    context.set(portalContext, { lang: 'en', brand: 'general', page: null, csrfToken: 't', inApp: false });
    // The unit tests run the general brand; the children's chat is the children's brand's only.
    expect(answer(() => requirePage({ context, url: URL_OF_REQUEST }, 'childrensChat'))).toEqual({ status: 404 });
    expect(answer(() => requirePage({ context, url: URL_OF_REQUEST }, 'sicknessFund'))?.location).toMatch(/^\/en\/login\?nextPath=/);
    expect(answer(() => requirePage({ context, url: URL_OF_REQUEST }, 'eula'))).toBeNull();
  });

  it('is checked again by every loader and action of a flagged or brand-only page', () => {
    const guarded = (Object.keys(PAGES) as PageKey[]).filter((key) => {
      const def = PAGES[key] as PageDefinition;
      return def.feature !== undefined || def.brands !== undefined;
    });
    expect(guarded.length).toBeGreaterThan(0);
    for (const key of guarded) {
      const source = readFileSync(path.join('app', (PAGES[key] as PageDefinition).file), 'utf8');
      const handlers = source.split(/^export async function (?:loader|action)\b/m).slice(1);
      expect(handlers.length, key).toBeGreaterThan(0);
      // Each loader's and action's own body (up to the next top-level declaration) calls the guard.
      for (const body of handlers) expect(body.split(/\n\S/)[0], `${key}: ${(PAGES[key] as PageDefinition).file}`).toMatch(/\brequirePage\(/);
    }
  });
});
