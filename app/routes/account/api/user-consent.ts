/**
 * POST /api/user/consent?csrfToken=…&lang=… (spec 3 §7): saves the logged-in user's patient data
 * consent (the five booleans; readConfirmation the first time). Answers
 * {type: 'success', nextPath} (a safe `next` from the query, or the front page) or
 * {type: 'validation', fields}.
 */
import { portalContext } from '~/context';
import { isLanguage } from '~/i18n/config';
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { CONSENT_FIELDS } from '~/models/booking/reservation-schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { giveConsent } from '~/services/account/registration.server';
import { checkbox } from '../../booking/api/reserve-answer';
import type { Route } from './+types/user-consent';

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const auth = requireApiAuth(context);
  const portal = context.get(portalContext);
  const query = new URL(request.url).searchParams;
  const lang = isLanguage(query.get('lang')) ? (query.get('lang') as typeof portal.lang) : portal.lang;
  const body = await readBody(request);
  const input = Object.fromEntries([...CONSENT_FIELDS, 'readConfirmation'].map((name) => [name, checkbox(body[name])]));
  const result = await giveConsent(await getDb(), auth, input, { brand: portal.brand });
  if (result.type === 'validation') return json(result, 400);
  return json({ type: 'success', nextPath: safeRedirectPath(query.get('next'), pagePath('front', lang)) });
}
