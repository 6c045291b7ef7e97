import { reactRouter } from '@react-router/dev/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { ManualChunkMeta } from 'rollup';
import { defineConfig, type ConfigEnv, type Plugin, type PluginOption, type UserConfig } from 'vite';
import { pathAliases } from './aliases.config';
import { sentryBuildOptions } from './sentry-build.config';

/**
 * Everything every hydrated page loads (React, React Router, the client entry, the root layout
 * and what it imports statically) goes into one `framework` chunk: one gzip stream compresses
 * ≈ 3 KB better than the dozen small chunks Rollup would otherwise make (ADR 0009). Pages, texts
 * and lazily imported code keep their own chunks.
 */
function sharedByEveryPage(): (id: string, meta: ManualChunkMeta) => string | undefined {
  let shared: Set<string> | null = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!shared) {
      shared = new Set();
      const roots = [...getModuleIds()].filter((m) => /\/app\/(root|entry\.client)\.tsx/.test(m) && getModuleInfo(m)?.isEntry);
      const queue = [...roots];
      while (queue.length > 0) {
        const next = queue.pop()!;
        if (shared.has(next)) continue;
        shared.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return shared.has(id) ? 'framework' : undefined;
  };
}

/**
 * The route table's `file` fields (each page's module) are read only by `app/routes.ts`, on the
 * server; the browser needs the paths, access rules and chrome. The client build leaves the
 * `file: '…',` properties out of `app/route-table.ts` so that every hydrated page does not carry
 * a module path per page (≈ 1 KB gzipped with 90 pages, ADR 0009).
 */
function routeFilesStayOnServer(): Plugin {
  return {
    name: 'portal:route-files-stay-on-server',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (this.environment.name !== 'client' || !id.endsWith('/app/route-table.ts')) return null;
      const stripped = code
        .replace(/^(\s*(?:\w+: \{ )?)file: '[^'\n]*',\s?/gm, '$1')
        // Who may see a page, and on which brand and flag, is decided on the server (middleware,
        // navigation): the browser's copy of the table needs only paths, chrome and theme.
        .replace(/(^\s*|, )access: '\w+',?/gm, '$1')
        .replace(/^\s*feature: '[\w-]+',\n/gm, '')
        .replace(/^\s*brands: \[[^\]\n]*\],\n/gm, '');
      return { code: stripped, map: null };
    },
  };
}

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

export default defineConfig(async (config): Promise<UserConfig> => ({
  plugins: [vanillaExtractPlugin(), reactRouter(), routeFilesStayOnServer(), ...(await sentrySourceMaps(config))],
  resolve: { alias: pathAliases },
  build: {
    assetsInlineLimit: 0,
    // terser (two compress passes) makes the framework chunk ≈ 3.4 KB gzipped smaller than
    // esbuild's minifier, which keeps every page within the 120 KB budget (ADR 0009).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
  },
  environments: {
    client: { build: { rollupOptions: { output: { manualChunks: sharedByEveryPage() } } } },
    // The server build stays readable (stack traces in logs).
    ssr: { build: { minify: false } },
  },
  server: { port: 5173 },
}));
