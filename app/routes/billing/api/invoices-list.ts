/**
 * GET /api/payments/invoices-list?lang=&page= (spec 2 §7): the invoices list as JSON, ten per
 * page on the server, from the same service as the invoices page.
 */
import { portalContext } from '~/context';
import { isLanguage } from '~/i18n/config';
import { json, requireApiAuth } from '~/lib/http/api.server';
import { pagePath } from '~/route-table';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { pageNumber } from '~/models/paging';
import { listInvoices } from '~/services/billing/invoices.server';
import type { Route } from './+types/invoices-list';

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  const params = new URL(request.url).searchParams;
  const requested = params.get('lang');
  const lang = isLanguage(requested) ? requested : context.get(portalContext).lang;
  const result = await listInvoices(await getDb(), viewerOf(auth), lang, pageNumber(params.get('page')), {
    pdf: (invoice) => `/api/invoices/${invoice.id}/pdf?lang=${lang}`,
    pay: (invoice) => pagePath('invoicePayment', lang, { number: invoice.invoiceNumber }),
    summary: (invoice) => pagePath('invoiceSummary', lang, { id: String(invoice.id) }),
  });
  return json({ invoices: result.items, page: result.page, pageCount: result.pageCount, total: result.total });
}
