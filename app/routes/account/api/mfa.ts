/**
 * POST /api/mfa?csrfToken=… {action: 'enable' | 'disable'} (spec 2 §7). `disable` turns SMS
 * login off; `enable` answers the current status (enabling itself goes through
 * /api/mfa-onboarding, which verifies the phone). Sessions resumed with an SMS code may not
 * change SMS login (403).
 */
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { getDb } from '~/services/db/db.server';
import { disableMfa, mfaStatus } from '~/services/account/mfa.server';
import type { Route } from './+types/mfa';

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const auth = requireApiAuth(context);
  const body = await readBody(request);
  const db = await getDb();
  if (body.action === 'disable') {
    const result = await disableMfa(db, auth);
    return result === 'ok' ? json({ type: 'success' }) : json({ type: result }, 403);
  }
  if (body.action === 'enable') return json(await mfaStatus(db, auth.person.id, auth.features));
  return json({ type: 'validation' }, 400);
}
