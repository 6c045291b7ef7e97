import { describe, expect, it } from 'vitest';
import { brand } from '~/brands';
import { textsIn } from '~/i18n/i18n.server';
import type { Language } from '~/i18n/config';
import type { InvoiceSummaryView } from '~/models/billing/invoice';
import { flattenTags, readPdf, tagText } from '../../../tests/fixtures/pdf-text';
import { renderInvoicePdf, type InvoicePdfTexts } from './invoice-pdf.server';

const view: InvoiceSummaryView = {
  id: 1,
  invoiceNumber: '2026001',
  label: 'receipt',
  status: 'paid',
  description: 'Yleislääkärin vastaanotto',
  buyer: { name: 'Aino Virtanen', street: 'Mannerheimintie 12 B 7', postalCode: '00100', postOffice: 'Helsinki' },
  rows: [
    { description: 'Yleislääkärin vastaanotto', count: 1, unitPrice: '68,00 €', date: '2.11.2026', vat: '0 %', total: '68,00 €' },
    { description: 'Toimistomaksu', count: 1, unitPrice: '9,90 €', date: '2.11.2026', vat: '0 %', total: '9,90 €' },
  ],
  sum: '77,90 €',
  creationDate: '2.11.2026',
  dueDate: '16.11.2026',
  paidDate: '3.11.2026',
  creditedInvoiceNumbers: [],
  vatFree: true,
  pdfHref: null,
};

async function texts(lang: Language): Promise<InvoicePdfTexts> {
  const t = await textsIn(lang);
  const s = (key: Exclude<keyof InvoicePdfTexts, 'label' | 'total'>) => t(`invoices.summary.${key}`);
  return {
    label: t('invoices.labels.receipt'),
    invoiceNumber: s('invoiceNumber'),
    created: s('created'),
    due: s('due'),
    paid: s('paid'),
    buyer: s('buyer'),
    description: s('description'),
    count: s('count'),
    unitPrice: s('unitPrice'),
    date: s('date'),
    vat: s('vat'),
    total: t('invoices.summary.totalSum'),
    credited: s('credited'),
    seller: s('seller'),
    businessId: s('businessId'),
    vatFree: s('vatFree'),
  };
}

describe('the receipt PDF', () => {
  it('names the seller with its business ID and address, and says why there is no VAT (fi, sv, en)', async () => {
    const kaari = brand('general');
    const expected: Record<Language, string[]> = {
      fi: ['Myyjä', 'Y-tunnus: 3217845-2', 'arvonlisäverolaki 34 §'],
      sv: ['Säljare', 'FO-nummer: 3217845-2', 'mervärdesskattelagen 34 §'],
      en: ['Seller', 'Business ID: 3217845-2', 'Finnish VAT Act, section 34'],
    };
    for (const lang of ['fi', 'sv', 'en'] as const) {
      const { text } = readPdf(await renderInvoicePdf(view, await texts(lang), kaari.name, kaari.seller, lang));
      for (const part of [...expected[lang], 'Kaari Terveys Oy', 'Mannerheimintie 100', '00250 Helsinki']) expect(text, `${lang}: ${part}`).toContain(part);
    }
    const children = brand('children');
    const { text } = readPdf(await renderInvoicePdf(view, await texts('fi'), children.name, children.seller, 'fi'));
    expect(text).toContain('Pikku Kaari Oy');
    expect(text).toContain('Y-tunnus: 3265430-8');
  });

  it('gives no VAT-exemption reason when every row has VAT', async () => {
    const kaari = brand('general');
    const withVat = { ...view, rows: view.rows.map((r) => ({ ...r, vat: '25,5 %' })), vatFree: false };
    const { text } = readPdf(await renderInvoicePdf(withVat, await texts('fi'), kaari.name, kaari.seller, 'fi'));
    expect(text).not.toContain('34 §');
    expect(text).toContain('Y-tunnus: 3217845-2');
  });

  it('is tagged: the title a heading, seller and buyer sections, the rows a table with column headers', async () => {
    const kaari = brand('general');
    const { tags } = readPdf(await renderInvoicePdf(view, await texts('fi'), kaari.name, kaari.seller, 'fi'));
    expect(tags).toMatchObject({ marked: true, lang: 'fi', displayDocTitle: true, xmpTitle: 'Kuitti 2026001 - Kaari', pdfUaPart: 1 });
    expect(tags.untaggedTexts).toEqual([]);
    // The rule under the title is a decoration.
    expect(tags.artifacts).toBe(1);
    const all = flattenTags(tags.root);
    expect(all.filter((e) => e.type === 'H1').map((e) => e.text)).toEqual(['Kuitti 2026001']);
    expect(all.filter((e) => e.type === 'H2').map((e) => e.text)).toEqual(['Myyjä', 'Ostaja']);
    const seller = all.find((e) => e.type === 'Sect')!.node;
    expect(tagText(seller)).toBe('Myyjä Kaari Terveys Oy Y-tunnus: 3217845-2 Mannerheimintie 100 00250 Helsinki');
    const table = all.find((e) => e.type === 'Table')!.node;
    expect(table.children.map((c) => c.type)).toEqual(['THead', 'TBody']);
    const headers = flattenTags(table).filter((e) => e.type === 'TH');
    expect(headers.map((e) => [e.text, e.node.scope])).toEqual(['Kuvaus', 'Päivä', 'Määrä', 'Yksikköhinta', 'ALV'].map((name) => [name, 'Column']));
    const rows = table.children[1]!.children;
    expect(rows.map((r) => r.children.map((c) => `${c.type}:${c.text}`))).toEqual([
      ['TD:Yleislääkärin vastaanotto', 'TD:2.11.2026', 'TD:1', 'TD:68,00 €', 'TD:0 %'],
      ['TD:Toimistomaksu', 'TD:2.11.2026', 'TD:1', 'TD:9,90 €', 'TD:0 %'],
    ]);
  });
});
