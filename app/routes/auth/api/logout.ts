/**
 * POST /api/logout?csrfToken=… (spec 2 §7): ends the session on the server (as the log-out
 * page) and answers {type: 'success', nextPath} — the front page, where the browser goes next.
 */
import { authContext, portalContext } from '~/context';
import { methodNotAllowed } from '~/lib/http/api.server';
import { pagePath } from '~/route-table';
import { logAccess } from '~/services/audit/access-log.server';
import { revokeSession } from '~/services/auth/session.server';
import { clearSessionCookie } from '~/lib/http/session-cookie.server';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/logout';

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const { lang } = context.get(portalContext);
  const auth = context.get(authContext);
  if (auth) {
    const db = await getDb();
    await revokeSession(db, auth.session.idHash);
    await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'logout', resource: 'session' });
  }
  const headers = new Headers({ 'Cache-Control': 'no-store', 'Content-Type': 'application/json' });
  headers.append('Set-Cookie', await clearSessionCookie());
  return new Response(JSON.stringify({ type: 'success', nextPath: pagePath('front', lang) }), { headers });
}
