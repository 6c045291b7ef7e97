/**
 * The browser's error reports before and after the SDK has loaded (issue 27, ADR 0038): React's
 * root hooks (entry.client.tsx) and the root error boundary hand errors here; with a DSN they are
 * kept (a few) until `sentry.client.ts` has started and then passed to it, so an error during
 * hydration is not lost while the SDK's chunk is on its way. Without a DSN nothing is kept.
 *
 * Tiny and dependency-free: it is in every hydrated page's framework chunk; the SDK is not.
 */
export type BrowserErrorMechanism = 'uncaught' | 'caught' | 'recoverable' | 'boundary';
type Reporter = (error: Error, mechanism: BrowserErrorMechanism, componentStack?: string) => void;

const MAX_WAITING = 10;
let enabled = false;
let reporter: Reporter | null = null;
const waiting: Parameters<Reporter>[] = [];
const reported = new WeakSet<Error>();

/** Reports are wanted (a DSN is configured): errors are kept until the SDK is ready. */
export function expectBrowserReporter(): void {
  enabled = true;
}

/** The SDK is ready: reports go to it, the kept ones first. */
export function setBrowserReporter(report: Reporter): void {
  reporter = report;
  for (const args of waiting.splice(0)) report(...args);
}

/**
 * Reports an error once (React's hook and the boundary see the same error object). An error the
 * server raised reaches the browser without a stack (React Router gives it an empty one when
 * hydrating and none from a data request): the server has reported it, so it is skipped.
 */
export function reportBrowserError(error: unknown, mechanism: BrowserErrorMechanism, componentStack?: string): void {
  if (!enabled || !(error instanceof Error) || !error.stack || reported.has(error)) return;
  reported.add(error);
  if (reporter) reporter(error, mechanism, componentStack);
  else if (waiting.length < MAX_WAITING) waiting.push([error, mechanism, componentStack]);
}
