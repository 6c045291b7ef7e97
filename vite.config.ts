import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig, type ConfigEnv, type Plugin, type PluginOption, type UserConfig } from 'vite';
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
 * The client build keeps only what the pages use: CSS files (which the server inlines) and
 * images. React renders on the server and no page loads a script file (ADR 0009), so the route
 * modules' chunks are dropped from the client bundle once Vite's manifest has recorded each
 * route's CSS (React Router reads the CSS from it), and after the whole build the browser route
 * manifest that React Router's server build writes (`assets/manifest-*.js`, for client
 * navigation) is deleted too: build/client holds no `.js` file (tests/e2e/js-budget.spec.ts).
 */
function clientWithoutScripts(): Plugin {
  return {
    name: 'portal:client-without-scripts',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      // After Vite's own manifest plugin (normal order) has read the chunks' CSS.
      order: 'post',
      handler(_options, bundle) {
        for (const [fileName, output] of Object.entries(bundle)) {
          if (output.type === 'chunk' || fileName.endsWith('.js.map')) delete bundle[fileName];
        }
      },
    },
    buildApp: {
      // After React Router's build (client, server, its buildEnd).
      order: 'post',
      async handler(builder) {
        const outDir = path.resolve(builder.config.root, builder.environments.client!.config.build.outDir);
        const files = await readdir(outDir, { recursive: true, encoding: 'utf8' }).catch(() => []);
        await Promise.all(files.filter((file) => /\.[cm]?js$/.test(file)).map((file) => rm(path.join(outDir, file), { force: true })));
      },
    },
  };
}

/**
 * React renders every page on the server; the browser runs only the library in app/browser/,
 * which `browserLibrary` compiles and the server inlines (ADR 0009). The client build is kept for
 * what the pages use from it: their CSS files, which the server inlines too (`clientWithoutScripts`).
 */
export default defineConfig(async (config): Promise<UserConfig> => ({
  plugins: [vanillaExtractPlugin(), reactRouter(), browserLibrary(), clientWithoutScripts(), ...(await sentrySourceMaps(config))],
  resolve: { alias: pathAliases },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server build stays readable (stack traces in logs).
    ssr: { build: { minify: false } },
  },
  server: { port: 5173 },
}));
