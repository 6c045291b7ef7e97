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
] as const;

export type KnownContentType = (typeof KNOWN_CONTENT_TYPES)[number];

/** How many leading bytes `sniffContentType` needs to decide. */
export const SNIFF_BYTES = 16;

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

/** The type the bytes are, or null when they are none of the known types (HTML, text, …). */
export function sniffContentType(bytes: Uint8Array): KnownContentType | null {
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

export type ContentCheck =
  | { ok: true; contentType: KnownContentType }
  | { ok: false; reason: 'type-not-allowed' | 'content-mismatch' };

/**
 * Checks the declared type against the allow-list and the bytes against the declared type.
 * A PDF named `.png` and declared `image/png`, or an HTML page, is a `content-mismatch`.
 */
export function checkContent(declared: string, allowed: readonly string[], head: Uint8Array): ContentCheck {
  const type = mediaType(declared);
  if (!isKnownContentType(type) || !allowed.includes(type)) return { ok: false, reason: 'type-not-allowed' };
  const actual = sniffContentType(head);
  if (actual !== type) return { ok: false, reason: 'content-mismatch' };
  return { ok: true, contentType: type };
}

const EXTENSIONS: Record<KnownContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/pdf': 'pdf',
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

/** Images are shown in the page (`inline`); every other type is downloaded (`attachment`). */
export function dispositionFor(type: KnownContentType): 'inline' | 'attachment' {
  return type.startsWith('image/') ? 'inline' : 'attachment';
}
