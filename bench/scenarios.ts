/**
 * The pages the benchmark measures. Add a page by adding an entry: every scenario gets a
 * throughput/latency run and a page-weight measurement, reported against the baseline.
 */

/** Who requests the page: nobody in particular (no cookies) or the logged-in demo person. */
export type ScenarioAuth = 'anonymous' | 'user';

export interface Scenario {
  /** Unique short name, used in the printed table and in results.json. */
  name: string;
  /** Path (and query) on the portal, e.g. `/fi/eula`. */
  path: string;
  auth: ScenarioAuth;
  /** Text the page must contain; checked once before measuring (catches e.g. a lost login). */
  expectText?: string;
}

/** Every throughput is also reported as a ratio to this scenario's throughput in the same run. */
export const BASELINE_SCENARIO = 'terms';

export const SCENARIOS: readonly Scenario[] = [
  { name: 'terms', path: '/fi/eula', auth: 'anonymous' },
  { name: 'front-anonymous', path: '/fi', auth: 'anonymous' },
  { name: 'front-logged-in', path: '/fi', auth: 'user', expectText: 'Hei, Aino!' },
  // Aino's seeded "tomorrow" appointment (id 3) and its anonymous link; the seed's links are
  // deterministic (README, "Try it").
  { name: 'appointment', path: '/fi/ajanvaraukset/3', auth: 'user', expectText: 'Ihotaudit – Vastaanottokäynti' },
  {
    name: 'anonymous-link',
    path: '/fi/varaus/M184am5zX2haZHhDX3VycU16emR6QXRSekcxMnpjX0N6Sg',
    auth: 'anonymous',
    expectText: 'Ihotaudit – Vastaanottokäynti',
  },
];
