/** Languages of the portal. Client-safe. */
export const LANGUAGES = ['fi', 'sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fi';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** BCP 47 locale used for number and date formatting. */
export const LOCALE: Record<Language, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };
