/**
 * The receipt / invoice summary as a PDF (app/lib/pdf.server.ts: PDFKit, DejaVu Sans embedded).
 * The texts come translated from the caller; the figures are the summary view's, formatted
 * on the server like the page's. The invoice number is also in the document's metadata title.
 */
import type { InvoiceSummaryView } from '~/models/billing/invoice';
import { PDF_FONTS, renderPdf } from '~/lib/pdf.server';

export interface InvoicePdfTexts {
  /** The document's label, e.g. "Receipt". */
  label: string;
  invoiceNumber: string;
  created: string;
  due: string;
  paid: string;
  buyer: string;
  description: string;
  count: string;
  unitPrice: string;
  date: string;
  vat: string;
  total: string;
  credited: string;
}

/** `{brand}-{label}-{number}.pdf`, e.g. Kaari-Kuitti-100123.pdf (spec 2 §7). */
export function invoicePdfFileName(brandName: string, label: string, invoiceNumber: string): string {
  const part = (s: string) => s.trim().replace(/[\s/\\]+/g, '-');
  return `${part(brandName)}-${part(label)}-${part(invoiceNumber)}.pdf`;
}

export function renderInvoicePdf(view: InvoiceSummaryView, texts: InvoicePdfTexts, brandName: string, lang: string): Promise<Buffer> {
  return renderPdf({ title: `${texts.label} ${view.invoiceNumber} - ${brandName}`, author: brandName, lang }, (doc) => {
    doc.font(PDF_FONTS.bold).fontSize(18).text(brandName);
    doc.moveDown(0.5).fontSize(16).text(`${texts.label} ${view.invoiceNumber}`);
    doc.font(PDF_FONTS.regular).fontSize(11).moveDown(0.5);
    doc.text(view.description);
    doc.text(`${texts.invoiceNumber}: ${view.invoiceNumber}`);
    doc.text(`${texts.created}: ${view.creationDate}`);
    doc.text(`${texts.due}: ${view.dueDate}`);
    if (view.paidDate) doc.text(`${texts.paid}: ${view.paidDate}`);
    if (view.creditedInvoiceNumbers.length) doc.text(`${texts.credited}: ${view.creditedInvoiceNumbers.join(', ')}`);

    doc.moveDown().font(PDF_FONTS.bold).text(texts.buyer).font(PDF_FONTS.regular);
    doc.text(view.buyer.name);
    if (view.buyer.street) doc.text(view.buyer.street);
    const town = [view.buyer.postalCode, view.buyer.postOffice].filter(Boolean).join(' ');
    if (town) doc.text(town);

    doc.moveDown();
    const left = doc.page.margins.left;
    const columns = [
      { title: texts.description, x: left, width: 190 },
      { title: texts.date, x: left + 195, width: 75 },
      { title: texts.count, x: left + 275, width: 40 },
      { title: texts.unitPrice, x: left + 320, width: 70 },
      { title: texts.vat, x: left + 395, width: 40 },
    ];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(9);
      let bottom = y;
      cells.forEach((cell, i) => {
        const column = columns[i]!;
        doc.text(cell, column.x, y, { width: column.width });
        bottom = Math.max(bottom, doc.y);
      });
      doc.x = left;
      doc.y = bottom + 4;
    };
    row(columns.map((c) => c.title), true);
    for (const r of view.rows) row([r.description, r.date, String(r.count), r.unitPrice, r.vat]);
    doc.moveDown().font(PDF_FONTS.bold).fontSize(12).text(`${texts.total}: ${view.sum}`, left);
  });
}
