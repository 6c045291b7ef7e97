/**
 * GET /api/appointments (spec 3 §7): free times for a search, 20 at a time.
 * Query: clinicIds, practitionerIds, specialtyIds, municipality (repeated or comma-joined),
 * includeRemote=true, startDate, endDate (a window of up to 62 days; default the start date
 * alone), time (all|morning|afternoon|evening), offset, lang.
 * Answers {availableAppointments: {type: 'success', appointments}} or, when the search could not
 * run, {availableAppointments: {type: 'failure', appointments: []}} with 503.
 * isOccupationalHealthcare=true searches the logged-in person's occupational times on their
 * agreement (401 without a session, 403 {type: noOccupationalHealthcare|noWebReservation});
 * isInsuranceCustomer=true searches the free times insurers pay for (401 without a session; both
 * flags: the occupational search, as the agreement pays first). A shorter page than
 * 20 means there are no more.
 */
import { helsinkiDate } from '~/lib/format';
import { parseSearchParams } from '~/services/booking/search-rules';
import { apiLanguage, payerSearch, timedJson, withKindName } from '~/lib/http/search-api.server';
import { findAvailableAppointments, orFailure } from '~/services/booking/search.server';
import { getDb } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/search-appointments';

const failure = { availableAppointments: { type: 'failure', appointments: [] } } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = apiLanguage(url, context);
  const now = clock.now();
  const db = await getDb();
  const search = await payerSearch(db, url, context, parseSearchParams(url.searchParams, helsinkiDate(now)));
  if (search.type === 'refused') return timedJson({ ...failure, type: search.reason }, 0, search.status);
  if (search.type === 'empty') return timedJson({ availableAppointments: { type: 'success', appointments: [] } }, 0);
  const { filter } = search;
  const found = await orFailure('api appointments', () => findAvailableAppointments(db, filter, lang, { now }));
  if (found === undefined) return timedJson(failure, 0, 503);
  return timedJson({ availableAppointments: { type: 'success', appointments: withKindName(found.appointments, context, lang) } }, found.ms);
}
