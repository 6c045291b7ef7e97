import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { minify } from 'terser';
import type { Plugin } from 'vite';

/** The module that imports the browser library's compiled text (app/browser-script.server.ts). */
const BROWSER_SCRIPT_ID = 'virtual:portal-browser-script';
const RESOLVED = '\0' + BROWSER_SCRIPT_ID;
const DIR = path.resolve(import.meta.dirname, 'app/browser');

/**
 * The browser library (app/browser/, ADR 0009) bundled for browsers by esbuild and minified by terser, as
 * one IIFE reading its config from `PORTAL_PAGE` (app/browser/main.ts): `import source from
 * 'virtual:portal-browser-script'` gives its text (`page`; `report`, the error reporter's, is sent only with a DSN),
 * which entry.server.tsx inlines with the
 * request's nonce, wrapped in a function of `PORTAL_PAGE` called with the page's config. The client build makes
 * no script of it: no page loads a script file.
 */
async function compileBrowserLibrary(entry: 'main' | 'report-main'): Promise<string> {
  const result = await build({
    entryPoints: [path.join(DIR, `${entry}.ts`)],
    bundle: true,
    minify: false,
    format: 'iife',
    target: ['chrome109', 'firefox115', 'safari15.6'],
    platform: 'browser',
    tsconfig: path.resolve(import.meta.dirname, 'tsconfig.json'),
    write: false,
    legalComments: 'none',
  });
  // terser after esbuild: ≈ 0.3 KB gzipped smaller than esbuild's own minifier.
  const min = await minify(result.outputFiles[0]!.text, { compress: { passes: 3 }, mangle: true, toplevel: true, format: { comments: false } });
  return min.code!.trim();
}

export function browserLibrary(): Plugin {
  return {
    name: 'portal:browser-library',
    resolveId(id) {
      return id === BROWSER_SCRIPT_ID ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      const [page, report] = await Promise.all([compileBrowserLibrary('main'), compileBrowserLibrary('report-main')]);
      // Development: a change in the library rebuilds the module that holds it.
      for (const file of await readdir(DIR)) {
        if (file.endsWith('.ts') && !file.endsWith('.test.ts')) this.addWatchFile(path.join(DIR, file));
      }
      return `export const page = ${JSON.stringify(page)};\nexport const report = ${JSON.stringify(report)};`;
    },
  };
}
