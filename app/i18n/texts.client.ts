/**
 * The browser's texts: the core texts of the page's language, plus the booking areas' texts when
 * the server-rendered page used them (read from `<TextNamespaces/>`); `ensureAllTexts` adds the
 * rest before a client navigation (root `clientMiddleware`), so any page can render.
 */
import { useSyncExternalStore } from 'react';
import type { Language } from './config';
import type { Translation } from './react';
import { TEXT_NAMESPACES_ID } from './react';
import { loadBookingTexts, loadCoreTexts, type BookingTexts, type CoreResource } from './resources';
import { createTranslator } from './translate';

let lang: Language = 'fi';
let core: CoreResource | null = null;
let booking: Promise<BookingTexts> | null = null;
let current: Translation | null = null;
const listeners = new Set<() => void>();

function publish(texts: object, namespaces: readonly string[]) {
  current = { t: createTranslator(texts, lang), i18n: { language: lang }, namespaces: () => namespaces };
  for (const listener of listeners) listener();
}

/** Loads what the server-rendered page needs, before hydration. */
export async function loadPageTexts(language: Language): Promise<void> {
  lang = language;
  const used = document.getElementById(TEXT_NAMESPACES_ID)?.dataset.namespaces?.split(' ').filter(Boolean) ?? [];
  if (used.length > 0) booking = loadBookingTexts(lang);
  const [coreTexts, bookingTexts] = await Promise.all([loadCoreTexts(lang), booking]);
  core = coreTexts;
  publish(bookingTexts ? { ...core, ...bookingTexts } : core, used);
}

/** Makes every text of the language available (before a client navigation renders a new page). */
export async function ensureAllTexts(): Promise<void> {
  if (!core || booking) {
    await booking;
    return;
  }
  booking = loadBookingTexts(lang);
  const texts = await booking;
  publish({ ...core, ...texts }, current?.namespaces() ?? []);
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
