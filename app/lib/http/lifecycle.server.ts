/**
 * The instance's life cycle (ADR 0039): `starting` until server.ts has started everything (the
 * job runner included), `serving`, then `stopping` from the first SIGTERM/SIGINT. `/readyz`
 * answers 503 outside `serving`, so a load balancer sends new requests elsewhere.
 *
 * Kept on `globalThis` (like the database handle) so that the server bundle's copy of this
 * module (the readyz route) sees the state server.ts's copy sets. A server nobody manages
 * (createServer without main, e.g. a test's) is `serving`.
 */
export type LifecycleState = 'starting' | 'serving' | 'stopping';

const globalForLifecycle = globalThis as unknown as { __portalLifecycle?: LifecycleState };

export function lifecycleState(): LifecycleState {
  return globalForLifecycle.__portalLifecycle ?? 'serving';
}

export function setLifecycleState(state: LifecycleState): void {
  globalForLifecycle.__portalLifecycle = state;
}
