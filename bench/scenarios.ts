/**
 * The pages the benchmark measures. Add a page by adding an entry: every scenario gets a
 * throughput/latency run, every page also a page-weight measurement against the budgets.
 */

/** Who requests the page: nobody in particular (no cookies) or the logged-in demo person. */
export type ScenarioAuth = 'anonymous' | 'user';

export interface Scenario {
  /** Unique short name, used in the printed table and in results.json. */
  name: string;
  /** Path (and query) on the portal, e.g. `/fi/eula`. */
  path: string;
  auth: ScenarioAuth;
  /** A page (HTML, weighed against the budgets) or a resource route (no page weight). */
  kind: 'page' | 'resource';
  /** Text the page must contain; checked once before measuring (catches e.g. a lost login). */
  expectText?: string;
}

/** Every throughput is also reported as a ratio to this scenario's throughput in the same run. */
export const BASELINE_SCENARIO = 'terms';

export const SCENARIOS: readonly Scenario[] = [
  // The cheapest answer through the whole Express + React Router stack: the floor for pages.
  { name: 'healthz', path: '/healthz', auth: 'anonymous', kind: 'resource' },
  { name: 'terms', path: '/fi/eula', auth: 'anonymous', kind: 'page' },
  { name: 'front-anonymous', path: '/fi', auth: 'anonymous', kind: 'page' },
  { name: 'front-logged-in', path: '/fi', auth: 'user', kind: 'page', expectText: 'Hei, Aino!' },
  // Aino's seeded "tomorrow" appointment (id 3) and its anonymous link; the seed's links are
  // deterministic (README, "Try it").
  { name: 'appointment', path: '/fi/ajanvaraukset/3', auth: 'user', kind: 'page', expectText: 'Ihotaudit – Vastaanottokäynti' },
  {
    name: 'anonymous-link',
    path: '/fi/varaus/M184am5zX2haZHhDX3VycU16emR6QXRSekcxMnpjX0N6Sg',
    auth: 'anonymous',
    kind: 'page',
    expectText: 'Ihotaudit – Vastaanottokäynti',
  },
];

/**
 * Throughput goals (issue 8, "server time per request"), as ratios of two scenarios of the same
 * run, so they hold on any machine: a page costs at most so much more than a cheaper one.
 */
export interface RatioGoal {
  scenario: string;
  of: string;
  atLeast: number;
}

export const RATIO_GOALS: readonly RatioGoal[] = [
  { scenario: 'terms', of: 'healthz', atLeast: 0.6 },
  { scenario: 'front-logged-in', of: 'terms', atLeast: 0.6 },
  { scenario: 'appointment', of: 'terms', atLeast: 0.6 },
];
