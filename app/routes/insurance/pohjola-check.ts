/**
 * GET /api/insurance/pohjola-check/{date} (spec 3 §7): whether Pohjola has an insurance for the
 * logged-in person on the date (yyyy-MM-dd). Answers {hasInsurance} or {type: 'error'} (502).
 */
import { json, requireApiAuth } from '~/lib/api.server';
import { logAccess } from '~/services/audit/access-log.server';
import { getDb } from '~/services/db/db.server';
import { insurerAdapter } from '~/services/insurance/insurers.server';
import type { Route } from './+types/pohjola-check';

export async function loader({ context, params }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  const date = params.date ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T12:00:00Z`))) return json({ type: 'validation' }, 400);
  const db = await getDb();
  const answer = await insurerAdapter(db).pohjolaCheck({ identityCode: auth.person.identityCode }, date);
  await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'view', resource: 'insurance:pohjola' });
  return answer.type === 'success' ? json({ hasInsurance: answer.hasInsurance }) : json(answer, 502);
}
