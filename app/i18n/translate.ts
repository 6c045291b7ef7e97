/**
 * The translation function components use, on the server and in the browser alike (so both
 * render the same text): nested keys ("appointments.checkIn.success"), {{name}} interpolation,
 * plurals by `count` (`key_one` / `key_other`, chosen with Intl.PluralRules), `returnObjects`
 * and `defaultValue`. It is the subset of i18next the texts use, in a few hundred bytes, so the
 * browser does not download i18next (≈ 14 KB gzipped). Loaders, meta and messages still use the
 * server's i18next instance (app/i18n/i18n.server.ts). Client-safe.
 */
import type { Language } from './config';

export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [name: string]: unknown;
}

export interface TFunction {
  /** The subtree at `key` (a list or an object of texts). */
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
  (key: string, options?: TranslateOptions): string;
}

type Tree = { readonly [key: string]: unknown };

function lookup(tree: Tree, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

/** A language's translate function over its texts; a missing key is answered with the key. */
export function createTranslator(resource: object, lang: Language): TFunction {
  const plurals = new Intl.PluralRules(lang);
  return ((key: string, options: TranslateOptions = {}) => {
    let value: unknown;
    if (typeof options.count === 'number') value = lookup(resource as Tree, `${key}_${plurals.select(options.count)}`);
    value ??= lookup(resource as Tree, key);
    if (options.returnObjects && value !== null && typeof value === 'object') return value;
    const text = typeof value === 'string' ? value : (options.defaultValue ?? key);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
  }) as TFunction;
}
