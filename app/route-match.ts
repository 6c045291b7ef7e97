/**
 * Which page a request or a path is for, decided by React Router and never by a second matcher
 * (issue 21, docs/decisions/0028). React Router matches case-insensitively, on the
 * percent-decoded path, with any number of trailing slashes, ranks static segments before
 * parameters, and serves `.data` requests for the same routes; a matcher of our own that differs
 * in any of these lets `/fi/Viestit` past a check that `/fi/viestit` gets.
 *
 * - `pageOfRoute`: the page of the route React Router matched, from the `pattern` and `params`
 *   it gives every middleware, loader and action. The root middleware decides page access with
 *   it.
 * - `pageOfMatches`: the page of the routes React Router matched for what is rendered, from
 *   `useMatches()` (route ids are `<key>.<lang>`, app/routes.ts): the layout, the header and the
 *   language picker.
 * - `matchPage` (route-match.server.ts): for server code that has only a path (a return address
 *   in a query): React Router's own matcher over `pageRoutes`.
 *
 * Client-safe and light: React Router's static handler, which `matchPage` needs, stays out of
 * the browser's bundle.
 */
import type { Params, RouteObject } from 'react-router';
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
export const pageRoutes: RouteObject[] = [];
for (const lang of LANGUAGES) {
  for (const key of Object.keys(PAGES) as PageKey[]) {
    const path = routePathOf(key, lang);
    if (path === undefined) continue;
    const id = routeIdOf(key, lang);
    byPattern.set(normalizePattern(path), { key, lang });
    byId.set(id, { key, lang });
    pageRoutes.push({ id, path });
  }
  pageRoutes.push({ id: `notFound.${lang}`, path: `${lang}/*` });
}

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

/**
 * The page of the deepest matched route that is a page's (by its id, with the params React
 * Router decoded): `useMatches()` in a component, the static handler's matches on the server.
 * Null when no page matched (not found, resource routes).
 */
export function pageOfMatches(matches: readonly { id: string; params: Params }[]): PageMatch | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const page = byId.get(match.id);
    if (page) return { ...page, params: definedParams(match.params) };
  }
  return null;
}

/**
 * The same page in another language, with the same parameters and query. Pages that do not
 * exist in the target language (and no page) lead to its front page.
 */
export function localizePath(match: PageMatch | null, search: string, target: Language): string {
  if (!match || !pageExistsIn(match.key, target)) return pagePath('front', target);
  return pagePath(match.key, target, match.params, search);
}
