/**
 * POST /api/payments?csrfToken= (spec 2 §7) with {reference: invoiceNumber, amount, language}:
 * {terms, providers} of a new payment, from the same payment service as the pay page. The server
 * decides the amount (the invoice's sum); a request for another amount is refused
 * (invoiceSumNotValid). The payment is bound to this browser like the pay page's.
 */
import { data } from 'react-router';
import { z } from 'zod';
import { portalContext, requestInfoContext } from '~/context';
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { pagePath } from '~/route-table';
import { viewerOf } from '~/services/people/viewer.server';
import { bindFlowToBrowser } from '~/lib/http/flow-binding.server';
import { getDb } from '~/services/db/db.server';
import { findVisibleInvoice } from '~/services/billing/invoices.server';
import { paymentClient, preparePayment } from '~/services/billing/payments.server';
import type { Route } from './+types/payments';

const INVOICE_NUMBER = /^\d{1,20}$/;

const createSchema = z.object({
  reference: z.string().regex(INVOICE_NUMBER),
  amount: z.coerce.number().int().positive().optional(),
  language: z.enum(['FI', 'SV', 'EN']).optional(),
});

export function loader() {
  return methodNotAllowed('POST');
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const auth = requireApiAuth(context);
  const parsed = createSchema.safeParse(await readBody(request));
  if (!parsed.success) return json({ type: 'validation' }, 400);
  const { lang } = context.get(portalContext);
  const { origin } = context.get(requestInfoContext);
  const db = await getDb();
  const invoice = await findVisibleInvoice(db, viewerOf(auth), { invoiceNumber: parsed.data.reference });
  if (!invoice) return json({ type: 'invoiceNotFound' }, 404);
  if (parsed.data.amount !== undefined && parsed.data.amount !== invoice.sumCents) return json({ type: 'invoiceSumNotValid' }, 400);
  const binding = await bindFlowToBrowser(request);
  const result = await preparePayment(db, paymentClient(db, origin), {
    viewer: viewerOf(auth),
    payer: { email: auth.person.email, firstName: auth.person.firstName, lastName: auth.person.lastName },
    invoiceNumber: invoice.invoiceNumber,
    lang,
    origin,
    returnUrl: `${origin}${pagePath('paymentResult', lang, { number: invoice.invoiceNumber })}`,
    callbackUrl: `${origin}/api/payments/callback`,
    browserBindingHash: binding.bindingHash,
  });
  switch (result.type) {
    case 'invoiceNotFound':
      return json({ type: 'invoiceNotFound' }, 404);
    case 'emailRequired':
      return json({ type: 'emailRequired' }, 409);
    case 'notPayable':
      return json({ type: result.invoice.state === 'paid' ? 'invoiceAlreadyPaid' : 'notPayableOnline' }, 409);
    case 'providerError':
      return json({ type: 'unableToProcess' }, 502);
    case 'ready':
      return data(
        {
          paymentId: result.paymentId,
          terms: result.terms,
          providers: result.methods.map((m) => ({ name: m.name, id: m.id, url: m.url, svg: m.svg, parameters: m.parameters })),
        },
        { headers: { 'Set-Cookie': binding.setCookie, 'Cache-Control': 'no-store' } },
      );
  }
}
