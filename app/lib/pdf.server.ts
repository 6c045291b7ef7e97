/**
 * Server-side PDF documents (receipts, invoice summaries, certificates). One place that makes a
 * PDFKit document with the DejaVu Sans fonts embedded (subset), so å, ä, ö and every other
 * character of our three languages render in any viewer, and turns it into bytes.
 *
 * Usage: `const bytes = await renderPdf({ title }, (doc) => { doc.font(PDF_FONTS.bold).text('…') })`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Names of the registered fonts; pass them to `doc.font(...)`. */
export const PDF_FONTS = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

export type PdfDocument = InstanceType<typeof PDFDocument>;

export interface PdfInfo {
  /** Shown as the document title by viewers (metadata). */
  title: string;
  /** The producing organisation (the brand's name). */
  author?: string;
  /** Document language (BCP 47), for screen readers. */
  lang?: string;
}

/**
 * A fresh A4 document with the embedded fonts registered; the caller reads its bytes (it is a
 * Readable stream) and ends it. `renderPdf` collects them; a streamed download passes them on
 * as they come (ADR 0035).
 */
export function createPdfDocument(info: PdfInfo): PdfDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: info.lang,
    displayTitle: true,
    info: { Title: info.title, Author: info.author ?? '', Creator: info.author ?? '', Producer: info.author ?? '' },
  });
  doc.registerFont(PDF_FONTS.regular, path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont(PDF_FONTS.bold, path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  doc.font(PDF_FONTS.regular);
  return doc;
}

/** Renders a PDF with the embedded fonts, running `draw` on a fresh A4 document; resolves to its bytes. */
export function renderPdf(info: PdfInfo, draw: (doc: PdfDocument) => void): Promise<Buffer> {
  const doc = createPdfDocument(info);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    draw(doc);
  } finally {
    doc.end();
  }
  return done;
}

/** The headers of a PDF download (`attachment`) or inline view; the file name is ASCII-safe and RFC 5987-encoded. */
export function pdfResponseHeaders(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): HeadersInit {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}
