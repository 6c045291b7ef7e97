import type { Config } from '@react-router/dev/config';
import { removeClientSourceMaps, sentryBuildOptions } from './sentry-build.config';

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts/test runs build side by side (default: build/).
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // Source maps go to Sentry when configured, and never stay where the server serves them (ADR 0038).
  async buildEnd(args) {
    if (sentryBuildOptions()) {
      const { sentryOnBuildEnd } = await import('@sentry/react-router');
      await sentryOnBuildEnd(args);
    }
    removeClientSourceMaps(args.reactRouterConfig.buildDirectory);
  },
} satisfies Config;
