/** GET /api/invoices/invoice-summary?invoiceId=&lang= (spec 2 §7): one invoice's summary; someone else's is 404. */
import { portalContext } from '~/context';
import { isLanguage } from '~/i18n/config';
import { json, requireApiAuth } from '~/lib/http/api.server';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { getInvoiceSummary } from '~/services/billing/invoices.server';
import { isIdParam } from '~/lib/http/params';
import type { Route } from './+types/invoice-summary';

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  const params = new URL(request.url).searchParams;
  const requested = params.get('lang');
  const lang = isLanguage(requested) ? requested : context.get(portalContext).lang;
  const id = params.get('invoiceId') ?? '';
  if (!isIdParam(id)) return json({ type: 'invoiceNotFound' }, 404);
  const invoice = await getInvoiceSummary(await getDb(), viewerOf(auth), Number(id), lang, {
    pdf: (row) => `/api/invoices/${row.id}/pdf?lang=${lang}`,
  });
  return invoice ? json({ invoice }) : json({ type: 'invoiceNotFound' }, 404);
}
