/** Shared pieces of the appointment-search JSON calls (app/routes/api/search-*.ts, spec 3 §7). */
import type { RouterContextProvider } from 'react-router';
import { portalContext } from '~/context';
import { isLanguage, type Language } from '~/i18n/config';
import { getInstance } from '~/i18n/i18n.server';
import { json } from '~/lib/api.server';
import type { AvailableAppointment } from './search.server';

/** The `lang` query parameter, else the request's language. */
export function apiLanguage(url: URL, context: Readonly<RouterContextProvider>): Language {
  const requested = url.searchParams.get('lang');
  return isLanguage(requested) ? requested : context.get(portalContext).lang;
}

/** A register id given as `id` (practitioner, specialty), or null when missing or malformed. */
export function idParam(url: URL): string | null {
  const id = url.searchParams.get('id')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{1,40}$/.test(id) ? id : null;
}

/** Occupational and insurance searches need their own pages (contract, identification) first. */
export function asksForLaterPayerType(url: URL): boolean {
  return url.searchParams.get('isOccupationalHealthcare') === 'true' || url.searchParams.get('isInsuranceCustomer') === 'true';
}

/** A JSON answer with the database time as a Server-Timing entry (visible in browser tools and the bench). */
export function timedJson(body: unknown, ms: number, status = 200): Response {
  const response = json(body, status);
  response.headers.set('Server-Timing', `db;dur=${ms.toFixed(2)}`);
  return response;
}

/** The list item of spec 3 §3 with its kind's name in the language. */
export function withKindName(items: AvailableAppointment[], context: Readonly<RouterContextProvider>, lang: Language) {
  const t = getInstance(context).getFixedT(lang);
  return items.map((a) => ({ ...a, kind: t(`search.kinds.${a.kindId}`, { defaultValue: a.kindId }) }));
}
