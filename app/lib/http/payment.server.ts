/**
 * Route glue of the two ways a payment starts (spec 2 §5 and §7): the pay page's loader and
 * `POST /api/payments`. Both bind the payment to this browser and give the provider the same
 * return and callback addresses; the payment service decides the rest (ADR 0018, 0028).
 */
import type { RouterContextProvider } from 'react-router';
import { portalContext, requestInfoContext, type Auth } from '~/context';
import { pagePath } from '~/route-table';
import { paymentClient, preparePayment } from '~/services/billing/payments.server';
import { getDb } from '~/services/db/db.server';
import { viewerOf } from '~/services/people/viewer.server';
import { bindFlowToBrowser } from './flow-binding.server';

/**
 * The invoice's open payment (reused) or a new one, for the logged-in payer in this browser, and
 * the cookie that binds it to the browser (to send with a ready payment).
 */
export async function startInvoicePayment(request: Request, context: Readonly<RouterContextProvider>, auth: Auth, invoiceNumber: string) {
  const { lang } = context.get(portalContext);
  const { origin } = context.get(requestInfoContext);
  const db = await getDb();
  const binding = await bindFlowToBrowser(request);
  const result = await preparePayment(db, paymentClient(db, origin), {
    viewer: viewerOf(auth),
    payer: { email: auth.person.email, firstName: auth.person.firstName, lastName: auth.person.lastName },
    invoiceNumber,
    lang,
    origin,
    returnUrl: `${origin}${pagePath('paymentResult', lang, { number: invoiceNumber })}`,
    callbackUrl: `${origin}/api/payments/callback`,
    browserBindingHash: binding.bindingHash,
  });
  return { result, setCookie: binding.setCookie };
}
