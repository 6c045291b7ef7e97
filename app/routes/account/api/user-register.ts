/**
 * POST /api/user/register (spec 3 §7): registers the logged-in, strongly identified person as a
 * private patient with firstName, lastName, streetAddress, zipCode, postOffice, phoneNumber and
 * emailAddress. Answers {type: 'success'}, {type: 'alreadyPatient'} or
 * {type: 'validation', fields}.
 */
import { portalContext } from '~/context';
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { getDb } from '~/services/db/db.server';
import { registerPatient } from '~/services/account/registration.server';
import type { Route } from './+types/user-register';

const STATUS = { success: 200, alreadyPatient: 409, validation: 400 } as const;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const auth = requireApiAuth(context);
  const { lang, inApp } = context.get(portalContext);
  const body = await readBody(request);
  const result = await registerPatient(await getDb(), auth, body, { lang, inApp });
  return json(result, STATUS[result.type]);
}
