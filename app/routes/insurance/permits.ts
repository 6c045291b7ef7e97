/**
 * GET /api/insurance/lahitapiola-direct-compensation-permits/{lang} (spec 3 §7): the logged-in
 * person's valid direct-compensation permits. Answers {type: 'success', directCompensationPermits:
 * [{symptom, bodyPart, validTo (yyyy-MM-dd), contentHash}]} or {type: 'error'} (502).
 */
import { isLanguage } from '~/i18n/config';
import { json, requireApiAuth } from '~/lib/api.server';
import { logAccess } from '~/services/audit/access-log.server';
import { getDb } from '~/services/db/db.server';
import { insurerAdapter } from '~/services/insurance/insurers.server';
import type { Route } from './+types/permits';

export async function loader({ context, params }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  if (!isLanguage(params.lang)) return json({ type: 'notFound' }, 404);
  const db = await getDb();
  const answer = await insurerAdapter(db).lahiTapiolaPermits({ identityCode: auth.person.identityCode });
  await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'view', resource: 'insurance:permits' });
  if (answer.type === 'error') return json(answer, 502);
  return json({ type: 'success', directCompensationPermits: answer.permits });
}
