/**
 * What a stored file really is, judged by its first bytes ("magic bytes"), never by its name or
 * the content type the browser declared; and which types an upload may have. Pure and
 * client-safe: the pages may use the same lists to describe the allowed formats.
 */

export const KNOWN_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
  // Message attachments (spec 1 §5): documents, spreadsheets, TIFF and plain text.
  'image/tiff',
  'application/rtf',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/csv',
  'text/plain',
] as const;

export type KnownContentType = (typeof KNOWN_CONTENT_TYPES)[number];

/**
 * How many leading bytes `sniffContentType` and `checkContent` look at: enough for an
 * OpenDocument file's `mimetype` entry and to tell text from binary.
 */
export const SNIFF_BYTES = 512;

/** What an upload may be: the content types (checked by magic bytes) and the size limit. */
export interface UploadPolicy {
  allowedContentTypes: readonly KnownContentType[];
  maxBytes: number;
}

/**
 * Photos of documents (the Kela card): JPEG or PNG, at most 10 MiB. A phone camera's JPEG is
 * typically 2–5 MB; 10 MiB leaves room for a large PNG without letting one row grow unbounded.
 */
export const IMAGE_UPLOAD_POLICY: UploadPolicy = {
  allowedContentTypes: ['image/jpeg', 'image/png'],
  maxBytes: 10 * 1024 * 1024,
};

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  if (bytes.length < to) return '';
  return String.fromCharCode(...bytes.subarray(from, to));
}

const ODF_TYPES = ['application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet'] as const;
const OOXML_TYPES: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** The name of a ZIP file's first entry (local file header: name length at 26, name at 30). */
function firstZipEntry(bytes: Uint8Array): string {
  if (!startsWith(bytes, ZIP) || bytes.length < 30) return '';
  const length = bytes[26]! | (bytes[27]! << 8);
  return ascii(bytes, 30, Math.min(30 + length, bytes.length));
}

/** An OpenDocument file: a ZIP whose first entry is the stored `mimetype` naming the type. */
function openDocumentType(bytes: Uint8Array): KnownContentType | null {
  if (firstZipEntry(bytes) !== 'mimetype') return null;
  return ODF_TYPES.find((type) => ascii(bytes, 38, 38 + type.length) === type) ?? null;
}

/** An Office Open XML package: a ZIP whose first entry is one of the package's own parts. */
function isOfficeOpenXml(bytes: Uint8Array): boolean {
  const entry = firstZipEntry(bytes);
  return entry === '[Content_Types].xml' || entry.startsWith('_rels/') || entry.startsWith('docProps/') || /^(word|xl|ppt)\//.test(entry);
}

const HTML_START = /^\s*<(!doctype\s+html|html|head|body|script|iframe|svg|\?xml|!--)/i;

/**
 * Plain text (also CSV): UTF-8 (a sequence cut at the end of the sample is fine) without NUL
 * or other control characters than tab, line breaks and form feed, and not HTML or XML markup
 * (a page saved as `.txt` is still refused).
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  const start = i;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
      if (b === 0x7f) return false;
      i += 1;
      continue;
    }
    const length = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xc2 && b <= 0xdf ? 2 : 0;
    if (length === 0) return false;
    for (let k = 1; k < length; k++) {
      if (i + k >= bytes.length) return true;
      if ((bytes[i + k]! & 0xc0) !== 0x80) return false;
    }
    i += length;
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(start, Math.min(bytes.length, start + 256)));
  return !HTML_START.test(text);
}

/** The type the bytes are, or null when they are none of the known binary types (HTML, text, ZIP, …). */
export function sniffContentType(bytes: Uint8Array): KnownContentType | null {
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (ascii(bytes, 0, 5) === '{\\rtf') return 'application/rtf';
  const odf = openDocumentType(bytes);
  if (odf) return odf;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  const gif = ascii(bytes, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // ISO base media file: [size:4]['ftyp'][major brand:4]
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(brand)) return 'image/heic';
    if (HEIF_BRANDS.has(brand)) return 'image/heif';
  }
  return null;
}

export function isKnownContentType(value: string): value is KnownContentType {
  return (KNOWN_CONTENT_TYPES as readonly string[]).includes(value);
}

/** A Content-Type header's media type, lower-cased and without parameters; '' when absent. */
export function mediaType(header: string | null | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

export type ContentCheck = { ok: true; contentType: KnownContentType } | { ok: false; reason: 'type-not-allowed' | 'content-mismatch' };

/**
 * Checks the declared type against the allow-list and the bytes against the declared type.
 * A PDF named `.png` and declared `image/png`, or an HTML page, is a `content-mismatch`.
 */
export function checkContent(declared: string, allowed: readonly string[], head: Uint8Array): ContentCheck {
  const type = mediaType(declared);
  if (!isKnownContentType(type) || !allowed.includes(type)) return { ok: false, reason: 'type-not-allowed' };
  if (!bytesAre(type, head)) return { ok: false, reason: 'content-mismatch' };
  return { ok: true, contentType: type };
}

/** Whether the leading bytes are of the type (text types by `looksLikeText`, OOXML as a package). */
export function bytesAre(type: KnownContentType, head: Uint8Array): boolean {
  if (type === 'text/plain' || type === 'text/csv') return looksLikeText(head);
  if (OOXML_TYPES.includes(type)) return isOfficeOpenXml(head);
  return sniffContentType(head) === type;
}

const EXTENSIONS: Record<KnownContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/pdf': 'pdf',
  'image/tiff': 'tif',
  'application/rtf': 'rtf',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/csv': 'csv',
  'text/plain': 'txt',
};

export function extensionFor(type: KnownContentType): string {
  return EXTENSIONS[type];
}

/**
 * A file name safe for a Content-Disposition header: letters, digits, `-`, `_` and one
 * extension that matches the content type. Anything else becomes `-`; an empty result falls
 * back to `fallback`.
 */
export function safeFileName(name: string | null | undefined, type: KnownContentType, fallback: string): string {
  const base = (name ?? '')
    .split(/[/\\]/)
    .pop()!
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  const safeFallback = fallback.replace(/[^A-Za-z0-9_-]+/g, '-') || 'file';
  return `${base || safeFallback}.${extensionFor(type)}`;
}

/**
 * Images the browser shows are `inline`; every other type (TIFF, documents, text) is downloaded
 * (`attachment`), so a text file never renders in the portal's origin.
 */
export function dispositionFor(type: KnownContentType): 'inline' | 'attachment' {
  return type.startsWith('image/') && type !== 'image/tiff' ? 'inline' : 'attachment';
}
