import { describe, expect, it } from 'vitest';
import { streamedBody } from '../../../tests/fixtures/streamed-body';
import { findFormField, MalformedForm, readMultipartForm, type MultipartLimits } from './form-stream.server';

const KiB = 1024;
const MiB = 1024 * KiB;
const BOUNDARY = 'b0undary';

function post(body: ReadableStream<Uint8Array> | string, type = `multipart/form-data; boundary=${BOUNDARY}`): Request {
  return new Request('http://portal.test/fi/viestit/uusi', { method: 'POST', headers: { 'content-type': type }, body, duplex: 'half' } as RequestInit);
}

const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, filename: string, type = 'application/pdf') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
const file = (name: string, filename: string, content: string, type?: string) => `${fileHead(name, filename, type)}${content}\r\n`;
const END = `--${BOUNDARY}--\r\n`;

describe('findFormField (the CSRF token of a form, from a copy of its body)', () => {
  it('finds the field of a urlencoded and of a multipart form', async () => {
    expect(await findFormField(post('a=1&csrf=tok%2Ben&b=2', 'application/x-www-form-urlencoded'), 'csrf', MiB)).toBe('tok+en');
    expect(await findFormField(post(`${field('csrf', 'token')}${field('text', 'hei')}${END}`), 'csrf', MiB)).toBe('token');
    expect(await findFormField(post('a=1', 'application/x-www-form-urlencoded'), 'csrf', MiB)).toBeNull();
    expect(await findFormField(post('{"csrf":"x"}', 'application/json'), 'csrf', MiB)).toBeNull();
  });

  it('stops at the field: a 50 MiB file after the token is not read', async () => {
    const { body, pulled } = streamedBody(`${field('csrf', 'token')}${fileHead('attachments', 'iso.pdf')}`, 50 * MiB, `\r\n${END}`);
    expect(await findFormField(post(body), 'csrf', MiB)).toBe('token');
    expect(pulled()).toBeLessThan(256 * KiB);
  });

  // (The streams between the body and the parser read a few 64 KiB pieces ahead.)
  const READ_AHEAD = 256 * KiB;

  it('reads at most maxBytes looking for it: a body with no token, or the token after a large file, has none', async () => {
    const noToken = streamedBody(fileHead('attachments', 'iso.pdf'), 50 * MiB, `\r\n${END}`);
    expect(await findFormField(post(noToken.body), 'csrf', MiB)).toBeNull();
    expect(noToken.pulled()).toBeLessThanOrEqual(MiB + READ_AHEAD);

    const late = streamedBody(fileHead('attachments', 'iso.pdf'), 2 * MiB, `\r\n${field('csrf', 'token')}${END}`);
    expect(await findFormField(post(late.body), 'csrf', MiB)).toBeNull();
    expect(late.pulled()).toBeLessThanOrEqual(MiB + READ_AHEAD);

    const urlencoded = streamedBody('text=', 50 * MiB, '&csrf=token');
    expect(await findFormField(post(urlencoded.body, 'application/x-www-form-urlencoded'), 'csrf', MiB)).toBeNull();
    expect(urlencoded.pulled()).toBeLessThanOrEqual(MiB + READ_AHEAD);
  });

  it('finds a token after a small file within maxBytes', async () => {
    expect(await findFormField(post(`${file('attachments', 'a.txt', 'x'.repeat(10_000))}${field('csrf', 'token')}${END}`), 'csrf', MiB)).toBe('token');
  });

  it('leaves the request its whole body for the action', async () => {
    const request = post(`${field('csrf', 'token')}${field('text', 'Hyvää päivää')}${file('attachments', 'a.txt', 'sisältö', 'text/plain')}${END}`);
    expect(await findFormField(request, 'csrf', MiB)).toBe('token');
    const form = await request.formData();
    expect(form.get('text')).toBe('Hyvää päivää');
    expect(await (form.get('attachments') as File).text()).toBe('sisältö');
  });

  it('answers null, without failing, for a malformed or cut-off body', async () => {
    expect(await findFormField(post('no boundary here'), 'csrf', MiB)).toBeNull();
    expect(await findFormField(post(`${fileHead('attachments', 'a.pdf')}cut off in the middle of a file`), 'csrf', MiB)).toBeNull();
    expect(await findFormField(post('x', 'multipart/form-data'), 'csrf', MiB)).toBeNull();
  });
});

const LIMITS: MultipartLimits = { maxFieldBytes: 64 * KiB, maxFields: 20, maxFiles: 3, maxFileBytes: 100 * KiB, maxTotalFileBytes: 150 * KiB };

describe('readMultipartForm', () => {
  it('reads the fields and files in order, names in UTF-8', async () => {
    const { formData, filesOverLimit, fieldsOverLimit } = await readMultipartForm(
      post(
        `${field('csrf', 't')}${field('text', 'Hei äiti')}${file('attachments', 'päätös.pdf', '%PDF-1.7 a')}${file('attachments', 'b.png', 'png', 'image/png')}${END}`,
      ),
      LIMITS,
    );
    expect([...formData.keys()]).toEqual(['csrf', 'text', 'attachments', 'attachments']);
    expect(formData.get('text')).toBe('Hei äiti');
    const [pdf, png] = formData.getAll('attachments') as File[];
    expect([pdf!.name, pdf!.type, await pdf!.text()]).toEqual(['päätös.pdf', 'application/pdf', '%PDF-1.7 a']);
    expect([png!.name, png!.type, png!.size]).toEqual(['b.png', 'image/png', 3]);
    expect(filesOverLimit).toBe(false);
    expect(fieldsOverLimit).toBe(false);
  });

  it('reads an empty file input as an empty, nameless file (as request.formData() does)', async () => {
    const empty = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachments"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`;
    const { formData } = await readMultipartForm(post(`${field('text', 'x')}${empty}${END}`), LIMITS);
    const value = formData.get('attachments') as File;
    expect([value.name, value.size]).toEqual(['', 0]);
  });

  it('keeps no bytes of a file over its limit, or of files together over theirs: empty files with their names', async () => {
    const { body, pulled } = streamedBody(`${field('text', 'teksti')}${fileHead('attachments', 'iso.pdf')}`, 5 * MiB, `\r\n${field('after', 'kept')}${END}`);
    const one = await readMultipartForm(post(body), LIMITS);
    expect(one.filesOverLimit).toBe(true);
    expect(pulled()).toBeGreaterThan(5 * MiB);
    const big = one.formData.get('attachments') as File;
    expect([big.name, big.size]).toEqual(['iso.pdf', 0]);
    // The fields before and after the file are there.
    expect([one.formData.get('text'), one.formData.get('after')]).toEqual(['teksti', 'kept']);

    const two = await readMultipartForm(
      post(`${file('attachments', 'a.pdf', 'a'.repeat(90 * KiB))}${file('attachments', 'b.pdf', 'b'.repeat(90 * KiB))}${END}`),
      LIMITS,
    );
    expect(two.filesOverLimit).toBe(true);
    expect((two.formData.getAll('attachments') as File[]).map((f) => [f.name, f.size])).toEqual([
      ['a.pdf', 0],
      ['b.pdf', 0],
    ]);
  });

  it('keeps one file past the count as an empty file (so "too many" is seen) and ignores the rest', async () => {
    const files = Array.from({ length: 6 }, (_, i) => file('attachments', `${i}.txt`, 'x', 'text/plain')).join('');
    const { formData, filesOverLimit } = await readMultipartForm(post(`${files}${END}`), LIMITS);
    expect((formData.getAll('attachments') as File[]).map((f) => f.size)).toEqual([1, 1, 1, 0]);
    expect(filesOverLimit).toBe(false);
  });

  it('cuts a field over its limit and says so', async () => {
    const { formData, fieldsOverLimit } = await readMultipartForm(post(`${field('text', 'y'.repeat(100 * KiB))}${END}`), LIMITS);
    expect((formData.get('text') as string).length).toBe(64 * KiB);
    expect(fieldsOverLimit).toBe(true);
  });

  it('refuses a body that is not a well-formed multipart form', async () => {
    await expect(readMultipartForm(post('a=1', 'application/x-www-form-urlencoded'), LIMITS)).rejects.toBeInstanceOf(MalformedForm);
    await expect(readMultipartForm(post(`${fileHead('attachments', 'a.pdf')}cut off`), LIMITS)).rejects.toBeInstanceOf(MalformedForm);
  });
});
