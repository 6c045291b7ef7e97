/**
 * Acting for another adult on a Suomi.fi mandate (issue 42, ADR 0050), three resource routes
 * (no page of their own: the choice is on Suomi.fi's page, the outcome a flash on the front page):
 *   POST /acting-for/start   → the e-Authorizations selection page (303)
 *   GET  /acting-for/return  ← the selection's answer (`code` or `error`) → the front page
 *   POST /acting-for/stop    → acting for oneself again → the front page
 * A logged-in person only; the general brand only (the children's brand offers none of this).
 */
import { redirect } from 'react-router';
import { authContext, portalContext, requestInfoContext, type FlashMessage } from '~/context';
import { env } from '~/env.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { notFound } from '~/lib/http/responses';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { beginActing, completeActing, stopActing, type ActingError } from '~/services/people/e-authorizations/acting-for.server';
import { eAuthorizations } from '~/services/people/e-authorizations/e-authorizations.server';
import type { Route } from './+types/acting-for';

export const RETURN_PATH = '/acting-for/return';

function required(context: Route.LoaderArgs['context']) {
  const auth = context.get(authContext);
  if (env().BRAND !== 'general') throw notFound();
  if (!auth) throw redirect(pagePath('login', context.get(portalContext).lang), 303);
  return auth;
}

const errorFlash = (error: ActingError): FlashMessage => ({ type: error === 'cancelled' ? 'info' : 'error', key: `actingFor.errors.${error}` });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.step !== 'return') throw notFound();
  const auth = required(context);
  const { origin } = context.get(requestInfoContext);
  const front = pagePath('front', context.get(portalContext).lang);
  const url = new URL(request.url);
  const result = await completeActing(await getDb(), eAuthorizations(origin), {
    sessionIdHash: auth.session.idHash,
    delegateId: auth.person.id,
    code: url.searchParams.get('error') ? null : url.searchParams.get('code'),
    redirectUri: `${origin}${RETURN_PATH}`,
    brand: env().BRAND,
  });
  if (!result.ok) return redirectWithFlash(front, errorFlash(result.error));
  return redirectWithFlash(front, { type: 'success', key: 'actingFor.started', values: { name: `${result.principal.firstName} ${result.principal.lastName}` } });
}

export async function action({ context, params }: Route.ActionArgs) {
  const auth = required(context);
  const { lang } = context.get(portalContext);
  const front = pagePath('front', lang);
  const db = await getDb();
  if (params.step === 'stop') {
    await stopActing(db, auth.session.idHash);
    return redirectWithFlash(front, { type: 'info', key: 'actingFor.stopped' });
  }
  if (params.step !== 'start') throw notFound();
  const { origin } = context.get(requestInfoContext);
  const begun = await beginActing(db, eAuthorizations(origin), {
    sessionIdHash: auth.session.idHash,
    delegate: { id: auth.person.id, identityCode: auth.person.identityCode },
    redirectUri: `${origin}${RETURN_PATH}`,
    language: lang,
  });
  if (!begun.ok) return redirectWithFlash(front, errorFlash(begun.error));
  return redirect(begun.url.toString(), 303);
}
