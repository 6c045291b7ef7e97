/**
 * Plain HTML by default, hydration by exception (ADR 0009): every page's route module says in
 * `handle = { hydrate }` whether React takes over its page in the browser. `false` (the rule):
 * the root layout leaves out `<Scripts/>` (the entry module, the route modules and their
 * modulepreload links) and `<ScrollRestoration/>`, and marks the document `data-static`; the
 * page works as plain HTML and gets the small page script (components/shell/page-script.server.ts:
 * session timer, in-app link bridge, flash expiry, pending buttons, auto-submit, polling).
 * `true`: the page needs React for an interaction (ADR 0009 lists each with its reason) and
 * stays within the JavaScript budget. The page route decides; a layout route may not.
 */
export interface RouteHandle {
  hydrate: boolean;
}

/** Whether the matched routes' page wants React in the browser: the deepest route that says. */
export function hydrates(matches: readonly { handle?: unknown }[]): boolean {
  for (let i = matches.length - 1; i >= 0; i--) {
    const hydrate = (matches[i]!.handle as Partial<RouteHandle> | undefined)?.hydrate;
    if (hydrate !== undefined) return hydrate;
  }
  return false;
}
