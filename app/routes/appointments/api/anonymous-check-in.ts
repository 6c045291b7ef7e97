/**
 * POST /api/anon/check-in with `appointmentId` (the anonymous link's code) and `ssnEndPart`
 * (spec 2 §7). Answers {type}: success, ssnEndPartMismatch, locked, confidentialityFormNotFilled,
 * confidentialityFormNotFilledAsAdult, tooEarly, alreadyCheckedIn, notFound, rateLimited or
 * unknownError, or 400 `invalid` for an end part that is not three digits and a check character
 * (`isPossibleLastFour`, the page's rule too: no attempt is counted for it). CSRF: the anonymous
 * visitor's token (form field `csrf` or X-CSRF-Token).
 */
import { requestInfoContext } from '~/context';
import { json, methodNotAllowed, readBody } from '~/lib/http/api.server';
import { isPossibleLastFour } from '~/models/identity-code';
import { anonymousCheckIn } from '~/services/appointments/appointments.server';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/anonymous-check-in';

const STATUS: Record<string, number> = { notFound: 404, rateLimited: 429, locked: 423 };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const { appointmentId, ssnEndPart } = await readBody(request);
  if (typeof appointmentId !== 'string' || typeof ssnEndPart !== 'string' || !isPossibleLastFour(ssnEndPart)) {
    return json({ type: 'invalid' }, 400);
  }
  const type = await anonymousCheckIn(await getDb(), appointmentId, ssnEndPart, context.get(requestInfoContext).clientIp);
  return json({ type }, STATUS[type] ?? 200);
}
