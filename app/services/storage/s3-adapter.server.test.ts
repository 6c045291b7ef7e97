/**
 * The presigned PUT of the S3 adapter, checked by recomputing AWS Signature V4 independently
 * (the in-process S3 server of the integration tests verifies them too): the signature covers
 * the content type and the declared size (Content-Length), the URL expires with the upload
 * window, and no checksum of an empty body is baked in.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clock } from '~/lib/clock.server';
import { createS3Adapter } from './s3-adapter.server';
import type { ObjectMeta } from './storage.server';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const SECRET = 'test-secret-access-key';
const adapter = createS3Adapter({
  bucket: 'portal-files',
  region: 'eu-north-1',
  endpoint: 'http://127.0.0.1:9',
  forcePathStyle: true,
  credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: SECRET },
});

const object: ObjectMeta = {
  id: '3f2b8a9e-1c4d-4e5f-8a6b-7c8d9e0f1a2b',
  ownerPersonId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  uploadedById: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  purpose: 'kela-card-front',
  contentType: 'image/png',
  allowedContentTypes: ['image/jpeg', 'image/png'],
  maxBytes: 1024,
  fileName: null,
  backend: 's3',
  status: 'pending',
  byteSize: null,
  expiresAt: new Date(NOW.getTime() + 120_000),
  createdAt: NOW,
  completedAt: null,
};

const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4 of a presigned request as S3 computes it, for the headers the browser sends. */
function expectedSignature(url: URL, method: string, headers: Record<string, string>): string {
  const params = [...url.searchParams.entries()].filter(([k]) => k !== 'X-Amz-Signature');
  const query = params
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const signed = url.searchParams.get('X-Amz-SignedHeaders')!.split(';');
  const all: Record<string, string> = { host: url.host, ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) };
  const canonicalHeaders = signed.map((h) => `${h}:${(all[h] ?? '').trim()}\n`).join('');
  const canonical = [method, url.pathname, query, canonicalHeaders, signed.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const date = url.searchParams.get('X-Amz-Date')!;
  const scope = url.searchParams.get('X-Amz-Credential')!.split('/').slice(1).join('/');
  const toSign = ['AWS4-HMAC-SHA256', date, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const [day, region, service] = scope.split('/');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, day!), region!), service!), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('S3 presigned upload URL', () => {
  it('signs the content type and the declared size, expires with the upload window and PUTs to the object key', async () => {
    const target = await adapter.uploadTarget(object, object.uploadedById!, Buffer.alloc(32), NOW);
    const url = new URL(target.url);
    expect(target.method).toBe('PUT');
    expect(target.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(url.pathname).toBe(`/portal-files/objects/${object.id}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    // Signed on the bucket's (wall) clock: the same instant unless PORTAL_NOW moved the app's.
    const signedAt = clock
      .toWall(NOW)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(url.searchParams.get('X-Amz-Date')).toBe(signedAt);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    // A checksum in the URL would be the empty body's: S3 would then refuse the real bytes.
    expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);

    const signature = url.searchParams.get('X-Amz-Signature');
    const sent = { 'Content-Type': 'image/png', 'Content-Length': String(object.maxBytes) };
    expect(expectedSignature(url, 'PUT', sent)).toBe(signature);
    // The same URL with another content type, another size, another key or another method no longer matches.
    expect(expectedSignature(url, 'PUT', { ...sent, 'Content-Type': 'image/jpeg' })).not.toBe(signature);
    expect(expectedSignature(url, 'PUT', { ...sent, 'Content-Type': 'text/html' })).not.toBe(signature);
    expect(expectedSignature(url, 'PUT', { ...sent, 'Content-Length': String(object.maxBytes + 1) })).not.toBe(signature);
    expect(expectedSignature(url, 'PUT', { 'Content-Type': 'image/png' })).not.toBe(signature);
    expect(expectedSignature(url, 'GET', sent)).not.toBe(signature);
  });

  it('gives only the time left of the upload window', async () => {
    const later = new Date(NOW.getTime() + 100_000);
    const target = await adapter.uploadTarget(object, object.uploadedById!, Buffer.alloc(32), later);
    expect(new URL(target.url).searchParams.get('X-Amz-Expires')).toBe('20');
  });
});
