import { describe, expect, it } from 'vitest';
import { ATTACHMENT_EXTENSIONS, attachmentType, checkSelection, extensionOf, MAX_TOTAL_ATTACHMENT_BYTES } from './attachment-rules';

describe('message attachment rules (spec 1 §5)', () => {
  it('allows exactly the spec’s extensions, case-insensitively', () => {
    expect(Object.keys(ATTACHMENT_EXTENSIONS).sort()).toEqual(
      ['pdf', 'rtf', 'ods', 'odt', 'pptx', 'xlsx', 'docx', 'gif', 'jpeg', 'jpg', 'jpe', 'png', 'tif', 'tiff', 'csv', 'txt', 'text'].sort(),
    );
    expect(attachmentType('SCAN.PDF', 'application/pdf')).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(attachmentType('photo.JPE', '')).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(extensionOf('archive.tar.gz')).toBe('gz');
  });

  it('refuses other extensions, whatever the declared type', () => {
    for (const name of ['virus.exe', 'page.html', 'image.svg', 'noextension', 'old.doc', 'macro.docm']) {
      expect(attachmentType(name, 'application/pdf')).toEqual({ ok: false, problem: 'extension-not-allowed' });
    }
  });

  it('refuses a declared type that contradicts the extension, accepts the browsers’ aliases', () => {
    expect(attachmentType('file.pdf', 'text/html')).toEqual({ ok: false, problem: 'type-not-allowed' });
    expect(attachmentType('file.png', 'image/jpeg')).toEqual({ ok: false, problem: 'type-not-allowed' });
    expect(attachmentType('data.csv', 'application/vnd.ms-excel')).toEqual({ ok: true, contentType: 'text/csv' });
    expect(attachmentType('letter.docx', 'application/octet-stream')).toEqual({
      ok: true,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('limits the combined size to 9 437 184 bytes and the count to 10', () => {
    expect(MAX_TOTAL_ATTACHMENT_BYTES).toBe(9_437_184);
    expect(checkSelection([MAX_TOTAL_ATTACHMENT_BYTES])).toBeNull();
    expect(checkSelection([MAX_TOTAL_ATTACHMENT_BYTES - 10, 11])).toBe('too-large');
    expect(checkSelection([10 * 1024 * 1024])).toBe('too-large');
    expect(checkSelection(Array.from({ length: 11 }, () => 1))).toBe('too-many');
    expect(checkSelection([])).toBeNull();
  });
});
