/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else), for this browser's session:
 * - GET /dev/test-fixtures/session?lapse=idle lapses it as an idle timeout now, so end-to-end
 *   tests reach the timed-out page and the SMS code without waiting SESSION_IDLE_MINUTES;
 * - GET /dev/test-fixtures/session?idleMinutes=N moves its last activity N minutes back (its idle
 *   expiry with it), as if the user had left the page that long ago;
 * - GET /dev/test-fixtures/session?identifiedMinutes=N moves its identification N minutes back, as
 *   if the person had identified that long ago (a contact change then needs identifying again);
 * - GET /dev/test-fixtures/session?ward=new gives its person a new minor ward (a child of 8),
 *   so guardian tests never share a ward; the ward is in the built-in population register too
 *   (ADR 0023), so a refresh of the guardianships keeps it. Uses the same factories as the seed.
 */
import { addGuardianship, addRegisterFamily, backdateSessionActivity, backdateSessionIdentification, createPerson } from '~db/factories';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { json } from '~/lib/http/api.server';
import { sha256 } from '~/lib/crypto.server';
import { makeIdentityCode } from '~/models/identity-code';
import { lapseSession, lookupSession } from '~/services/auth/session.server';
import { readSessionToken } from '~/lib/http/session-cookie.server';
import { getDb } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { helsinkiDate } from '~/lib/dates';
import type { Route } from './+types/test-session';

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment();
  const token = await readSessionToken(request);
  const params = new URL(request.url).searchParams;
  const db = await getDb();
  if (token && params.get('lapse') === 'idle') {
    await lapseSession(db, sha256(token), new Date(clock.nowMs() - 1000));
    return json({ type: 'lapsed' });
  }
  const idleMinutes = Number(params.get('idleMinutes'));
  if (token && Number.isInteger(idleMinutes) && idleMinutes > 0) {
    await backdateSessionActivity(db, sha256(token), idleMinutes * 60_000);
    return json({ type: 'idle' });
  }
  const identifiedMinutes = Number(params.get('identifiedMinutes'));
  if (token && Number.isInteger(identifiedMinutes) && identifiedMinutes > 0) {
    await backdateSessionIdentification(db, sha256(token), identifiedMinutes * 60_000);
    return json({ type: 'identified' });
  }
  const lookup = await lookupSession(db, token);
  if (lookup.status === 'active' && params.get('ward') === 'new') {
    const year = Number(helsinkiDate(clock.now()).slice(0, 4)) - 8;
    const ward = await createPerson(db, {
      identityCode: makeIdentityCode(`${year}-04-01`, 2 + Math.floor(Math.random() * 897)),
      firstName: 'Vilja',
      lastName: 'Testinen',
    });
    await addGuardianship(db, lookup.person.id, ward.id);
    const { person } = lookup;
    await addRegisterFamily(db, { identityCode: person.identityCode, firstName: person.firstName, lastName: person.lastName }, [
      { identityCode: ward.identityCode, firstName: ward.firstName, lastName: ward.lastName },
    ]);
    return json({ type: 'ward', name: `${ward.firstName} ${ward.lastName}` });
  }
  return json({ error: 'no session' }, 400);
}
