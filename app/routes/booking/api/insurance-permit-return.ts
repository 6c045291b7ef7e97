/**
 * GET /api/insurance/lahitapiola-apply-permit/return?state=…&lang=…&status=…[&permit=…]
 * (spec 3 §7, ADR 0022): the insurer's return; without a session, to the booking landing.
 */
import { redirect } from 'react-router';
import { authContext, portalContext } from '~/context';
import { isLanguage } from '~/i18n/config';
import { clearFlowBinding, readFlowBinding } from '~/lib/http/flow-binding.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { completePermitApplication } from '~/services/booking/insurance/insurance.server';
import { insurerAdapter } from '~/services/booking/insurance/insurers.server';
import type { Route } from './+types/insurance-permit-return';

/** The insurer's return: the flow's state by the return status, then back to the reserve page. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<Response> {
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
