/**
 * The receipt / invoice summary as a PDF (app/lib/pdf.server.ts: PDFKit, DejaVu Sans embedded,
 * tagged). The texts come translated from the caller; the figures are the summary view's,
 * formatted on the server like the page's. The invoice number is also in the document's
 * metadata title. The seller (name, business ID, address) and, when a row has no VAT, the
 * reason are on every receipt (ADR 0043).
 */
import type { Seller } from '~/brands/types';
import type { InvoiceSummaryView } from '~/models/billing/invoice';
import { sellerAddressLines } from '~/models/billing/seller';
import { artifact, PDF_FONTS, renderPdf, tag, type PdfStructure } from '~/lib/pdf.server';

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
  seller: string;
  businessId: string;
  /** Why a row has no VAT (health care is VAT-exempt). */
  vatFree: string;
}

/** `{brand}-{label}-{number}.pdf`, e.g. Kaari-Kuitti-100123.pdf (spec 2 §7). */
export function invoicePdfFileName(brandName: string, label: string, invoiceNumber: string): string {
  const part = (s: string) => s.trim().replace(/[\s/\\]+/g, '-');
  return `${part(brandName)}-${part(label)}-${part(invoiceNumber)}.pdf`;
}

export function renderInvoicePdf(view: InvoiceSummaryView, texts: InvoicePdfTexts, brandName: string, seller: Seller, lang: string): Promise<Buffer> {
  return renderPdf({ title: `${texts.label} ${view.invoiceNumber} - ${brandName}`, author: brandName, lang }, (doc, root) => {
    const left = doc.page.margins.left;
    const paragraph = (parent: PdfStructure, text: string) => tag(doc, parent, 'P', () => doc.text(text));

    tag(doc, root, 'P', () => doc.font(PDF_FONTS.bold).fontSize(18).text(brandName));
    tag(doc, root, 'H1', () => doc.moveDown(0.5).fontSize(16).text(`${texts.label} ${view.invoiceNumber}`));
    // A rule under the title: decoration only.
    artifact(doc, () => {
      doc
        .moveTo(left, doc.y + 4)
        .lineTo(doc.page.width - doc.page.margins.right, doc.y + 4)
        .lineWidth(0.5)
        .strokeColor('#888888')
        .stroke();
    });
    doc.font(PDF_FONTS.regular).fontSize(11).moveDown(0.5);
    paragraph(root, view.description);
    paragraph(root, `${texts.invoiceNumber}: ${view.invoiceNumber}`);
    paragraph(root, `${texts.created}: ${view.creationDate}`);
    paragraph(root, `${texts.due}: ${view.dueDate}`);
    if (view.paidDate) paragraph(root, `${texts.paid}: ${view.paidDate}`);
    if (view.creditedInvoiceNumbers.length) paragraph(root, `${texts.credited}: ${view.creditedInvoiceNumbers.join(', ')}`);

    const party = (title: string, lines: string[]) => {
      const section = tag(doc, root, 'Sect');
      tag(doc, section, 'H2', () => doc.moveDown().font(PDF_FONTS.bold).fontSize(11).text(title, left).font(PDF_FONTS.regular));
      for (const line of lines) paragraph(section, line);
      section.end();
    };
    party(texts.seller, [seller.legalName, `${texts.businessId}: ${seller.businessId}`, ...sellerAddressLines(seller)]);
    const town = [view.buyer.postalCode, view.buyer.postOffice].filter(Boolean).join(' ');
    party(texts.buyer, [view.buyer.name, ...(view.buyer.street ? [view.buyer.street] : []), ...(town ? [town] : [])]);

    doc.moveDown();
    const columns = [
      { title: texts.description, x: left, width: 190 },
      { title: texts.date, x: left + 195, width: 75 },
      { title: texts.count, x: left + 275, width: 40 },
      { title: texts.unitPrice, x: left + 320, width: 70 },
      { title: texts.vat, x: left + 395, width: 40 },
    ];
    const table = tag(doc, root, 'Table');
    const row = (parent: PdfStructure, cells: string[], header = false) => {
      const tr = tag(doc, parent, 'TR');
      const y = doc.y;
      doc.font(header ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(9);
      let bottom = y;
      cells.forEach((cell, i) => {
        const column = columns[i]!;
        tag(doc, tr, header ? 'TH' : 'TD', () => doc.text(cell, column.x, y, { width: column.width }), header ? { scope: 'Column' } : {});
        bottom = Math.max(bottom, doc.y);
      });
      tr.end();
      doc.x = left;
      doc.y = bottom + 4;
    };
    const head = tag(doc, table, 'THead');
    row(
      head,
      columns.map((c) => c.title),
      true,
    );
    head.end();
    const body = tag(doc, table, 'TBody');
    for (const r of view.rows) row(body, [r.description, r.date, String(r.count), r.unitPrice, r.vat]);
    body.end();
    table.end();
    tag(doc, root, 'P', () => doc.moveDown().font(PDF_FONTS.bold).fontSize(12).text(`${texts.total}: ${view.sum}`, left));
    if (view.vatFree) tag(doc, root, 'P', () => doc.moveDown(0.5).font(PDF_FONTS.regular).fontSize(10).text(texts.vatFree, left));
  });
}
