/**
 * GET /api/appointments/specialty?id&lang (spec 3 §7): a specialty's name in the language and
 * whether it is typically remote (picking one turns include-remote on).
 * Answers {specialty: {id, title, isRemoteType, cmsContent: {appointmentReservationInfo}}} (the
 * info shown above the results, or null); 404 {type: 'notFound'} for an unknown id.
 */
import { json } from '~/lib/http/api.server';
import { apiLanguage, registerIdParam } from '~/lib/http/search-api.server';
import { orFailure, specialtyInfo } from '~/services/booking/search.server';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/search-specialty';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = registerIdParam(url);
  if (!id) return json({ type: 'notFound' }, 404);
  const db = await getDb();
  const specialty = await orFailure('api specialty', () => specialtyInfo(db, id.toUpperCase(), apiLanguage(url, context)));
  if (specialty === null) return json({ type: 'notFound' }, 404);
  if (specialty === undefined) return json({ type: 'failure' }, 503);
  return json({ specialty });
}
