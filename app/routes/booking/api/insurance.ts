/**
 * GET /api/insurance/* (spec 3 §7): the insurer calls and the permit application round trip,
 * answered by this one resource route so the browser's route manifest carries one entry, not five:
 *   GET lahitapiola-policy-check → {type: 'success', hasHealthcarePolicy} | {type: 'error'} (502)
 *   GET lahitapiola-direct-compensation-permits/{lang} → {type: 'success', directCompensationPermits: [{symptom, bodyPart, validTo, contentHash}]}
 *   GET pohjola-check/{date} → {hasInsurance} (date yyyy-MM-dd)
 *   GET lahitapiola-apply-permit?redirectTo=…&channel=m|w → the navigation to the insurer (ADR 0022)
 *   GET lahitapiola-apply-permit/return?state=…&lang=…&status=…[&permit=…] → the insurer's return
 * Every call needs the session (401 JSON; the navigations go to log in or the booking landing),
 * and each view of the person's insurance data goes to the access log.
 */
import { redirect, type RouterContextProvider } from 'react-router';
import { authContext, portalContext, requestInfoContext } from '~/context';
import { isLanguage } from '~/i18n/config';
import { json, requireApiAuth } from '~/lib/http/api.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { matchPage } from '~/route-match.server';
import { pagePath } from '~/route-table';
import { logAccess } from '~/services/audit/access-log.server';
import { bindFlowToBrowser, clearFlowBinding, readFlowBinding } from '~/lib/http/flow-binding.server';
import { getDb } from '~/services/db/db.server';
import { completePermitApplication, startPermitApplication } from '~/services/booking/insurance/insurance.server';
import { permitChannel } from '~/services/booking/insurance/insurance-rules';
import { insurerAdapter } from '~/services/booking/insurance/insurers.server';
import type { Route } from './+types/insurance';

type Context = Readonly<RouterContextProvider>;

async function viewed(context: Context, resource: string) {
  const auth = requireApiAuth(context);
  const db = await getDb();
  await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'view', resource });
  return { auth, db, adapter: insurerAdapter(db), who: { identityCode: auth.person.identityCode } };
}

/** Answers one call by its path below /api/insurance/. */
async function insuranceApi(request: Request, context: Context, path: string): Promise<Response> {
  const [name, arg, extra] = path.split('/');
  if (name === 'lahitapiola-policy-check' && arg === undefined) {
    const { adapter, who } = await viewed(context, 'insurance:policy');
    const answer = await adapter.lahiTapiolaPolicyCheck(who);
    return json(answer, answer.type === 'success' ? 200 : 502);
  }
  if (name === 'lahitapiola-direct-compensation-permits' && isLanguage(arg) && extra === undefined) {
    const { adapter, who } = await viewed(context, 'insurance:permits');
    const answer = await adapter.lahiTapiolaPermits(who);
    return answer.type === 'success' ? json({ type: 'success', directCompensationPermits: answer.permits }) : json(answer, 502);
  }
  if (name === 'pohjola-check' && arg !== undefined && extra === undefined) {
    requireApiAuth(context);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(arg) || Number.isNaN(Date.parse(`${arg}T12:00:00Z`))) return json({ type: 'validation' }, 400);
    const { adapter, who } = await viewed(context, 'insurance:pohjola');
    const answer = await adapter.pohjolaCheck(who, arg);
    return answer.type === 'success' ? json({ hasInsurance: answer.hasInsurance }) : json(answer, 502);
  }
  if (name === 'lahitapiola-apply-permit' && arg === undefined) return applyPermit(request, context);
  if (name === 'lahitapiola-apply-permit' && arg === 'return' && extra === undefined) return permitReturn(request, context);
  return json({ type: 'notFound' }, 404);
}

/**
 * The navigation that applies for a permit: `redirectTo` must be our own insurance reserve page
 * of a free time (a safe relative path); the application is bound to this browser and a one-use
 * state, and the browser goes to the insurer. Channel m is the app's in-app booking, w the web
 * (from the session when not given).
 */
async function applyPermit(request: Request, context: Context): Promise<Response> {
  const url = new URL(request.url);
  const back = safeRedirectPath(url.searchParams.get('redirectTo'), '');
  const page = back ? matchPage(new URL(back, 'https://portal.invalid').pathname) : null;
  if (!page || page.key !== 'insuranceReserve') return json({ type: 'notFound' }, 404);
  const auth = context.get(authContext);
  if (!auth) throw redirect(pagePath('login', page.lang, {}, new URLSearchParams({ nextPath: back })));
  const slotId = Number(page.params.slotId);
  if (!Number.isSafeInteger(slotId) || slotId <= 0) return json({ type: 'notFound' }, 404);
  const param = url.searchParams.get('channel');
  const channel = param === 'm' || param === 'w' ? param : permitChannel(context.get(portalContext).inApp);
  const db = await getDb();
  const binding = await bindFlowToBrowser(request);
  const started = await startPermitApplication(db, insurerAdapter(db), auth.person, slotId, {
    origin: context.get(requestInfoContext).origin,
    lang: page.lang,
    channel,
    bindingHash: binding.bindingHash,
  });
  // Not applicable now (or the insurer failed): back to the page, which shows the flow's state.
  if (started.type !== 'redirect') throw redirect(pagePath('insuranceReserve', page.lang, { slotId: String(slotId) }));
  return new Response(null, { status: 303, headers: { Location: started.url, 'Set-Cookie': binding.setCookie } });
}

/** The insurer's return: the flow's state by the return status, then back to the reserve page. */
async function permitReturn(request: Request, context: Context): Promise<Response> {
  const url = new URL(request.url);
  const param = url.searchParams.get('lang');
  const lang = isLanguage(param) ? param : context.get(portalContext).lang;
  const auth = context.get(authContext);
  if (!auth) throw redirect(pagePath('bookingLanding', lang));
  const db = await getDb();
  const done = await completePermitApplication(db, insurerAdapter(db), auth.person, {
    state: url.searchParams.get('state'),
    status: url.searchParams.get('status'),
    permit: url.searchParams.get('permit'),
    binding: await readFlowBinding(request),
  });
  const headers = new Headers({ 'Set-Cookie': await clearFlowBinding() });
  headers.set('Location', done ? pagePath('insuranceReserve', lang, { slotId: String(done.slotId) }) : pagePath('bookingLanding', lang));
  return new Response(null, { status: 303, headers });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return insuranceApi(request, context, params['*'] ?? '');
}
