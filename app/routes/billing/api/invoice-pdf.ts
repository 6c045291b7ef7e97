/**
 * GET /api/invoices/{id}/pdf?lang= (spec 2 §7): the receipt / invoice summary as a PDF made on
 * the server, only for the invoice's owner (or their guardian); anyone else gets 404. The file
 * name is built from the brand, the document's label and the invoice number. The seller is the
 * brand's (app/brands).
 */
import { portalContext } from '~/context';
import { fixedT } from '~/i18n/i18n.server';
import { isLanguage } from '~/i18n/config';
import { brand } from '~/brands';
import { json, requireApiAuth } from '~/lib/http/api.server';
import { pdfResponseHeaders } from '~/lib/pdf.server';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { invoicePdfFileName, renderInvoicePdf } from '~/services/billing/invoice-pdf.server';
import { invoiceForPdf, serviceText, summaryView } from '~/services/billing/invoices.server';
import { isIdParam } from '~/lib/http/params';
import type { Route } from './+types/invoice-pdf';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  const requested = new URL(request.url).searchParams.get('lang');
  const lang = isLanguage(requested) ? requested : context.get(portalContext).lang;
  if (!isIdParam(params.id)) return json({ type: 'notFound' }, 404);
  const found = await invoiceForPdf(await getDb(), viewerOf(auth), Number(params.id));
  if (!found) return json({ type: 'notFound' }, 404);
  const view = summaryView(found.invoice, found.rows, lang, { pdf: () => '' }, await serviceText(null, lang));
  const t = fixedT(context, lang);
  const label = t(`invoices.labels.${view.label}`);
  const { name: brandName, seller } = brand(context.get(portalContext).brand);
  const bytes = await renderInvoicePdf(
    view,
    {
      label,
      invoiceNumber: t('invoices.summary.invoiceNumber'),
      created: t('invoices.summary.created'),
      due: t('invoices.summary.due'),
      paid: t('invoices.summary.paid'),
      buyer: t('invoices.summary.buyer'),
      description: t('invoices.summary.description'),
      count: t('invoices.summary.count'),
      unitPrice: t('invoices.summary.unitPrice'),
      date: t('invoices.summary.date'),
      vat: t('invoices.summary.vat'),
      total: t('invoices.summary.totalSum'),
      credited: t('invoices.summary.credited'),
      seller: t('invoices.summary.seller'),
      businessId: t('invoices.summary.businessId'),
      vatFree: t('invoices.summary.vatFree'),
    },
    brandName,
    seller,
    lang,
  );
  return new Response(new Uint8Array(bytes), { headers: pdfResponseHeaders(invoicePdfFileName(brandName, label, view.invoiceNumber)) });
}
