import { describe, expect, it } from 'vitest';
import { checkContent, dispositionFor, IMAGE_UPLOAD_POLICY, looksLikeText, mediaType, safeFileName, sniffContentType } from './content-type-rules';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0, 1, 1, 0, 0, 1]);
const PNG = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR');
const PDF = bytes('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n');
const GIF = bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0]);
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
const HEIC = bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1');
const HEIF = bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'heic');
const HTML = bytes('<!DOCTYPE html><html><script>alert(1)</script>');
const MP4 = bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0]);

describe('sniffContentType', () => {
  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['PNG', PNG, 'image/png'],
    ['PDF', PDF, 'application/pdf'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
    ['HEIC', HEIC, 'image/heic'],
    ['HEIF', HEIF, 'image/heif'],
  ])('recognises %s by its first bytes', (_name, content, type) => {
    expect(sniffContentType(content)).toBe(type);
  });

  it.each([
    ['HTML', HTML],
    ['an MP4 video (ftyp, but not an image brand)', MP4],
    ['plain text', bytes('hello, world')],
    ['nothing', new Uint8Array(0)],
    ['a truncated PNG signature', PNG.subarray(0, 5)],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
  ])('knows %s is none of the known types', (_name, content) => {
    expect(sniffContentType(content)).toBeNull();
  });
});

describe('checkContent', () => {
  const allowed = IMAGE_UPLOAD_POLICY.allowedContentTypes;

  it('accepts a JPEG and a PNG declared as what they are', () => {
    expect(checkContent('image/jpeg', allowed, JPEG)).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(checkContent('image/png', allowed, PNG)).toEqual({ ok: true, contentType: 'image/png' });
  });

  it('refuses a PDF renamed .png (declared image/png) by its content', () => {
    expect(checkContent('image/png', allowed, PDF)).toEqual({ ok: false, reason: 'content-mismatch' });
  });

  it('refuses an HTML file declared as an image', () => {
    expect(checkContent('image/jpeg', allowed, HTML)).toEqual({ ok: false, reason: 'content-mismatch' });
  });

  it('refuses a JPEG declared as PNG: the declared type must be the real one', () => {
    expect(checkContent('image/png', allowed, JPEG)).toEqual({ ok: false, reason: 'content-mismatch' });
  });

  it('refuses types outside the allow-list even when the content matches', () => {
    expect(checkContent('application/pdf', allowed, PDF)).toEqual({ ok: false, reason: 'type-not-allowed' });
    expect(checkContent('image/heic', allowed, HEIC)).toEqual({ ok: false, reason: 'type-not-allowed' });
    expect(checkContent('text/html', allowed, HTML)).toEqual({ ok: false, reason: 'type-not-allowed' });
  });

  it('allows PDF where the policy does', () => {
    expect(checkContent('application/pdf', ['application/pdf'], PDF)).toEqual({ ok: true, contentType: 'application/pdf' });
  });

  it('reads the declared type case-insensitively and without parameters', () => {
    expect(checkContent('Image/PNG; charset=binary', allowed, PNG)).toEqual({ ok: true, contentType: 'image/png' });
  });
});

describe('helpers', () => {
  it('mediaType strips parameters', () => {
    expect(mediaType(' image/JPEG ; q=1')).toBe('image/jpeg');
    expect(mediaType(null)).toBe('');
  });

  it('safeFileName keeps only safe characters and forces the extension of the real type', () => {
    expect(safeFileName('Kela kortti äö.JPG', 'image/jpeg', 'kela-card-front')).toBe('Kela-kortti-ao.jpg');
    expect(safeFileName('evil".html', 'image/png', 'x')).toBe('evil.png');
    expect(safeFileName('../../etc/passwd', 'application/pdf', 'x')).toBe('passwd.pdf');
    expect(safeFileName(null, 'image/png', 'kela-card-back')).toBe('kela-card-back.png');
    expect(safeFileName('', 'image/png', '')).toBe('file.png');
  });

  it('shows images inline and downloads everything else', () => {
    expect(dispositionFor('image/png')).toBe('inline');
    expect(dispositionFor('application/pdf')).toBe('attachment');
  });
});

describe('message attachment types (spec 1 §5)', () => {
  const ascii = (text: string, length = 64) => {
    const out = new Uint8Array(Math.max(length, text.length));
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  };
  /** A ZIP local file header whose first entry is `name` (followed by `content`, stored). */
  const zip = (name: string, content = '') => {
    const header = new Uint8Array(30 + name.length + content.length);
    header.set([0x50, 0x4b, 0x03, 0x04]);
    header[26] = name.length & 0xff;
    header[27] = name.length >> 8;
    for (let i = 0; i < name.length; i++) header[30 + i] = name.charCodeAt(i);
    for (let i = 0; i < content.length; i++) header[30 + name.length + i] = content.charCodeAt(i);
    return header;
  };
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const ODT = 'application/vnd.oasis.opendocument.text';
  const all = [DOCX, ODT, 'application/rtf', 'image/tiff', 'text/plain', 'text/csv', 'application/pdf'];

  it('recognises TIFF, RTF and OpenDocument by their bytes', () => {
    expect(sniffContentType(new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]))).toBe('image/tiff');
    expect(sniffContentType(new Uint8Array([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]))).toBe('image/tiff');
    expect(sniffContentType(ascii('{\\rtf1\\ansi hello'))).toBe('application/rtf');
    expect(sniffContentType(zip('mimetype', ODT))).toBe(ODT);
  });

  it('accepts Office Open XML packages and refuses other ZIPs as documents', () => {
    expect(checkContent(DOCX, all, zip('[Content_Types].xml'))).toEqual({ ok: true, contentType: DOCX });
    expect(checkContent(DOCX, all, zip('word/document.xml'))).toEqual({ ok: true, contentType: DOCX });
    expect(checkContent(DOCX, all, zip('evil.exe'))).toEqual({ ok: false, reason: 'content-mismatch' });
    expect(checkContent(ODT, all, zip('[Content_Types].xml'))).toEqual({ ok: false, reason: 'content-mismatch' });
  });

  it('accepts UTF-8 text and CSV, refuses binaries and HTML saved as text', () => {
    expect(checkContent('text/plain', all, new TextEncoder().encode('Hei! Äiti ja isä.\r\nRivi 2\t.'))).toEqual({ ok: true, contentType: 'text/plain' });
    expect(checkContent('text/csv', all, new TextEncoder().encode('nimi;arvo\nä;1\n'))).toEqual({ ok: true, contentType: 'text/csv' });
    expect(looksLikeText(new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]))).toBe(false);
    expect(looksLikeText(new Uint8Array([0xff, 0xfe, 0x41]))).toBe(false);
    expect(checkContent('text/plain', all, ascii('<!DOCTYPE html><html><script>alert(1)</script>', 60))).toEqual({ ok: false, reason: 'content-mismatch' });
    expect(checkContent('text/plain', all, new TextEncoder().encode('  <svg onload="alert(1)">'))).toEqual({ ok: false, reason: 'content-mismatch' });
  });

  it('refuses an executable renamed .pdf', () => {
    const exe = new Uint8Array(64);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    expect(checkContent('application/pdf', all, exe)).toEqual({ ok: false, reason: 'content-mismatch' });
  });

  it('downloads documents and TIFF, shows the other images inline', () => {
    expect(dispositionFor('image/png')).toBe('inline');
    expect(dispositionFor('image/tiff')).toBe('attachment');
    expect(dispositionFor('text/plain')).toBe('attachment');
  });
});
