/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): lapses this browser's session as
 * an idle timeout now, so the end-to-end tests reach the timed-out page and the SMS code
 * without waiting SESSION_IDLE_MINUTES. GET /dev/test-fixtures/session?lapse=idle
 */
import { env } from '~/env.server';
import { json } from '~/lib/api.server';
import { sha256 } from '~/lib/crypto.server';
import { lapseSession, readSessionToken } from '~/services/auth/session.server';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/test-session';

export async function loader({ request }: Route.LoaderArgs) {
  if (env().DEPLOYMENT_ENV !== 'test') return new Response('Not found', { status: 404 });
  const token = await readSessionToken(request);
  if (!token || new URL(request.url).searchParams.get('lapse') !== 'idle') return json({ error: 'no session' }, 400);
  await lapseSession(await getDb(), sha256(token), new Date(Date.now() - 1000));
  return json({ type: 'lapsed' });
}
