/**
 * GET /api/insurance/lahitapiola-policy-check (spec 3 §7): whether LähiTapiola has a
 * health-care policy for the logged-in person. Answers {type: 'success', hasHealthcarePolicy}
 * or {type: 'error'} (502) when the insurer could not be asked.
 */
import { json, requireApiAuth } from '~/lib/api.server';
import { logAccess } from '~/services/audit/access-log.server';
import { getDb } from '~/services/db/db.server';
import { insurerAdapter } from '~/services/insurance/insurers.server';
import type { Route } from './+types/policy-check';

export async function loader({ context }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  const db = await getDb();
  const answer = await insurerAdapter(db).lahiTapiolaPolicyCheck({ identityCode: auth.person.identityCode });
  await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'view', resource: 'insurance:policy' });
  return answer.type === 'success' ? json(answer) : json(answer, 502);
}
