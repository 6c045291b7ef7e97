import type { Language } from '../config';
import type { Resource } from './en';

/** Loads one language's texts (a separate chunk per language in the browser). */
export async function loadResource(lang: Language): Promise<Resource> {
  switch (lang) {
    case 'fi':
      return (await import('./fi')).default;
    case 'sv':
      return (await import('./sv')).default;
    case 'en':
      return (await import('./en')).default;
  }
}

export type { Resource };
