/**
 * tsconfig.json's `paths` (`~/` → app/, `~db/` → db/) for Vite and Vitest. tsx and TypeScript
 * read them from tsconfig.json; keep the two lists the same.
 */
import { fileURLToPath } from 'node:url';
import type { AliasOptions } from 'vite';

const folder = (name: string) => fileURLToPath(new URL(`./${name}/`, import.meta.url));

export const pathAliases: AliasOptions = [
  { find: /^~\//, replacement: folder('app') },
  { find: /^~db\//, replacement: folder('db') },
];
