/**
 * Two projects: `unit` (pure rules, next to the code, and the lint layer rules in tests/lint) and
 * `integration` (services on a real database: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set).
 */
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { clock } from './app/lib/clock.server';
import { pathAliases } from './aliases.config';
import { browserLibrary } from './browser-build.config';

// One timeline for every test worker (PORTAL_NOW, when set, starts it there).
clock.start();

/**
 * The integration files that start processes (servers of the production build, the CLI) take
 * 15–95 s each, the rest a few seconds: started first, they run beside the many short ones
 * instead of ending the stage alone on one worker (a fresh clone has no timings of an earlier
 * run to order by). A file missing from the list only runs in the default order.
 */
const STARTS_PROCESSES = [
  'tests/integration/deploy/start-and-stop.test.ts',
  'tests/integration/messaging/hr-user-cli.test.ts',
  'tests/integration/startup.test.ts',
  'tests/integration/observability/production-build.test.ts',
  'tests/integration/outbox/delivery.test.ts',
  'tests/integration/records/export.test.ts',
  'tests/integration/messaging/new-conversation-load-failure.test.ts',
  'tests/integration/seed.test.ts',
];

class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = STARTS_PROCESSES.findIndex((path) => file.moduleId.endsWith(path));
      return at === -1 ? STARTS_PROCESSES.length : at;
    };
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  // vanilla-extract: components' unit tests import their styles (app/components/forms.test.tsx).
  plugins: [vanillaExtractPlugin(), browserLibrary()],
  resolve: { alias: pathAliases },
  test: {
    sequence: { sequencer: ProcessesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', '.ci/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          // app/browser/*.test.ts name `@vitest-environment happy-dom` themselves.
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
