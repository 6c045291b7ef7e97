/**
 * SMS login onboarding (spec 2 §7):
 * - POST /api/mfa-onboarding?csrfToken=…&lang=… {phoneNumber}: sends a four-digit code at once.
 *   Answers {type: 'code-sent'}, or too-many-onboarding-attempts with `nextAttempt` (429).
 * - PUT /api/mfa-onboarding?csrfToken=… {challengeResponseFromUser: [d, d, d, d]}: answers
 *   {data: {type}} with mfa-ok, mfa-challenge-failed or too-many-mfa-attempts.
 */
import { requestInfoContext } from '~/context';
import { isLanguage } from '~/i18n/config';
import { fixedT } from '~/i18n/i18n.server';
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { getDb } from '~/services/db/db.server';
import { startOnboarding, verifyOnboarding } from '~/services/account/mfa.server';
import type { Route } from './+types/mfa-onboarding';

const START_STATUS = {
  'code-sent': 200,
  'too-many-onboarding-attempts': 429,
  'invalid-phone': 400,
  'needs-bank-identification': 403,
  'environment-has-mfa-disabled': 404,
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireApiAuth(context);
  const { clientIp } = context.get(requestInfoContext);
  const body = await readBody(request);
  const db = await getDb();
  if (request.method === 'POST') {
    const queryLang = new URL(request.url).searchParams.get('lang');
    const lang = isLanguage(queryLang) ? queryLang : auth.person.language;
    const t = fixedT(context, lang);
    const result = await startOnboarding(
      db,
      auth,
      { phone: body.phoneNumber, clientIp },
      { language: lang, text: (code) => t('myInformation.mfa.sms', { code }) },
    );
    const answer =
      result.type === 'code-sent'
        ? { type: result.type, expiresAt: result.expiresAt.toISOString() }
        : result.type === 'too-many-onboarding-attempts'
          ? { type: result.type, nextAttempt: result.nextAttempt.toISOString() }
          : { type: result.type };
    return json(answer, START_STATUS[result.type]);
  }
  if (request.method === 'PUT') {
    const digits = Array.isArray(body.challengeResponseFromUser) ? body.challengeResponseFromUser : [];
    const code = digits.length === 4 && digits.every((d) => /^\d$/.test(String(d))) ? digits.join('') : '';
    const answer = await verifyOnboarding(db, auth, { code, clientIp });
    return json({ data: answer }, answer.type === 'mfa-ok' ? 200 : 400);
  }
  return methodNotAllowed('POST, PUT');
}
