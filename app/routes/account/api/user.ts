/**
 * POST|PUT /api/user?csrfToken=… (spec 2 §7, spec 3 §7): saves the logged-in patient's contact
 * details (streetAddress, zipCode or postalCode, postOffice, phoneNumber, emailAddress, language)
 * with the my-information page's service, and for a minor's own record their guardians list
 * (refused for an adult). PUT answers {type: 'success', patient}; POST also
 * answers `nextPath` (a safe `next` from the body or query, else my information) for the
 * full-page navigation. Refusals: {type: 'validation', fields} (400); a new phone or e-mail
 * without a recent strong identification {type: 'reidentificationRequired'} (403, nothing saved;
 * ADR 0047). A saved change of either tells the old number or address.
 */
import { portalContext } from '~/context';
import { deliverAfterCommit } from '~/services/outbox/outbox.server';
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { pagePath } from '~/route-table';
import { getDb, withTransaction } from '~/services/db/db.server';
import { guardiansSchema } from '~/models/account/my-information';
import { fieldErrorsOf } from '~/models/booking/reservation-schemas';
import { updateContact } from '~/services/account/contact.server';
import { saveGuardians } from '~/services/account/guardians.server';
import type { Route } from './+types/user';

const STATUS = { success: 200, validation: 400, reidentificationRequired: 403, notFound: 404 } as const;

/** Rolls the contact change back when the guardians cannot be saved (an adult's own record). */
class GuardiansRefused extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super('guardians refused');
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST' && request.method !== 'PUT') return methodNotAllowed('POST, PUT');
  const auth = requireApiAuth(context);
  const { lang, brand } = context.get(portalContext);
  const body = await readBody(request);
  const language = typeof body.language === 'string' ? body.language : auth.person.language;
  const contact = {
    streetAddress: body.streetAddress,
    zipCode: body.zipCode ?? body.postalCode,
    postOffice: body.postOffice,
    phoneNumber: body.phoneNumber,
    emailAddress: body.emailAddress,
    language,
  };
  const db = await getDb();
  // A minor's own record may carry their guardians (spec 2 §7 "guardians list"): checked first,
  // then saved with the contact details in one transaction.
  const guardians = Array.isArray(body.guardians) && body.guardians.length > 0 ? body.guardians : null;
  if (guardians) {
    const parsed = guardiansSchema.safeParse({ wardId: auth.person.id, guardians });
    if (!parsed.success) return json({ type: 'validation', fields: fieldErrorsOf(parsed.error) }, 400);
  }
  const result = await withTransaction(db, async (t) => {
    const saved = await updateContact(t, auth, contact, { brand });
    if (saved.type !== 'success' || !guardians) return saved;
    const list = await saveGuardians(t, auth, { wardId: auth.person.id, guardians });
    if (list.type === 'success') return saved;
    throw new GuardiansRefused(list.type === 'validation' ? list.fields : { guardians: ['myInformation.guardians.notAllowed'] });
  }).catch((error: unknown) => {
    if (error instanceof GuardiansRefused) return { type: 'validation' as const, fields: error.fields };
    throw error;
  });
  if (result.type !== 'success') return json(result, STATUS[result.type]);
  // Committed: the notices to the old number and address leave now (never in the answer).
  const { notices, ...saved } = result;
  await deliverAfterCommit(notices);
  if (request.method === 'PUT') return json(saved, STATUS.success);
  const next = typeof body.next === 'string' ? body.next : new URL(request.url).searchParams.get('next');
  return json({ ...saved, nextPath: safeRedirectPath(next, pagePath('myInformation', lang)) });
}
