/**
 * Pages that ship no JavaScript (Remix's "Disabling JavaScript" pattern): a route module
 * exports `handle = { hydrate: false }` and the root layout leaves out `<Scripts/>` (the entry
 * module, the route modules and their modulepreload links) and `<ScrollRestoration/>`. Such a
 * page must work as plain HTML; it may add a small nonce'd inline script of its own. The
 * document is marked `data-static` so tests know not to wait for hydration.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

/** Whether the matched routes want React in the browser (every route does unless it opts out). */
export function hydrates(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}
