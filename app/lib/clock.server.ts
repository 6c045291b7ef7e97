/**
 * The app's one clock. Every "now" on the server — services, loaders, actions, the seed, the
 * test fixtures, jobs, session expiry — comes from `now()`; lint forbids `new Date()` and
 * `Date.now()` elsewhere in app/, db/, scripts/ and the tests (eslint.config.js).
 *
 * Outside production `PORTAL_NOW` (ISO 8601 with an offset, e.g. `2027-03-28T02:30:00+02:00`)
 * sets where the clock starts; from there it runs at normal speed. The first process of a run
 * that reads it turns it into an offset from the wall clock and leaves that in
 * `PORTAL_CLOCK_OFFSET_MS` (with the `PORTAL_NOW` it stands for in `PORTAL_CLOCK_FOR`), so the
 * processes it starts (the servers of the end-to-end tests, test workers) share one timeline
 * with it. Production refuses `PORTAL_NOW`.
 *
 * Pure of the environment parser on purpose: the seed, the test configurations and the fixtures
 * load it without the rest of the configuration.
 */

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A `PORTAL_NOW` value: ISO 8601 with seconds optional and a `Z` or `±hh:mm` offset. */
export function parsePortalNow(value: string): Date | null {
  if (!INSTANT.test(value)) return null;
  // Date rolls 2027-02-30 over into March: the calendar date must exist as written.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Why `PORTAL_NOW` cannot be used in this environment, or null when it can. */
export function portalNowProblem(source: { PORTAL_NOW?: string; DEPLOYMENT_ENV?: string }): string | null {
  const value = source.PORTAL_NOW;
  if (!value) return null;
  if (source.DEPLOYMENT_ENV === 'production') return 'not allowed in production (the clock is the wall clock there)';
  if (!parsePortalNow(value)) return 'must be an ISO 8601 instant with an offset, e.g. 2027-03-28T02:30:00+02:00';
  return null;
}

let offsetMs: number | undefined;

function offset(): number {
  if (offsetMs !== undefined) return offsetMs;
  const problem = portalNowProblem(process.env);
  if (problem) throw new Error(`Invalid environment configuration:\n  PORTAL_NOW: ${problem}`);
  const portalNow = process.env.PORTAL_NOW;
  if (!portalNow) {
    offsetMs = 0;
    return offsetMs;
  }
  // A parent's timeline counts only for the same PORTAL_NOW (a child may be given another).
  const inherited = process.env.PORTAL_CLOCK_OFFSET_MS;
  if (process.env.PORTAL_CLOCK_FOR === portalNow && inherited && /^-?\d+$/.test(inherited)) {
    offsetMs = Number(inherited);
    return offsetMs;
  }
  // Read the wall clock once, here and only here, to place the configured instant on it.
  // eslint-disable-next-line no-restricted-syntax
  offsetMs = parsePortalNow(portalNow)!.getTime() - Date.now();
  process.env.PORTAL_CLOCK_OFFSET_MS = String(offsetMs);
  process.env.PORTAL_CLOCK_FOR = portalNow;
  return offsetMs;
}

export const clock = {
  /** The current instant, by the app's clock. */
  now(): Date {
    return new Date(clock.nowMs());
  },
  /** The current instant in milliseconds since the epoch, by the app's clock. */
  nowMs(): number {
    // eslint-disable-next-line no-restricted-syntax
    return Date.now() + offset();
  },
  /**
   * The wall-clock instant an instant of the app's clock stands for: what goes to an outside
   * system that checks times against its own clock (a presigned URL's signing date, a payment
   * provider's request timestamp). The same instant unless PORTAL_NOW moved the clock.
   */
  toWall(instant: Date): Date {
    return new Date(instant.getTime() - offset());
  },
  /**
   * The variables that put a child process started with an environment of its own on this
   * process's timeline (empty without PORTAL_NOW).
   */
  env(): Record<string, string> {
    offset();
    const { PORTAL_NOW, PORTAL_CLOCK_OFFSET_MS, PORTAL_CLOCK_FOR } = process.env;
    return PORTAL_NOW && PORTAL_CLOCK_OFFSET_MS && PORTAL_CLOCK_FOR ? { PORTAL_NOW, PORTAL_CLOCK_OFFSET_MS, PORTAL_CLOCK_FOR } : {};
  },
  /**
   * Starts the clock for this process and the ones it starts (call it before starting any), so
   * that they share this process's timeline. Returns the instant it started at.
   */
  start(): Date {
    offset();
    return clock.now();
  },
};
