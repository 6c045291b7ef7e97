/**
 * Acting for a client company on a Suomi.fi YPA mandate (issue 42 part 3, ADR 0050), three
 * resource routes like acting for another adult (routes/account/acting-for.ts):
 *   POST /company-mandate/start   → the e-Authorizations selection page (303)
 *   GET  /company-mandate/return  ← the selection's answer (`code` or `error`) → the HR messages page
 *   POST /company-mandate/stop    → no longer for the company → the front page
 * A logged-in person only; the general brand only (the children's brand offers none of this).
 */
import { redirect } from 'react-router';
import { authContext, portalContext, requestInfoContext, type FlashMessage } from '~/context';
import { env } from '~/env.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { notFound } from '~/lib/http/responses';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import {
  beginCompanyMandate,
  completeCompanyMandate,
  stopCompanyMandate,
  type CompanyMandateError,
} from '~/services/people/e-authorizations/company-mandate.server';
import { eAuthorizations } from '~/services/people/e-authorizations/e-authorizations.server';
import type { Route } from './+types/company-mandate';

export const COMPANY_RETURN_PATH = '/company-mandate/return';


function required(context: Route.LoaderArgs['context']) {
  const auth = context.get(authContext);
  if (env().BRAND !== 'general') throw notFound();
  if (!auth) throw redirect(pagePath('login', context.get(portalContext).lang), 303);
  return auth;
}

function errorFlash(error: CompanyMandateError): FlashMessage {
  const type = error === 'cancelled' ? 'info' : 'error';
  switch (error) {
    case 'cancelled':
    case 'notStarted':
    case 'noCompany':
    case 'unknownCompany':
    case 'noRole':
      return { type, key: `actingFor.company.errors.${error}` };
    default:
      // The service's own failures read as in acting for a person.
      return { type, key: `actingFor.errors.${error}` };
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.step !== 'return') throw notFound();
  const auth = required(context);
  const { origin } = context.get(requestInfoContext);
  const { lang } = context.get(portalContext);
  const url = new URL(request.url);
  const result = await completeCompanyMandate(await getDb(), eAuthorizations(origin), {
    sessionIdHash: auth.session.idHash,
    personId: auth.person.id,
    code: url.searchParams.get('error') ? null : url.searchParams.get('code'),
    redirectUri: `${origin}${COMPANY_RETURN_PATH}`,
  });
  if (!result.ok) return redirectWithFlash(pagePath('front', lang), errorFlash(result.error));
  return redirectWithFlash(pagePath('hrMessages', lang), { type: 'success', key: 'actingFor.company.started', values: { company: result.company.name } });
}

export async function action({ context, params }: Route.ActionArgs) {
  const auth = required(context);
  const { lang } = context.get(portalContext);
  const front = pagePath('front', lang);
  const db = await getDb();
  if (params.step === 'stop') {
    await stopCompanyMandate(db, auth.session.idHash);
    return redirectWithFlash(front, { type: 'info', key: 'actingFor.company.stopped' });
  }
  if (params.step !== 'start') throw notFound();
  const { origin } = context.get(requestInfoContext);
  const begun = await beginCompanyMandate(db, eAuthorizations(origin), {
    sessionIdHash: auth.session.idHash,
    person: { id: auth.person.id, identityCode: auth.person.identityCode },
    redirectUri: `${origin}${COMPANY_RETURN_PATH}`,
    language: lang,
  });
  if (!begun.ok) return redirectWithFlash(front, errorFlash(begun.error));
  return redirect(begun.url.toString(), 303);
}
