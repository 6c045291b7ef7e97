/**
 * POST /api/anon/reserve-appointment (spec 3 §7): the anonymous reservation as JSON or a form,
 * with the spec's payload: appointmentId (the free time's id), ssn, firstName, lastName, phone,
 * emailAddress, termsApproved, bindingApproved (when the start is near). CSRF: the anonymous
 * visitor's token (X-CSRF-Token, `csrfToken` query or `csrf` field).
 * Answers {type: 'success', reservationDetails} or {type} (with `fields` for validation).
 */
import { portalContext, requestInfoContext } from '~/context';
import { json, methodNotAllowed, readBody } from '~/lib/http/api.server';
import { reserveAnonymously } from '~/services/booking/reservation.server';
import { parseSlotId } from '~/services/booking/reservation-rules';
import { getDb } from '~/services/db/db.server';
import { checkbox, reservationAnswer } from './reserve-answer';
import type { Route } from './+types/reserve-anonymous';

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const body = await readBody(request);
  const slotId = parseSlotId(body.appointmentId);
  if (!slotId) return json({ type: 'appointmentNotAvailable' }, 404);
  const { lang, brand, inApp } = context.get(portalContext);
  const result = await reserveAnonymously(
    await getDb(),
    {
      slotId,
      ssn: body.ssn,
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      emailAddress: body.emailAddress,
      termsApproved: checkbox(body.termsApproved),
      bindingApproved: checkbox(body.bindingApproved),
    },
    { lang, brand, inApp, origin: context.get(requestInfoContext).origin },
  );
  return reservationAnswer(result);
}
