/**
 * GET /api/appointments/practitioner-clinics?id&lang (spec 3 §7): the clinics where a
 * practitioner works (the search offers them when a clinic choice left the practitioner out).
 * Answers {clinicIds}; 404 {clinicIds: []} for an unknown practitioner.
 */
import { json } from '~/lib/http/api.server';
import { registerIdParam } from '~/lib/http/search-api.server';
import { orFailure, practitionerClinics } from '~/services/booking/search.server';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/search-practitioner-clinics';

export async function loader({ request }: Route.LoaderArgs) {
  const id = registerIdParam(new URL(request.url));
  if (!id) return json({ clinicIds: [] }, 404);
  const db = await getDb();
  const clinicIds = await orFailure('api practitioner clinics', () => practitionerClinics(db, id));
  if (clinicIds === undefined) return json({ clinicIds: [], type: 'failure' }, 503);
  return clinicIds ? json({ clinicIds }) : json({ clinicIds: [] }, 404);
}
