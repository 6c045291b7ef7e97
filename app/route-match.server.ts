/**
 * `matchPage`: the page React Router routes a path to, for server code that has only a path (a
 * return address in a query). React Router's own matcher (the static handler's, which the
 * server runtime matches requests with) over the table's routes (route-match.ts `pageRoutes`),
 * with the same future flag (the route-pattern trie), built once: `matchRoutes` would flatten and rank them again on every call (~480 µs against
 * ~6 µs). Server-only, so the static handler stays out of the browser's bundle.
 */
import { createStaticHandler } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { pageOfMatches, pageRoutes, type PageMatch } from '~/route-match';

// The same matcher as the server runtime's (server.ts, `withTrieRouteMatching`).
unstable_preloadRoutePattern();
const matcher = createStaticHandler(pageRoutes, { future: { unstable_routePatternMatching: true } });

/** The path React Router routes a request by (its single-fetch `.data` suffix removed, as it does). */
function routedPath(pathname: string): string {
  return pathname.endsWith('/_.data') ? pathname.slice(0, -'_.data'.length) : pathname.replace(/\.data$/, '');
}

/** The page React Router routes a path to, or null. */
export function matchPage(pathname: string): PageMatch | null {
  const matches = matcher.match(routedPath(pathname));
  return matches ? pageOfMatches(matches.map((m) => ({ id: m.route.id, params: m.params }))) : null;
}
