/**
 * The browser's texts: the core texts of the page's language, plus the separately loaded texts
 * (booking areas, rarely visited pages) whose namespaces the server-rendered page used (read from
 * `<TextNamespaces/>`); `ensureAllTexts` adds the rest before a client navigation (root
 * `clientMiddleware`), so any page can render.
 */
import { useSyncExternalStore } from 'react';
import type { Language } from './config';
import type { Translation } from './react';
import { TEXT_NAMESPACES_ID } from './react';
import { loadCoreTexts, loadSeparateTexts, SEPARATE_NAMESPACES, type CoreResource } from './resources';
import type { TextKey } from './keys';
import { createTranslator, hasText } from './translate';

let lang: Language = 'fi';
let core: CoreResource | null = null;
let all: Promise<void> | null = null;
let current: Translation | null = null;
const listeners = new Set<() => void>();

function publish(texts: object, namespaces: readonly string[]) {
  current = {
    t: createTranslator(texts, lang),
    i18n: { language: lang, exists: (key): key is TextKey => hasText(texts, key) },
    namespaces: () => namespaces,
  };
  for (const listener of listeners) listener();
}

/** Loads what the server-rendered page needs, before hydration. */
export async function loadPageTexts(language: Language): Promise<void> {
  lang = language;
  const used = document.getElementById(TEXT_NAMESPACES_ID)?.dataset.namespaces?.split(' ').filter(Boolean) ?? [];
  const [coreTexts, separateTexts] = await Promise.all([loadCoreTexts(lang), loadSeparateTexts(lang, used)]);
  core = coreTexts;
  publish({ ...core, ...separateTexts }, used);
}

/** Makes every text of the language available (before a client navigation renders a new page). */
export async function ensureAllTexts(): Promise<void> {
  if (!core) return;
  const coreTexts = core;
  all ??= loadSeparateTexts(lang, SEPARATE_NAMESPACES).then((texts) => publish({ ...coreTexts, ...texts }, current?.namespaces() ?? []));
  await all;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const snapshot = (): Translation => {
  if (!current) throw new Error('loadPageTexts must finish before rendering');
  return current;
};

export function useClientTranslation(): Translation {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
