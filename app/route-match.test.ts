/**
 * The page of a request is React Router's decision (issue 21): the route config of app/routes.ts
 * is given to React Router's own static handler, the one the server runtime uses, and for every
 * page in every language, under every spelling React Router accepts (case, percent-encoding,
 * trailing slashes), the page that `pageOfRoute` reads from the pattern a middleware receives, the
 * page `pageOfMatches` reads from the matches a component gets, and the page `matchPage` finds for
 * the path, are the page of the route React Router matched.
 */
import { createStaticHandler, RouterContextProvider, type MiddlewareFunction, type RouteObject } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '~/i18n/config';
import { localizePath, pageOfMatches, pageOfRoute, type PageMatch } from '~/route-match';
import { matchPage } from '~/route-match.server';
import { PAGES, pagePath, routeIdOf, routePathOf, type PageKey } from '~/route-table';
import routeConfig from '~/routes';

interface ConfigRoute {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigRoute[];
}

/** What the root middleware was given for the last request. */
let seen: { pattern: string; params: Record<string, string | undefined> } | null = null;
const capture: MiddlewareFunction = ({ pattern, params }) => {
  seen = { pattern, params };
  return new Response(null, { status: 204 });
};

const toRouteObject = (route: ConfigRoute): RouteObject =>
  route.index ? { id: route.id ?? route.file, index: true } : { id: route.id ?? route.file, path: route.path, children: route.children?.map(toRouteObject) };

// With the server runtime's matcher: React Router's route-pattern trie (server.ts).
unstable_preloadRoutePattern();
const handler = createStaticHandler([{ id: 'root', path: '', middleware: [capture], children: (routeConfig as ConfigRoute[]).map(toRouteObject) }], {
  future: { unstable_routePatternMatching: true },
});

/** The route React Router matches for a path (its leaf id) and the pattern and params its middleware gets. */
async function routed(path: string) {
  const matches = handler.match(path) ?? [];
  const leaf = matches.at(-1);
  seen = null;
  await handler.query(new Request(`http://portal.invalid${path}`), {
    requestContext: new RouterContextProvider(),
    generateMiddlewareResponse: async () => new Response('the middleware answers first', { status: 500 }),
  });
  return { id: leaf?.route.id, pattern: seen!.pattern, params: seen!.params, matches: matches.map((m) => ({ id: m.route.id, params: m.params })) };
}

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;

/** Spellings React Router routes like the path itself (the path's parameters are digits). */
function variants(path: string): string[] {
  const [, lang = '', first, ...rest] = path.split('/');
  const withFirst = (segment: string) => `/${[lang, segment, ...rest].join('/')}`;
  const list = [
    path,
    path.toUpperCase(),
    `/${lang.toUpperCase()}${path.slice(lang.length + 1)}`,
    `/${lang.charAt(0)}${hex(lang.charAt(1)).toLowerCase()}${path.slice(lang.length + 1)}`,
    `${path}/`,
  ];
  if (first && /[a-z]$/.test(first)) {
    list.push(withFirst(first.charAt(0).toUpperCase() + first.slice(1)), withFirst(`${first.slice(0, -1)}${hex(first.slice(-1))}`));
  }
  return list;
}

const pages = LANGUAGES.flatMap((lang) =>
  (Object.keys(PAGES) as PageKey[]).flatMap((key) => {
    const pattern = routePathOf(key, lang);
    if (pattern === undefined) return [];
    const names = pattern
      .split('/')
      .filter((s) => s.startsWith(':'))
      .map((s) => s.slice(1));
    const params = Object.fromEntries(names.map((name, i) => [name, String(12 + i)]));
    return [{ key, lang, params, path: pagePath(key, lang, params) }];
  }),
);

describe('the page of a request is the route React Router matched', () => {
  it.each(pages)('$key in $lang under every spelling', async ({ key, lang, params, path }) => {
    const expected: PageMatch = { key, lang, params };
    for (const variant of variants(path)) {
      const route = await routed(variant);
      expect(route.id, variant).toBe(routeIdOf(key, lang));
      expect(pageOfRoute(route.pattern, route.params), variant).toEqual(expected);
      expect(pageOfMatches(route.matches), variant).toEqual(expected);
      expect(matchPage(variant), variant).toEqual(expected);
    }
  });

  it('reads a static segment before a parameter, as React Router ranks them', async () => {
    for (const path of ['/fi/viestit/uusi', '/fi/Viestit/UUSI', '/fi/viestit/uus%69']) {
      const route = await routed(path);
      expect(pageOfRoute(route.pattern, route.params)?.key, path).toBe('conversationNew');
      expect(matchPage(path)?.key, path).toBe('conversationNew');
    }
    expect(matchPage('/fi/viestit/12')).toEqual({ key: 'conversation', lang: 'fi', params: { threadId: '12' } });
  });

  it('gives parameters decoded, as React Router does', async () => {
    const route = await routed('/fi/ajanvaraukset/12%2C13');
    expect(pageOfRoute(route.pattern, route.params)).toEqual({ key: 'appointment', lang: 'fi', params: { ids: '12,13' } });
    expect(matchPage('/fi/ajanvaraukset/12%2C13')).toEqual({ key: 'appointment', lang: 'fi', params: { ids: '12,13' } });
  });

  it('finds no page for the other routes', async () => {
    for (const path of ['/', '/api/pin', '/API/PIN', '/healthz', '/fi/whatever', '/FI/Whatever', '/de/eula', '/en/ohjeita', '/oauth/callback']) {
      const route = await routed(path);
      expect(pageOfRoute(route.pattern, route.params), path).toBeNull();
      expect(pageOfMatches(route.matches), path).toBeNull();
      expect(matchPage(path), path).toBeNull();
    }
    expect((await routed('/API/Pin')).pattern.replace(/^\/+/, '')).toBe('api/pin');
  });

  it('reads the path of a client data request as React Router routes it', () => {
    expect(matchPage('/fi/eula.data')?.key).toBe('eula');
    expect(matchPage('/FI/Eula.data')?.key).toBe('eula');
    expect(matchPage('/fi/ajanvaraus/tyoterveys/_.data')?.key).toBe('occupationalSearch');
    expect(matchPage('/fi/_.data')?.key).toBe('front');
  });

  it('has one route per path, whatever the case, and no other route under a language', () => {
    const flatten = (routes: ConfigRoute[]): ConfigRoute[] => routes.flatMap((r) => [r, ...flatten(r.children ?? [])]);
    const all = flatten(routeConfig as ConfigRoute[]);
    const paths = all.filter((r) => r.path !== undefined).map((r) => r.path!.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    // The page routes and each language's not-found route are all that begin with a language, so
    // matchPage (those routes only) ranks paths as React Router does over the whole config.
    const underLanguage = all.filter((r) => LANGUAGES.some((lang) => r.path === lang || r.path?.startsWith(`${lang}/`)));
    const pageIds = new Set(pages.map((p) => routeIdOf(p.key, p.lang)));
    expect(underLanguage.filter((r) => !pageIds.has(r.id ?? '') && !r.id?.startsWith('notFound.'))).toEqual([]);
    expect(underLanguage).toHaveLength(pages.length + LANGUAGES.length);
  });
});

describe('localizePath', () => {
  it('localizes the current page with its query', () => {
    expect(localizePath(matchPage('/en/login'), '?nextPath=%2Fen', 'fi')).toBe('/fi/kirjaudu?nextPath=%2Fen');
    expect(localizePath(matchPage('/fi/katkennut-istunto'), '', 'en')).toBe('/en/expired-session');
    // A page that does not exist in the target language, or an unknown path, leads to its front page.
    expect(localizePath(matchPage('/fi/ohjeita'), '', 'sv')).toBe('/sv');
    expect(localizePath(matchPage('/fi/whatever'), '', 'en')).toBe('/en');
  });

  it('localizes any spelling React Router serves as the page', () => {
    expect(localizePath(matchPage('/FI/Viestit/12'), '', 'sv')).toBe('/sv/meddelanden/12');
    expect(localizePath(matchPage('/fi/viesti%74/'), '?a=1', 'en')).toBe('/en/conversations?a=1');
    // Two trailing slashes are no page to the route-pattern matcher, as to the server runtime.
    expect(matchPage('/fi/viestit//')).toBeNull();
  });
});
