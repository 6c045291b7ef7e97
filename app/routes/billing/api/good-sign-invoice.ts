/**
 * GET /api/payments/good-sign-invoice?invoiceNumber= (spec 2 §7): the invoice for the pay page
 * (number, description, sum, state open / paid / mail, paid date); missing means not found.
 */
import { portalContext } from '~/context';
import { json, requireApiAuth } from '~/lib/http/api.server';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { invoiceForPayment } from '~/services/billing/payments.server';
import { INVOICE_NUMBER } from '~/models/billing/invoice';
import type { Route } from './+types/good-sign-invoice';

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  const number = new URL(request.url).searchParams.get('invoiceNumber') ?? '';
  if (!INVOICE_NUMBER.test(number)) return json({ type: 'invoiceNotFound' }, 404);
  const found = await invoiceForPayment(await getDb(), viewerOf(auth), number, context.get(portalContext).lang);
  if (!found) return json({ type: 'invoiceNotFound' }, 404);
  return json({ invoice: { ...found.view, id: found.invoice.id, status: found.invoice.status, sumCents: found.invoice.sumCents } });
}
