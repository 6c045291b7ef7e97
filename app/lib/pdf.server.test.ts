import { describe, expect, it } from 'vitest';
import { flattenTags, readPdf } from '../../tests/fixtures/pdf-text';
import { artifact, pdfResponseHeaders, PDF_FONTS, renderPdf, tag } from './pdf.server';

describe('renderPdf', () => {
  it('makes a valid PDF with the DejaVu font embedded, so Finnish and Swedish letters render', async () => {
    const bytes = await renderPdf({ title: 'Kuitti', lang: 'fi' }, (doc, root) => {
      tag(doc, root, 'P', () => doc.font(PDF_FONTS.bold).text('Äänekoski – Åbo'));
      tag(doc, root, 'P', () => doc.font(PDF_FONTS.regular).text('Mäkinen, Sanni'));
    });
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // Embedded TrueType subsets of both faces, not the 14 standard fonts.
    expect(text).toMatch(/\/FontFile2/);
    expect(text).toMatch(/DejaVuSans-Bold/);
    expect(text).not.toMatch(/\/BaseFont \/Helvetica/);
    // The title is in the metadata (UTF-16 or plain).
    expect(text).toMatch(/\/Title/);
  });

  it('is a tagged PDF (PDF/UA): structure tree, marked, language, title shown, decorations as artifacts', async () => {
    const bytes = await renderPdf({ title: 'Kuitti 2026001 - Kaari', lang: 'sv' }, (doc, root) => {
      tag(doc, root, 'H1', () => doc.font(PDF_FONTS.bold).text('Kvitto 2026001'));
      artifact(doc, () => doc.moveTo(56, doc.y).lineTo(300, doc.y).stroke());
      tag(doc, root, 'P', () => doc.font(PDF_FONTS.regular).text('Åbo'));
      const table = tag(doc, root, 'Table');
      const head = tag(doc, table, 'TR');
      tag(doc, head, 'TH', () => doc.text('Beskrivning'), { scope: 'Column' });
      head.end();
      const row = tag(doc, table, 'TR');
      tag(doc, row, 'TD', () => doc.text('Läkarbesök'));
      row.end();
      table.end();
    });
    const { tags } = readPdf(bytes);
    expect(tags).toMatchObject({ marked: true, lang: 'sv', displayDocTitle: true, xmpTitle: 'Kuitti 2026001 - Kaari', pdfUaPart: 1, artifacts: 1 });
    expect(tags.untaggedTexts).toEqual([]);
    expect(flattenTags(tags.root).map((e) => [e.depth, e.type, e.text])).toEqual([
      [0, 'Document', ''],
      [1, 'H1', 'Kvitto 2026001'],
      [1, 'P', 'Åbo'],
      [1, 'Table', ''],
      [2, 'TR', ''],
      [3, 'TH', 'Beskrivning'],
      [2, 'TR', ''],
      [3, 'TD', 'Läkarbesök'],
    ]);
    expect(flattenTags(tags.root).find((e) => e.type === 'TH')!.node.scope).toBe('Column');
  });

  it('keeps a paragraph that flows over a page break one element, and finds text drawn outside the tags', async () => {
    const long = Array.from({ length: 120 }, (_, i) => `Rivi ${i + 1}.`).join('\n');
    const bytes = await renderPdf({ title: 'Pitkä', lang: 'fi' }, (doc, root) => {
      tag(doc, root, 'P', () => doc.text(long));
      doc.text('Ilman tagia');
    });
    const { tags, pages } = readPdf(bytes);
    expect(pages).toBeGreaterThan(1);
    const paragraphs = flattenTags(tags.root).filter((e) => e.type === 'P');
    expect(paragraphs).toHaveLength(1);
    expect(paragraphs[0]!.text).toContain('Rivi 1.');
    expect(paragraphs[0]!.text).toContain('Rivi 120.');
    // The reader tells untagged text apart: the check in the documents' tests can fail.
    expect(tags.untaggedTexts).toEqual(['Ilman tagia']);
  });

  it('names the download safely', () => {
    const headers = new Headers(pdfResponseHeaders('Kuitti "ä" 123.pdf'));
    expect(headers.get('Content-Type')).toBe('application/pdf');
    expect(headers.get('Content-Disposition')).toBe(`attachment; filename="Kuitti ___ 123.pdf"; filename*=UTF-8''Kuitti%20%22%C3%A4%22%20123.pdf`);
  });
});
