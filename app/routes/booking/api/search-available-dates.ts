/**
 * GET /api/appointments/available-appointment-dates (spec 3 §7): the days with free times in a
 * date range, for the calendar. Query: startDate, endDate (default: the calendar range of the
 * start date's month, spec 3 §9; at most 62 days), the search filters as in /api/appointments,
 * and time or timeOfDay. Answers {dates: ['YYYY-MM-DD', …]}; 503 {dates: [], type: 'failure'}
 * when the search could not run. isOccupationalHealthcare=true and isInsuranceCustomer=true: as in /api/appointments.
 */
import { helsinkiDate } from '~/lib/format';
import { calendarRange, parseSearchParams } from '~/services/booking/search-rules';
import { payerSearch, timedJson } from '~/lib/http/search-api.server';
import { availableDates, orFailure } from '~/services/booking/search.server';
import { getDb } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/search-available-dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const now = clock.now();
  const db = await getDb();
  const search = await payerSearch(db, url, context, parseSearchParams(url.searchParams, helsinkiDate(now)));
  if (search.type === 'refused') return timedJson({ dates: [], type: search.reason }, 0, search.status);
  if (search.type === 'empty') return timedJson({ dates: [] }, 0);
  const { filter } = search;
  const range = filter.endDate ? { from: filter.startDate, to: filter.endDate } : calendarRange(filter.startDate);
  const started = performance.now();
  const dates = await orFailure('api available dates', async () => availableDates(db, filter, range, { now }));
  if (dates === undefined) return timedJson({ dates: [], type: 'failure' }, 0, 503);
  return timedJson({ dates }, performance.now() - started);
}
