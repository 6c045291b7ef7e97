/** POST /api/appointments/check-in/{id}?csrfToken=…: self check-in (spec 2 §7). Answers {type: CheckIn result}. */
import { json, methodNotAllowed, requireApiAuth } from '~/lib/http/api.server';
import { checkIn } from '~/services/appointments/appointments.server';
import { viewerOf } from '~/services/people/viewer.server';
import { parseAppointmentIds } from '~/services/appointments/rules';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/check-in';

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const auth = requireApiAuth(context);
  const ids = parseAppointmentIds(params.id);
  if (ids?.length !== 1) return json({ type: 'customerNotFound' }, 404);
  const type = await checkIn(await getDb(), viewerOf(auth), ids[0]!);
  return json({ type }, type === 'customerNotFound' ? 404 : 200);
}
