/**
 * knip (`npm run lint`, issue 40): no unused file, export or dependency. Its plugins find most
 * entry points by themselves: React Router's routes (react-router.config.ts → app/routes.ts, the
 * route table), Vite, Vitest's projects (every *.test.ts), Playwright (tests/e2e), ESLint,
 * drizzle-kit and the package.json scripts (scripts/, db/*-cli.ts, bench/). The entries below are
 * what they cannot see. For a finding that is used after all, name it here with the reason;
 * otherwise delete it (or drop its `export`).
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The browser library's two bundles, compiled by esbuild in browser-build.config.ts (ADR 0009).
    'app/browser/main.ts',
    'app/browser/report-main.ts',
    // Run by playwright.config.ts's web server command (each server's fresh database).
    'tests/e2e/fresh-database.ts',
    // CI's own scripts (.ci/run).
    '.ci/*.{mjs,mts,ts}',
  ],
  // A type or interface exported beside the function whose signature uses it is that function's
  // API, even when no other module names it yet.
  ignoreExportsUsedInFile: { interface: true, type: true },
  ignoreDependencies: [
    // bench/lighthouse.ts runs its command line (`npx lighthouse`), which knip cannot see.
    'lighthouse',
    // Not imported: the floor for the rollup Vite builds with (package.json, "//").
    'rollup',
  ],
};

export default config;
