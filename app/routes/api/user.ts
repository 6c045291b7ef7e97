/**
 * POST|PUT /api/user?csrfToken=… (spec 2 §7, spec 3 §7): saves the logged-in patient's contact
 * details (streetAddress, zipCode or postalCode, postOffice, phoneNumber, emailAddress, language)
 * with the my-information page's service. PUT answers {type: 'success', patient}; POST also
 * answers `nextPath` (a safe `next` from the body or query, else my information) for the
 * full-page navigation. Refusals: {type: 'validation', fields} (400).
 */
import { portalContext } from '~/context';
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/api.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { updateContact } from '~/services/my-information/contact.server';
import type { Route } from './+types/user';

const STATUS = { success: 200, validation: 400, notFound: 404 } as const;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST' && request.method !== 'PUT') return methodNotAllowed('POST, PUT');
  const auth = requireApiAuth(context);
  const { lang } = context.get(portalContext);
  const body = await readBody(request);
  const language = typeof body.language === 'string' ? body.language : auth.person.language;
  const result = await updateContact(await getDb(), auth, {
    streetAddress: body.streetAddress,
    zipCode: body.zipCode ?? body.postalCode,
    postOffice: body.postOffice,
    phoneNumber: body.phoneNumber,
    emailAddress: body.emailAddress,
    language,
  });
  if (result.type !== 'success' || request.method === 'PUT') return json(result, STATUS[result.type]);
  const next = typeof body.next === 'string' ? body.next : new URL(request.url).searchParams.get('next');
  return json({ ...result, nextPath: safeRedirectPath(next, pagePath('myInformation', lang)) });
}
