/**
 * POST /api/appointments/{id}/arrival-reason?csrfToken=… with `arrivalReason` (form or JSON):
 * saves the reason for the visit (spec 2 §7). Answers {type: 'success' | 'notFound' | 'invalid' | 'failed'} (failed: the practice system did not
 * take it, 503).
 */
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { saveArrivalReason } from '~/services/appointments/appointments.server';
import { viewerOf } from '~/services/people/viewer.server';
import { parseAppointmentIds } from '~/services/appointments/rules';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/arrival-reason';

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const auth = requireApiAuth(context);
  const ids = parseAppointmentIds(params.id);
  if (ids?.length !== 1) return json({ type: 'notFound' }, 404);
  const { arrivalReason } = await readBody(request);
  if (typeof arrivalReason !== 'string') return json({ type: 'invalid' }, 400);
  const type = await saveArrivalReason(await getDb(), viewerOf(auth), ids[0]!, arrivalReason);
  return json({ type }, type === 'success' ? 200 : type === 'notFound' ? 404 : type === 'failed' ? 503 : 400);
}
