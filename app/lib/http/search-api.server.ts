/** The HTTP side shared by the appointment-search JSON calls (./search-*.ts, spec 3 §7): language, ids, the payer's search, timed answers. */
import type { RouterContextProvider } from 'react-router';
import { authContext, portalContext } from '~/context';
import { isLanguage, type Language } from '~/i18n/config';
import { fixedT, isTextKey } from '~/i18n/i18n.server';
import { json } from '~/lib/http/api.server';
import type { Db } from '~/services/db/db.server';
import { payerOf, payerOfSearchParams, scopedSearch } from '~/services/booking/payers/index.server';
import type { SearchFilter } from '~/models/booking/search';
import type { AvailableAppointment } from '~/services/booking/search.server';

/** The `lang` query parameter, else the request's language. */
export function apiLanguage(url: URL, context: Readonly<RouterContextProvider>): Language {
  const requested = url.searchParams.get('lang');
  return isLanguage(requested) ? requested : context.get(portalContext).lang;
}

/** A register id given as `id` (practitioner, specialty), or null when missing or malformed. */
export function registerIdParam(url: URL): string | null {
  const id = url.searchParams.get('id')?.trim() ?? '';
  return /^[A-Za-z0-9_-]{1,40}$/.test(id) ? id : null;
}

/**
 * The search a call may run, as the payer decides it (ADR 0025): private times, or with
 * `isOccupationalHealthcare=true` the logged-in person's occupational times of the specialties
 * their agreement covers (401 without a session, 403 without an agreement with web reservation;
 * an agreement covering nothing finds nothing), or with `isInsuranceCustomer=true` the times
 * insurers pay for (401 without a session: insurance customers identify strongly).
 */
export async function payerSearch(
  db: Db,
  url: URL,
  context: Readonly<RouterContextProvider>,
  filter: SearchFilter,
): Promise<{ type: 'ok'; filter: SearchFilter } | { type: 'empty' } | { type: 'refused'; status: 401 | 403; reason: string }> {
  const payer = payerOf(payerOfSearchParams(url.searchParams));
  const scope = await payer.searchScope(db, context.get(authContext)?.person ?? null);
  if (scope.type === 'refused') return { type: 'refused', status: scope.reason === 'requiresAuthentication' ? 401 : 403, reason: scope.reason };
  const query = scopedSearch(scope, filter);
  return query ? { type: 'ok', filter: query } : { type: 'empty' };
}

/** A JSON answer with the database time as a Server-Timing entry (visible in browser tools and the bench). */
export function timedJson(body: unknown, ms: number, status = 200): Response {
  const response = json(body, status);
  response.headers.set('Server-Timing', `db;dur=${ms.toFixed(2)}`);
  return response;
}

/** The list item of spec 3 §3 with its kind's name in the language. */
export function withKindName(items: AvailableAppointment[], context: Readonly<RouterContextProvider>, lang: Language) {
  const t = fixedT(context, lang);
  return items.map((a) => {
    // A kind without a text (a new one in the register) is named by its id.
    const key = `search.kinds.${a.kindId}`;
    return { ...a, kind: isTextKey(key) ? t(key) : a.kindId };
  });
}
