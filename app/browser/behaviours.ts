/**
 * GOV.UK Frontend's model (ADR 0009): a behaviour is a function started once per element that
 * matches its selector. `startBehaviours` starts them in a subtree; `watch` starts them on markup
 * added later (a poll's new render), so inserted markup needs no script of its own.
 */
type Init = (el: HTMLElement) => void;

const registry: [string, Init][] = [];
const started = new WeakMap<Element, Set<string>>();

export function behaviour(selector: string, init: Init): void {
  registry.push([selector, init]);
}

export function startBehaviours(root: ParentNode): void {
  for (const [selector, init] of registry) {
    const found = Array.from(root.querySelectorAll<HTMLElement>(selector));
    if (root instanceof HTMLElement && root.matches(selector)) found.unshift(root);
    for (const el of found) {
      const done = started.get(el) || new Set<string>();
      if (done.has(selector)) continue;
      done.add(selector);
      started.set(el, done);
      init(el);
    }
  }
}

/** Starts behaviours in markup added to the document from now on. */
export function watch(doc: Document): void {
  new MutationObserver((records) => {
    for (const r of records)
      r.addedNodes.forEach((n) => {
        if (n instanceof HTMLElement) startBehaviours(n);
      });
  }).observe(doc.documentElement, { childList: true, subtree: true });
}

/** Clears the registry (unit tests register afresh). */
export function resetBehaviours(): void {
  registry.length = 0;
}
