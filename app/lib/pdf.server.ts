/**
 * Server-side PDF documents (receipts, invoice summaries, certificates, the data export). One
 * place that makes a PDFKit document with the DejaVu Sans fonts embedded (subset), so å, ä, ö
 * and every other character of our three languages render in any viewer, and turns it into bytes.
 *
 * Every document is a tagged PDF in the PDF/UA shape (ADR 0043): a structure tree
 * (StructTreeRoot, MarkInfo /Marked true) whose elements (H1…, P, Table/TR/TH/TD, L/LI…) hold
 * the drawn text in reading order, the document language, the title shown in the viewer's title
 * bar (DisplayDocTitle) and in the XMP metadata with the PDF/UA identifier. Decorations are
 * marked as artifacts, so screen readers skip them. The drawing code puts each piece of text
 * under its element with `tag(doc, parent, type, draw)`; text drawn outside one would be
 * untagged (tests/fixtures/pdf-text.ts finds it).
 *
 * Usage: `const bytes = await renderPdf({ title }, (doc, root) => { tag(doc, root, 'H1', () => doc.text('…')) })`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Names of the registered fonts; pass them to `doc.font(...)`. */
export const PDF_FONTS = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

export type PdfDocument = InstanceType<typeof PDFDocument>;
/** A structure element of the document's tag tree. */
export type PdfStructure = PDFKit.PDFStructureElement;
/** The standard structure types the portal's documents use (ISO 32000-1 §14.8.4). */
export type PdfTag = 'Document' | 'Sect' | 'H1' | 'H2' | 'H3' | 'H4' | 'P' | 'L' | 'LI' | 'Lbl' | 'LBody' | 'Table' | 'THead' | 'TBody' | 'TR' | 'TH' | 'TD';

export interface PdfInfo {
  /** Shown as the document title by viewers (metadata). */
  title: string;
  /** The producing organisation (the brand's name). */
  author?: string;
  /** Document language (BCP 47), for screen readers. */
  lang?: string;
}

/**
 * A fresh A4 document with the embedded fonts registered and its root structure element
 * (`Document`, attached); the caller reads its bytes (it is a Readable stream), ends the root
 * and then the document. `renderPdf` collects them; a streamed download passes them on as they
 * come (ADR 0035).
 */
export function createPdfDocument(info: PdfInfo): { doc: PdfDocument; root: PdfStructure } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    // 1.7: the XMP metadata stream (dc:title, pdfuaid:part) is written from 1.4 on.
    pdfVersion: '1.7',
    // StructTreeRoot and MarkInfo /Marked true; PDF/UA adds its identifier to the XMP metadata.
    tagged: true,
    subset: 'PDF/UA' as unknown as PDFKit.Mixins.PDFSubsets,
    lang: info.lang,
    // ViewerPreferences /DisplayDocTitle true: viewers show the title, not the file name.
    displayTitle: true,
    info: { Title: info.title, Author: info.author ?? '', Creator: info.author ?? '', Producer: info.author ?? '' },
  });
  doc.registerFont(PDF_FONTS.regular, path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont(PDF_FONTS.bold, path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  doc.font(PDF_FONTS.regular);
  const root = doc.struct('Document');
  doc.addStructure(root);
  return { doc, root };
}

/**
 * Adds a `type` element under `parent` whose content is what `draw` puts on the page (text
 * flowing over a page break stays one element). Returns the element; one made with `draw` is
 * complete, one made without is a container to `add` to and `end`.
 */
export function tag(doc: PdfDocument, parent: PdfStructure, type: PdfTag, draw?: () => void, options: { scope?: 'Row' | 'Column' } = {}): PdfStructure {
  const element = draw
    ? doc.struct(type, options as PDFKit.Mixins.StructureElementOptions, draw)
    : doc.struct(type, options as PDFKit.Mixins.StructureElementOptions);
  parent.add(element);
  return element;
}

/** Draws a decoration (a rule, a background) as an artifact: on the page, not in the tag tree. */
export function artifact(doc: PdfDocument, draw: () => void): void {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

/** Renders a PDF with the embedded fonts, running `draw` on a fresh A4 document; resolves to its bytes. */
export function renderPdf(info: PdfInfo, draw: (doc: PdfDocument, root: PdfStructure) => void): Promise<Buffer> {
  const { doc, root } = createPdfDocument(info);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    draw(doc, root);
  } finally {
    root.end();
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
