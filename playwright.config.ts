/**
 * End-to-end tests in Debian's Chromium headless shell (tests/fixtures/chromium.ts; never
 * `npx playwright install`): every test with JavaScript on, and with JavaScript off those tagged
 * `@no-js`, where the page script changes what is seen (issue 38; every page's HTML is proven to
 * work without scripts by the guard in a11y.spec.ts). Two servers from one production build (BUILD_DIR, default build/: `npm test`
 * builds it once): the general brand and the children's brand, each on a fresh database of its
 * own — PostgreSQL, production's database, when TEST_DATABASE_URL is set (CI), otherwise a PGlite
 * data directory (ADR 0044: PostgreSQL serves the suite with ≈ 7 % less CPU than PGlite's
 * WebAssembly; the specs that start a server of their own, and the start-up integration tests,
 * keep a whole server on PGlite tested).
 */
import { defineConfig, devices } from '@playwright/test';
import { clock } from './app/lib/clock.server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/fixtures/chromium';
import { BASE_URL, CHILDREN_PORT, GENERAL_PORT } from './tests/e2e/urls';

// One timeline for the servers and the test workers (PORTAL_NOW, when set, starts it there).
const startedAt = clock.start();
// (Workers load this file too: say it once, from the runner.)
if (process.env.PORTAL_NOW && process.env.TEST_WORKER_INDEX === undefined)
  console.warn(`e2e: PORTAL_NOW=${process.env.PORTAL_NOW} (now ${startedAt.toISOString()})`);

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** Each server's fresh database: how to empty it before the start, and how the server finds it. */
function database(brand: 'general' | 'children', port: number): { reset: string; env: Record<string, string> } {
  const postgres = process.env.TEST_DATABASE_URL;
  if (!postgres) return { reset: `rm -rf .data/e2e-${brand}-${port}`, env: { PGLITE_DATA_DIR: `.data/e2e-${brand}-${port}` } };
  const url = new URL(postgres);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1))}_e2e_${brand}`;
  return { reset: `node tests/e2e/fresh-database.ts '${url}'`, env: { DATABASE_URL: url.toString() } };
}

// DEPLOYMENT_ENV=test enables /dev/test-fixtures, so every test books its own appointments.
const server = (brand: 'general' | 'children', port: number, features: string) => ({
  command: `${database(brand, port).reset} && npx tsx scripts/start.ts`,
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    NODE_ENV: 'production',
    DEPLOYMENT_ENV: 'test',
    PORT: String(port),
    BRAND: brand,
    ...database(brand, port).env,
    ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    FEATURES: features,
    LOG_LEVEL: 'warn',
    // Generous limits: the whole suite identifies many times from one address.
    RATE_LIMIT_IDENTIFICATION_PER_10_MIN: '1000',
    RATE_LIMIT_ANONYMOUS_POSTS_PER_10_MIN: '1000',
    RATE_LIMIT_ANON_CHECK_IN_PER_10_MIN: '1000',
    RATE_LIMIT_SMS_CODES_PER_10_MIN: '1000',
    // The demo persons post from many tests at once; the per-person message and upload limits
    // keep their defaults (tests/e2e/messaging/rate-limits.spec.ts reaches the message limit).
    RATE_LIMIT_PERSON_POSTS_PER_10_MIN: '10000',
    // Tests wait for earlier times in parallel on one database: every waiting patient gets each
    // time that suits them, so no test's offer depends on another's place in line (ADR 0037).
    EARLIER_TIME_BATCH_SIZE: '100',
  },
});

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Flaky is failing: a test that passes only on a retry is a bug to fix, so there are none.
  retries: 0,
  workers: 2,
  // The JSON report gives `npm test` its per-project times and the slowest tests (reports/).
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'reports/e2e.json' }]],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    // Recording a trace (DOM snapshots and screenshots of every step) costs every test, passed or
    // not, several times its own work on CI's two cores (issue 38): PW_TRACE=1 turns it on to
    // investigate a failure. A failure's report still has the error, its line and the page's
    // accessibility snapshot (error-context.md).
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: chromium,
  },
  projects: [
    { name: 'js', use: { ...devices['Desktop Chrome'], javaScriptEnabled: true } },
    { name: 'no-js', grep: /@no-js/, use: { ...devices['Desktop Chrome'], javaScriptEnabled: false } },
  ],
  webServer: [server('general', GENERAL_PORT, 'mfa,ohc-appointment-search'), server('children', CHILDREN_PORT, 'pikkutsatti')],
});
