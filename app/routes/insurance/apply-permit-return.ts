/**
 * GET /api/insurance/lahitapiola-apply-permit/return?state=…&lang=…&status=…[&permit=…]: the
 * insurer sends the browser back here after a permit application (spec 3 §4). The state must be
 * the logged-in person's open application, from this browser (flow binding), within its time;
 * the return status sets the direct-compensation state and the browser goes back to the
 * insurance reserve page. Anything else leads to the booking landing page.
 */
import { redirect } from 'react-router';
import { authContext, portalContext } from '~/context';
import { isLanguage } from '~/i18n/config';
import { pagePath } from '~/route-table';
import { clearFlowBinding, readFlowBinding } from '~/services/auth/flow-binding.server';
import { getDb } from '~/services/db/db.server';
import { completePermitApplication } from '~/services/insurance/insurance.server';
import { insurerAdapter } from '~/services/insurance/insurers.server';
import type { Route } from './+types/apply-permit-return';

export async function loader({ request, context }: Route.LoaderArgs) {
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
