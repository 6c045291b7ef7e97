/**
 * The translation function components use, on the server and in the browser alike (so both
 * render the same text): nested keys ("appointments.checkIn.success"), {{name}} interpolation,
 * plurals by `count` (`key_one` / `key_other`, chosen with Intl.PluralRules), `returnObjects`
 * and `defaultValue`. It is the subset of i18next the texts use, in a few hundred bytes, so the
 * browser does not download i18next (≈ 14 KB gzipped). The server's loaders, meta and messages
 * use it too (app/i18n/i18n.server.ts): it is also much cheaper than i18next's. Client-safe.
 */
import type { Language } from './config';
import type { TextKey, TextTree, TextTreeKey } from './keys';

export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [name: string]: unknown;
}

/**
 * Takes only keys that have a text in the English resources (app/i18n/keys.ts), so a mistyped or
 * removed key fails the typecheck. The server's i18next functions are given this type too
 * (app/i18n/i18n.server.ts).
 */
export interface TFunction {
  // First, so that a key that is neither is reported against this signature, not the other's.
  (key: TextKey, options?: TranslateOptions): string;
  /** The subtree at `key` (a list or an object of texts). */
  <K extends TextTreeKey>(key: K, options: TranslateOptions & { returnObjects: true }): TextTree<K>;
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

/**
 * Whether a language's texts have a text at `key`, as `TextKey` counts them: a string, or the
 * plural forms of one (every language has `_other`). Narrows a key that arrives as data (a form
 * error, a cookie) before it is translated.
 */
export function hasText(resource: object, key: string): key is TextKey {
  return typeof lookup(resource as Tree, key) === 'string' || typeof lookup(resource as Tree, `${key}_other`) === 'string';
}

const lookups = new WeakMap<object, Map<string, unknown>>();
const pluralRules = new Map<Language, Intl.PluralRules>();
const LOOKUPS_KEPT = 10_000;

/**
 * The value at `key` in a language's texts, kept per resource: the texts never change, and a
 * page asks for the same keys on every render.
 */
function lookupKept(resource: object, key: string): unknown {
  let kept = lookups.get(resource);
  if (!kept) lookups.set(resource, (kept = new Map()));
  if (kept.has(key)) return kept.get(key);
  const value = lookup(resource as Tree, key);
  if (kept.size >= LOOKUPS_KEPT) kept.clear();
  kept.set(key, value);
  return value;
}

/**
 * A language's lookup over its texts, for any path; a missing key is answered with the key. Only
 * code that handles keys as data uses it untyped (entry.server.tsx records their namespaces);
 * components get it typed as `createTranslator`.
 */
export function translatorOver(resource: object, lang: Language): (key: string, options?: TranslateOptions) => unknown {
  let plurals = pluralRules.get(lang);
  if (!plurals) pluralRules.set(lang, (plurals = new Intl.PluralRules(lang)));
  const rules = plurals;
  return (key: string, options: TranslateOptions = {}) => {
    let value: unknown;
    if (typeof options.count === 'number') value = lookupKept(resource, `${key}_${rules.select(options.count)}`);
    value ??= lookupKept(resource, key);
    if (options.returnObjects && value !== null && typeof value === 'object') return value;
    const text = typeof value === 'string' ? value : (options.defaultValue ?? key);
    if (!text.includes('{{')) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in options ? String(options[name]) : match));
  };
}

/** A language's translate function over its texts (`resource` has the English shape). */
export function createTranslator(resource: object, lang: Language): TFunction {
  return translatorOver(resource, lang) as TFunction;
}
