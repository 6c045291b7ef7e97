/**
 * The translation keys, derived from the English texts (which define every language's shape), so
 * that a key without a text is a type error wherever texts are looked up: in components
 * (app/i18n/translate.ts) and on the server (app/i18n/i18n.server.ts). Types only, so nothing
 * reaches the browser; a key that arrives as data (a form error, a cookie) is narrowed by
 * `hasText` (translate.ts) instead. Client-safe.
 */
import type { Resource } from './resources';

/**
 * The key of a text: the dotted path to a string, and for plurals (`x_one`, `x_other`, chosen by
 * `count`, see translate.ts) also the base key `x`. Lists are not entered: they are only ever
 * looked up whole (`TextTreeKey`). A `Record<string, string>` in the texts (e.g. one text per
 * specialty id) gives a template key (`insurance.reservationInfo.${string}`).
 */
export type TextKey = Leaves<Resource, ''>;

/** The key of a list or an object of texts, for `returnObjects: true`. */
export type TextTreeKey = Trees<Resource, ''>;

/** What `returnObjects: true` gives for a `TextTreeKey`. */
export type TextTree<K extends TextTreeKey> = At<Resource, K>;

/** The suffix of a plural form (`_one`, `_other`, ...), by the categories of Intl.PluralRules. */
type PluralSuffix = `_${Intl.LDMLPluralRule}`;

type Leaves<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}` | (K extends `${infer Base}${PluralSuffix}` ? `${Prefix}${Base}` : never)
    : T[K] extends readonly unknown[]
      ? never
      : T[K] extends object
        ? Leaves<T[K], `${Prefix}${K}.`>
        : never;
}[keyof T & string];

type Trees<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string
    ? never
    : T[K] extends readonly unknown[]
      ? `${Prefix}${K}`
      : T[K] extends object
        ? `${Prefix}${K}` | Trees<T[K], `${Prefix}${K}.`>
        : never;
}[keyof T & string];

type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;
