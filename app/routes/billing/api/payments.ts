/**
 * POST /api/payments?csrfToken= (spec 2 §7) with {reference: invoiceNumber, amount, language}:
 * {terms, providers} of a new payment, from the same payment service as the pay page. The server
 * decides the amount (the invoice's sum); a request for another amount is refused
 * (invoiceSumNotValid). The payment is bound to this browser like the pay page's.
 */
import { data } from 'react-router';
import { z } from 'zod';
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { findVisibleInvoice } from '~/services/billing/invoices.server';
import { startInvoicePayment } from '~/lib/http/payment.server';
import { INVOICE_NUMBER } from '~/models/billing/invoice';
import type { Route } from './+types/payments';

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
  const invoice = await findVisibleInvoice(await getDb(), viewerOf(auth), { invoiceNumber: parsed.data.reference });
  if (!invoice) return json({ type: 'invoiceNotFound' }, 404);
  if (parsed.data.amount !== undefined && parsed.data.amount !== invoice.sumCents) return json({ type: 'invoiceSumNotValid' }, 400);
  const { result, setCookie } = await startInvoicePayment(request, context, auth, invoice.invoiceNumber);
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
        { headers: { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' } },
      );
  }
}
