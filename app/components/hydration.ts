/**
 * Pages that ship no JavaScript (Remix's "Disabling JavaScript" pattern): a route module
 * exports `handle = { hydrate: false }` (never) or `{ hydrate: 'logged-in' }` (only for a
 * logged-in visitor, whose pages need the session timer, or inside the mobile app, whose link
 * bridge is a script) and the root layout leaves out
 * `<Scripts/>` (the entry module, the route modules and their modulepreload links) and
 * `<ScrollRestoration/>`. Such a page must work as plain HTML; it may add a small nonce'd inline
 * script of its own. The document is marked `data-static` so tests know not to wait for
 * hydration. See docs/decisions/0009-javascript-budget-and-static-pages.md.
 */
export interface RouteHandle {
  hydrate?: boolean | 'logged-in';
}

/** Whether the matched routes want React in the browser (every route does unless it opts out). */
export function hydrates(matches: readonly { handle?: unknown }[], loggedIn: boolean): boolean {
  return matches.every((match) => {
    const hydrate = (match.handle as RouteHandle | undefined)?.hydrate ?? true;
    return hydrate === 'logged-in' ? loggedIn : hydrate;
  });
}
