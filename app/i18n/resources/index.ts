/**
 * A language's texts: the core texts (one module per language) and the booking areas' texts
 * (search.ts and reservation.ts, each with its three languages side by side). The browser loads
 * the booking texts only for pages that use them (see app/i18n/react.tsx). Client-safe.
 */
import type { Language } from '../config';
import type { CoreResource } from './en';
import type { ReservationTexts } from './reservation';
import type { SearchTexts } from './search';

export interface BookingTexts {
  search: SearchTexts;
  reservation: ReservationTexts;
}

export type Resource = CoreResource & BookingTexts;
export type { CoreResource };

/** The top-level keys whose texts are loaded separately. */
export const BOOKING_NAMESPACES: readonly string[] = ['search', 'reservation'] satisfies (keyof BookingTexts)[];

/** Loads one language's core texts (a separate chunk per language in the browser). */
export async function loadCoreTexts(lang: Language): Promise<CoreResource> {
  switch (lang) {
    case 'fi':
      return (await import('./fi')).default;
    case 'sv':
      return (await import('./sv')).default;
    case 'en':
      return (await import('./en')).default;
  }
}

/** Loads the booking areas' texts in one language. */
export async function loadBookingTexts(lang: Language): Promise<BookingTexts> {
  const [search, reservation] = await Promise.all([import('./search'), import('./reservation')]);
  return { search: search.default[lang], reservation: reservation.default[lang] };
}
