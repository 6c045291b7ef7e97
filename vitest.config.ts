/**
 * Two projects: `unit` (pure rules, next to the code, and the lint layer rules in tests/lint) and
 * `integration` (services on a real database: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set).
 */
import { defineConfig } from 'vitest/config';
import { clock } from './app/lib/clock.server';
import { pathAliases } from './aliases.config';

// One timeline for every test worker (PORTAL_NOW, when set, starts it there).
clock.start();

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', '.ci/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['app/**/*.integration.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          globalSetup: ['tests/setup/integration-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One PGlite data directory per worker is cheap to copy, but keep memory bounded.
          maxWorkers: 2,
        },
      },
    ],
  },
});
