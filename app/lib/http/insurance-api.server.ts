/**
 * Route glue of the insurer calls (`/api/insurance/…`, spec 3 §7): each needs the session (401
 * JSON) and puts the view of the person's insurance data in the access log.
 */
import type { RouterContextProvider } from 'react-router';
import { requireApiAuth } from '~/lib/http/api.server';
import { logAccess } from '~/services/audit/access-log.server';
import { getDb } from '~/services/db/db.server';
import { insurerAdapter } from '~/services/booking/insurance/insurers.server';

/** The logged-in caller's insurer adapter and identity, after the access log has the view of `resource`. */
export async function insuranceCall(context: Readonly<RouterContextProvider>, resource: string) {
  const auth = requireApiAuth(context);
  const db = await getDb();
  await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'view', resource });
  return { adapter: insurerAdapter(db), who: { identityCode: auth.person.identityCode } };
}
