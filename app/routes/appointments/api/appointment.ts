/** DELETE /api/appointments/{id}?csrfToken=…: cancels (spec 2 §7). Answers {type: CancelAppointment result}. */
import { json, methodNotAllowed, requireApiAuth } from '~/lib/http/api.server';
import { cancelAppointment } from '~/services/appointments/appointments.server';
import { viewerOf } from '~/services/people/viewer.server';
import { parseAppointmentIds } from '~/services/appointments/rules';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/appointment';

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE');
  const auth = requireApiAuth(context);
  const ids = parseAppointmentIds(params.id);
  if (ids?.length !== 1) return json({ type: 'appointmentNotFound' }, 404);
  const type = await cancelAppointment(await getDb(), viewerOf(auth), ids[0]!);
  return json({ type }, type === 'success' ? 200 : type === 'appointmentNotFound' ? 404 : 409);
}
