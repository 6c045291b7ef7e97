import { describe, expect, it } from 'vitest';
import { pdfResponseHeaders, PDF_FONTS, renderPdf } from './pdf.server';

describe('renderPdf', () => {
  it('makes a valid PDF with the DejaVu font embedded, so Finnish and Swedish letters render', async () => {
    const bytes = await renderPdf({ title: 'Kuitti', lang: 'fi' }, (doc) => {
      doc.font(PDF_FONTS.bold).text('Äänekoski – Åbo');
      doc.font(PDF_FONTS.regular).text('Mäkinen, Sanni');
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

  it('names the download safely', () => {
    const headers = new Headers(pdfResponseHeaders('Kuitti "ä" 123.pdf'));
    expect(headers.get('Content-Type')).toBe('application/pdf');
    expect(headers.get('Content-Disposition')).toBe(
      `attachment; filename="Kuitti ___ 123.pdf"; filename*=UTF-8''Kuitti%20%22%C3%A4%22%20123.pdf`,
    );
  });
});
