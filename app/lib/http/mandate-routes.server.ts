/**
 * Route glue of choosing someone to act for on a Suomi.fi mandate (ADR 0050): the three resource
 * routes of each mandate kind (routes/account/acting-for.ts, routes/account/company-mandate.ts),
 * over the kind's `MandateFlow` (app/services/people/e-authorizations/mandate-flow.server.ts):
 *   POST /<kind>/start   → the e-Authorizations selection page (303)
 *   GET  /<kind>/return  ← the selection's answer (`code` or `error`) → the kind's page, a flash
 *   POST /<kind>/stop    → no longer on the mandate → the front page
 * No page of their own (the choice is on Suomi.fi's page, the outcome a flash). A logged-in person
 * only; the general brand only (the children's brand offers none of this: 404).
 */
import { redirect, type RouterContextProvider } from 'react-router';
import { authContext, portalContext, requestInfoContext, type FlashMessage } from '~/context';
import { env } from '~/env.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { notFound } from '~/lib/http/responses';
import { pagePath, type PageKey } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { eAuthorizations } from '~/services/people/e-authorizations/e-authorizations.server';
import type { EAuthErrorCode } from '~/services/people/e-authorizations/e-authorizations';
import type { MandateFlow } from '~/services/people/e-authorizations/mandate-flow.server';

/** A mandate kind's routes: its flow, where the selection returns, and what the person is told. */
export interface MandateRoutes<Error extends string, Chosen> {
  flow: MandateFlow<Error, Chosen>;
  /** The return route's path (the selection's `redirect_uri` on our origin). */
  returnPath: string;
  /** Where the person goes once the choice is recorded, and the flash that says so. */
  started(chosen: Chosen): { page: PageKey; flash: FlashMessage };
  stopped: FlashMessage;
  failed(error: Error | EAuthErrorCode): FlashMessage;
}

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { step?: string };
}

function required(context: Readonly<RouterContextProvider>) {
  const auth = context.get(authContext);
  if (env().BRAND !== 'general') throw notFound();
  if (!auth) throw redirect(pagePath('login', context.get(portalContext).lang), 303);
  return auth;
}

/** GET /<kind>/return: the selection's answer recorded, or the reason it was not. */
export async function mandateLoader<E extends string, C>({ request, context, params }: Args, kind: MandateRoutes<E, C>): Promise<Response> {
  if (params.step !== 'return') throw notFound();
  const auth = required(context);
  const { origin } = context.get(requestInfoContext);
  const { lang } = context.get(portalContext);
  const url = new URL(request.url);
  const result = await kind.flow.complete(await getDb(), eAuthorizations(origin), {
    sessionIdHash: auth.session.idHash,
    personId: auth.person.id,
    code: url.searchParams.get('error') ? null : url.searchParams.get('code'),
    redirectUri: `${origin}${kind.returnPath}`,
    brand: env().BRAND,
  });
  if (!result.ok) return redirectWithFlash(pagePath('front', lang), kind.failed(result.error));
  const started = kind.started(result.chosen);
  return redirectWithFlash(pagePath(started.page, lang), started.flash);
}

/** POST /<kind>/start and /<kind>/stop. */
export async function mandateAction<E extends string, C>({ context, params }: Args, kind: MandateRoutes<E, C>): Promise<Response> {
  const auth = required(context);
  const { lang } = context.get(portalContext);
  const front = pagePath('front', lang);
  const db = await getDb();
  if (params.step === 'stop') {
    await kind.flow.stop(db, auth.session.idHash);
    return redirectWithFlash(front, kind.stopped);
  }
  if (params.step !== 'start') throw notFound();
  const { origin } = context.get(requestInfoContext);
  const begun = await kind.flow.begin(db, eAuthorizations(origin), {
    sessionIdHash: auth.session.idHash,
    person: { id: auth.person.id, identityCode: auth.person.identityCode },
    redirectUri: `${origin}${kind.returnPath}`,
    language: lang,
  });
  if (!begun.ok) return redirectWithFlash(front, kind.failed(begun.error));
  return redirect(begun.url.toString(), 303);
}
