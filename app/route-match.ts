/**
 * Which page a request or a path is for, decided by React Router and never by a second matcher
 * (issue 21, docs/decisions/0005). React Router matches case-insensitively, on the
 * percent-decoded path, with any number of trailing slashes, ranks static segments before
 * parameters, and serves `.data` requests for the same routes; a matcher of our own that differs
 * in any of these lets `/fi/Viestit` past a check that `/fi/viestit` gets.
 *
 * - `pageOfRoute`: the page of the route React Router matched, from the `pattern` and `params`
 *   it gives every middleware, loader and action. The root middleware decides page access with
 *   it.
 * - `matchPage`: for code that has only a path (the layout and the language picker read the
 *   browser's location; a return address in a query): React Router's own matcher (the static
 *   handler's, which the server runtime matches requests with, routes ranked once) over the
 *   table's routes, with the same ids and paths app/routes.ts gives it.
 *
 * Client-safe.
 */
import { createStaticHandler, type Params, type RouteObject } from 'react-router';
import { LANGUAGES, type Language } from '~/i18n/config';
import { PAGES, pageExistsIn, pagePath, routeIdOf, routePathOf, type PageKey } from '~/route-table';

export interface PageMatch {
  key: PageKey;
  lang: Language;
  params: Record<string, string>;
}

type Page = Pick<PageMatch, 'key' | 'lang'>;

/** React Router reports a pattern with or without a leading slash depending on nesting. */
const normalizePattern = (pattern: string) => pattern.replace(/^\/+/, '');

const byPattern = new Map<string, Page>();
const byId = new Map<string, Page>();
/** The page routes as app/routes.ts declares them, and each language's not-found route. */
const routes: RouteObject[] = [];
for (const lang of LANGUAGES) {
  for (const key of Object.keys(PAGES) as PageKey[]) {
    const path = routePathOf(key, lang);
    if (path === undefined) continue;
    const id = routeIdOf(key, lang);
    byPattern.set(normalizePattern(path), { key, lang });
    byId.set(id, { key, lang });
    routes.push({ id, path });
  }
  routes.push({ id: `notFound.${lang}`, path: `${lang}/*` });
}
// Ranks the routes once (`matchRoutes` would flatten and rank them again on every call).
const matcher = createStaticHandler(routes);

function definedParams(params: Params): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (value !== undefined && name !== '*') result[name] = value;
  return result;
}

/**
 * The page of the route React Router matched, from the `pattern` (`fi/viestit/:threadId`) and
 * `params` of a middleware's, loader's or action's arguments; null for any other route.
 */
export function pageOfRoute(pattern: string, params: Params): PageMatch | null {
  const page = byPattern.get(normalizePattern(pattern));
  return page ? { ...page, params: definedParams(params) } : null;
}

/** The path React Router routes a request by (its single-fetch `.data` suffix removed, as it does). */
function routedPath(pathname: string): string {
  return pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.replace(/\.data$/, '');
}

/** The page React Router routes a path to (e.g. the browser's location), or null. */
export function matchPage(pathname: string): PageMatch | null {
  const leaf = matcher.match(routedPath(pathname))?.at(-1);
  const page = leaf?.route.id === undefined ? undefined : byId.get(leaf.route.id);
  return leaf && page ? { ...page, params: definedParams(leaf.params) } : null;
}

/**
 * The same page in another language, with the same parameters and query. Pages that do not
 * exist in the target language lead to its front page.
 */
export function localizePath(pathname: string, search: string, target: Language): string {
  const match = matchPage(pathname);
  if (!match || !pageExistsIn(match.key, target)) return pagePath('front', target);
  return pagePath(match.key, target, match.params, search);
}
