/**
 * Route glue of a visit's two payment pages (the fee's approval and the success page): one
 * loader step for both. The payment service answers where the visit stands for the viewer
 * (`getVisitPayment`, by the appointment page's rule); each page shows only its own state and
 * sends the other state to the other page, so the two can never disagree on who may see a visit.
 */
import { redirect, type RouterContextProvider } from 'react-router';
import { portalContext } from '~/context';
import { invariantResponse, requireAuth } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { getVisitPayment } from '~/services/billing/visit-payment.server';
import { getDb } from '~/services/db/db.server';
import { viewerOf } from '~/services/people/viewer.server';
import { idParam } from './params';

export type VisitPaymentPage = 'visitPaymentApproval' | 'visitPaymentSuccess';

/**
 * The visit of `params.id` for `page`: notFound() when the viewer may not see it or it has
 * nothing to pay or paid; a redirect to the other page when the visit is in the other's state
 * (paid → success, still to pay → approval).
 */
export async function visitPaymentFor(params: Readonly<Record<string, string | undefined>>, context: Readonly<RouterContextProvider>, page: VisitPaymentPage) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const id = idParam(params);
  const visit = await getVisitPayment(await getDb(), viewerOf(auth), id, lang);
  invariantResponse(visit);
  const belongsOn: VisitPaymentPage = visit.paid ? 'visitPaymentSuccess' : 'visitPaymentApproval';
  if (belongsOn !== page) throw redirect(pagePath(belongsOn, lang, { id: String(id) }));
  return { visit, lang };
}
