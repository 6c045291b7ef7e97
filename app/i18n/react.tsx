/**
 * `useTranslation()` for components, shaped like react-i18next's (`t`, `i18n.language`) but
 * backed by `createTranslator` (app/i18n/translate.ts). entry.server.tsx provides the request's
 * language with all its texts and records which separately loaded namespaces (the booking
 * areas) the page used; `<TextNamespaces/>` writes them into the document, and the browser
 * (app/i18n/texts.client.ts) loads only those before hydrating, the rest before the first
 * client navigation.
 */
import { createContext, useContext } from 'react';
import type { Language } from './config';
import type { TFunction } from './translate';

export interface Translation {
  t: TFunction;
  i18n: { language: Language };
  /** The separately loaded namespaces the page has used (server) or has (browser). */
  namespaces(): readonly string[];
}

export const TranslationContext = createContext<Translation>({
  t: ((key: string) => key) as TFunction,
  i18n: { language: 'fi' },
  namespaces: () => [],
});

export function useTranslation(): Translation {
  return useContext(TranslationContext);
}

export const TEXT_NAMESPACES_ID = 'text-namespaces';

/** Rendered last in the body, after every text of the page has been looked up. */
export function TextNamespaces() {
  const { namespaces } = useTranslation();
  return <div hidden id={TEXT_NAMESPACES_ID} data-namespaces={namespaces().join(' ')} />;
}
