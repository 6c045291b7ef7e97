/**
 * The concurrency suite: real server processes against one PostgreSQL database (skipped unless
 * TEST_DATABASE_URL is set). Separate from the unit and integration projects because it needs a
 * production build and starts servers; `npm run test:concurrency` runs it after the e2e build.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { clock } from '../../app/lib/clock.server';
import { pathAliases } from '../../aliases.config';

// One timeline for the tests and the servers they start (PORTAL_NOW, when set, starts it there).
clock.start();

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: { alias: pathAliases },
  test: {
    name: 'concurrency',
    include: ['tests/concurrency/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
