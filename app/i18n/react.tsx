/**
 * `useTranslation()` for components, shaped like react-i18next's (`t`, `i18n.language`) but
 * backed by `createTranslator` (app/i18n/translate.ts). entry.server.tsx provides the request's
 * language with all its texts.
 */
import { createContext, useContext } from 'react';
import type { Language } from './config';
import type { TextKey } from './keys';
import type { TFunction, TranslateOptions } from './translate';

export interface Translation {
  t: TFunction;
  i18n: {
    language: Language;
    /**
     * Whether `key` has a text (in the texts at hand, see `hasText`): narrows a key that arrives
     * as data, such as a form error, to one `t` takes.
     */
    exists(key: string): key is TextKey;
  };
}

export const TranslationContext = createContext<Translation>({
  t: ((key: string) => key) as TFunction,
  i18n: { language: 'fi', exists: (_key: string): _key is TextKey => false },
});

export function useTranslation(): Translation {
  return useContext(TranslationContext);
}

/**
 * The text of a message that arrives as data rather than as a literal key: a form error (our
 * schemas' messages are keys, zod's own are plain text). A key gives its text; anything else is
 * shown as it is, as `t` itself answers a key it does not have.
 */
export function useMessageText(): (message: string, options?: TranslateOptions) => string {
  const { t, i18n } = useTranslation();
  return (message, options) => (i18n.exists(message) ? t(message, options) : message);
}
