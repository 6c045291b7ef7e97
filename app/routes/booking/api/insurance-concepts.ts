/**
 * POST /api/concepts?csrfToken=… (spec 3 §7): records a concept for the logged-in patient
 * (InsertPatientConcept) from `{code}`. Answers `{type}`: Success, conceptNotFound,
 * conceptOnlineUpdateNotAllowed, customerDeniedAccess or customerNotFound (ADR 0022).
 */
import { portalContext } from '~/context';
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { hasControlCharacters } from '~/models/text';
import { getDb } from '~/services/db/db.server';
import { insertPatientConcept } from '~/services/booking/insurance/insurance.server';
import type { Route } from './+types/insurance-concepts';

const STATUS = { Success: 200, conceptNotFound: 404, conceptOnlineUpdateNotAllowed: 409, customerDeniedAccess: 403, customerNotFound: 403 } as const;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const auth = requireApiAuth(context);
  const body = await readBody(request);
  const code = typeof body.code === 'string' ? body.code.trim() : '';
  const type =
    code && code.length <= 20 && !hasControlCharacters(code)
      ? await insertPatientConcept(await getDb(), context.get(portalContext).brand, auth.person.id, code)
      : 'conceptNotFound';
  return json({ type }, STATUS[type]);
}

export function loader() {
  return methodNotAllowed('POST');
}
