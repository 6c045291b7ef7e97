/**
 * GET /api/insurance/lahitapiola-apply-permit?redirectTo=…&channel=m|w (spec 3 §7): the
 * navigation that applies for a direct-compensation permit at LähiTapiola. `redirectTo` must be
 * our own insurance reserve page of a free time (a safe relative path); the application is bound
 * to this browser (flow-binding cookie) and to a one-use state, and the browser is sent to the
 * insurer, which sends it back to …/return with the return status. Channel m is the app's
 * in-app booking, w the web (taken from the session when not given).
 */
import { redirect } from 'react-router';
import { authContext, portalContext, requestInfoContext } from '~/context';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { matchPage, pagePath } from '~/route-table';
import { bindFlowToBrowser } from '~/services/auth/flow-binding.server';
import { getDb } from '~/services/db/db.server';
import { startPermitApplication } from '~/services/insurance/insurance.server';
import { permitChannel } from '~/services/insurance/insurance-rules';
import { insurerAdapter } from '~/services/insurance/insurers.server';
import type { Route } from './+types/apply-permit';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, inApp } = context.get(portalContext);
  const url = new URL(request.url);
  const back = safeRedirectPath(url.searchParams.get('redirectTo'), '');
  const page = back ? matchPage(new URL(back, 'https://portal.invalid').pathname) : null;
  if (!page || page.key !== 'insuranceReserve') return new Response('Not found', { status: 404 });
  const slotId = Number(page.params.slotId);
  const auth = context.get(authContext);
  if (!auth) throw redirect(pagePath('login', page.lang, {}, new URLSearchParams({ nextPath: back })));
  if (!Number.isSafeInteger(slotId) || slotId <= 0) return new Response('Not found', { status: 404 });
  const channelParam = url.searchParams.get('channel');
  const channel = channelParam === 'm' || channelParam === 'w' ? channelParam : permitChannel(inApp);
  const db = await getDb();
  const binding = await bindFlowToBrowser(request);
  const started = await startPermitApplication(db, insurerAdapter(db), auth.person, slotId, {
    origin: context.get(requestInfoContext).origin,
    lang: page.lang ?? lang,
    channel,
    bindingHash: binding.bindingHash,
  });
  // Not applicable now (or the insurer failed): back to the page, which shows the flow's state.
  if (started.type !== 'redirect') throw redirect(pagePath('insuranceReserve', page.lang, { slotId: String(slotId) }));
  return new Response(null, { status: 303, headers: { Location: started.url, 'Set-Cookie': binding.setCookie } });
}
