/**
 * GET /api/insurance/lahitapiola-apply-permit?redirectTo=…&channel=m|w (spec 3 §7, ADR 0022):
 * the navigation to the insurer; without a session, to log in.
 */
import { redirect } from 'react-router';
import { authContext, portalContext, requestInfoContext } from '~/context';
import { json } from '~/lib/http/api.server';
import { bindFlowToBrowser } from '~/lib/http/flow-binding.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { matchPage } from '~/route-match.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { startPermitApplication } from '~/services/booking/insurance/insurance.server';
import { permitChannel } from '~/services/booking/insurance/insurance-rules';
import { insurerAdapter } from '~/services/booking/insurance/insurers.server';
import type { Route } from './+types/insurance-apply-permit';

/**
 * The navigation that applies for a permit: `redirectTo` must be our own insurance reserve page
 * of a free time (a safe relative path); the application is bound to this browser and a one-use
 * state, and the browser goes to the insurer. Channel m is the app's in-app booking, w the web
 * (from the session when not given).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<Response> {
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
