import { reactRouter } from '@react-router/dev/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig, type ConfigEnv, type PluginOption, type UserConfig } from 'vite';
import { pathAliases } from './aliases.config';
import { browserLibrary } from './browser-build.config';
import { sentryBuildOptions } from './sentry-build.config';

/**
 * With Sentry's upload configured (sentry-build.config.ts, ADR 0038): its React Router plugin,
 * which makes hidden source maps for the upload in react-router.config.ts's `buildEnd`.
 */
async function sentrySourceMaps(config: ConfigEnv): Promise<PluginOption[]> {
  const options = sentryBuildOptions();
  if (!options) return [];
  const { sentryReactRouter } = await import('@sentry/react-router');
  return sentryReactRouter(options, config);
}

/**
 * React renders every page on the server; the browser runs only the library in app/browser/,
 * which `browserLibrary` compiles and the server inlines (ADR 0009). The client build is kept for
 * what the pages use from it: their CSS files, which the server inlines too.
 */
export default defineConfig(async (config): Promise<UserConfig> => ({
  plugins: [vanillaExtractPlugin(), reactRouter(), browserLibrary(), ...(await sentrySourceMaps(config))],
  resolve: { alias: pathAliases },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server build stays readable (stack traces in logs).
    ssr: { build: { minify: false } },
  },
  server: { port: 5173 },
}));
