/**
 * The cluster test (ADR 0039): HAProxy in front of three instances of the production build on one
 * PostgreSQL database (skipped unless TEST_DATABASE_URL is set). Its own run, `npm run
 * test:cluster`, after `npm test` in .ci/run: it starts servers and puts 30 s of load on them.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { clock } from '../../app/lib/clock.server';
import { pathAliases } from '../../aliases.config';

// One timeline for the test and the servers it starts (PORTAL_NOW, when set, starts it there).
clock.start();

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: { alias: pathAliases },
  test: {
    name: 'cluster',
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
