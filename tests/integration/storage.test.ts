/**
 * The storage service on a real database: the init-upload → PUT → finish-upload protocol and
 * signed downloads, through the resource routes' handlers (embedded storage) and against an
 * in-process S3-compatible server (S3 storage). Who may upload and download (owner, guardian,
 * nobody else), expired and tampered URLs, wrong content types, oversize files (the size declared
 * at init bounds the PUT; the bucket refuses a body of another size), magic-byte mismatches, the
 * cleanup of unfinished uploads and the access log.
 */
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addGuardianship, createPerson, type Person } from '~db/factories';
import { accessLog, storedObjects } from '~db/schema';
import type { Auth } from '~/context';
import { makeIdentityCode } from '~/models/identity-code';
import { createSession, listWards } from '~/services/auth/session.server';
import type { Db } from '~/services/db/db.server';
import { featuresForPerson } from '~/services/features/features.server';
import { IMAGE_UPLOAD_POLICY, type UploadPolicy } from '~/services/storage/content-type-rules';
import { createEmbeddedAdapter } from '~/services/storage/embedded-adapter.server';
import { clientUpload, downloadResponse, uploadResponse } from '~/services/storage/http.server';
import { createS3Adapter, s3Key } from '~/services/storage/s3-adapter.server';
import { deriveSigningKey } from '~/services/storage/signing.server';
import {
  cleanupUnfinishedUploads,
  deleteObject,
  finishUpload,
  FINISH_GRACE_SECONDS,
  initUpload,
  mintDownloadUrl,
  storeUpload,
  STORED_OBJECT_RESOURCE,
  type Storage,
} from '~/services/storage/storage.server';
import { databaseKinds, withTestDatabase } from '../fixtures/db';
import { withTestS3 } from '../fixtures/s3';
import { clock } from '../fixtures/clock';

const KEY = deriveSigningKey('integration-test-session-secret-0123456789', true);
const SECOND = 1000;

const bytes = (head: number[] | string, length = 64) => {
  const start = typeof head === 'string' ? [...head].map((c) => c.charCodeAt(0)) : head;
  const out = new Uint8Array(Math.max(length, start.length));
  out.set(start);
  for (let i = start.length; i < out.length; i++) out[i] = (i * 31) % 251;
  return out;
};
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00], 300);
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52], 200);
const PDF = bytes('%PDF-1.7\n', 200);
const HTML = bytes('<!DOCTYPE html><html><body><script>alert(1)</script>', 100);

let individual = 500;
async function person(db: Db, birthDate = '1985-03-02'): Promise<Person> {
  individual += 2;
  return createPerson(db, {
    identityCode: makeIdentityCode(birthDate, individual),
    firstName: 'Testi',
    lastName: `Tiedosto${individual}`,
  });
}

async function authOf(db: Db, who: Person): Promise<Auth> {
  const { row } = await createSession(db, { personId: who.id, identityProvider: 'test' });
  return { session: row, person: who, wards: await listWards(db, who.id), features: await featuresForPerson(db, who.id), isHrUser: false };
}

function putRequest(url: string, headers: Record<string, string>, body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>) {
  const init: RequestInit & { duplex?: 'half' } = { method: 'PUT', headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return new Request(new URL(url, 'http://portal.test'), init);
}

/** A body that never says how long it is. */
function stream(content: Uint8Array, chunk = 64): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= content.length) return controller.close();
      controller.enqueue(content.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

const tokenOf = (url: string) => url.split('/').pop();

async function row(db: Db, id: string) {
  const [found] = await db.select().from(storedObjects).where(eq(storedObjects.id, id));
  return found ?? null;
}

describe.each(databaseKinds())('embedded storage on %s', (kind) => {
  const t = withTestDatabase(kind);
  const store: Storage = { adapter: createEmbeddedAdapter(), key: KEY };
  let aino: Person;
  let laura: Person;
  let eino: Person;
  let stranger: Person;
  let ainoAuth: Auth;
  let lauraAuth: Auth;
  let einoAuth: Auth;
  let strangerAuth: Auth;

  beforeAll(async () => {
    aino = await person(t.db);
    laura = await person(t.db, '1982-06-11');
    eino = await person(t.db, '2018-09-01');
    stranger = await person(t.db, '1990-12-24');
    await addGuardianship(t.db, laura.id, eino.id);
    [ainoAuth, lauraAuth, einoAuth, strangerAuth] = await Promise.all([authOf(t.db, aino), authOf(t.db, laura), authOf(t.db, eino), authOf(t.db, stranger)]);
  });

  async function init(
    who: Person,
    owner: Person,
    contentType: string,
    policy: UploadPolicy = IMAGE_UPLOAD_POLICY,
    now = clock.now(),
    byteSize = policy.maxBytes,
  ) {
    const result = await initUpload(
      t.db,
      store,
      { ownerId: owner.id, userId: who.id, purpose: 'kela-card-front', contentType, fileName: 'Kela kortti.jpg', byteSize, policy },
      now,
    );
    if (!result.ok) throw new Error(`init-upload refused: ${result.reason}`);
    return result;
  }

  it('does the whole round trip: init-upload, PUT to the signed URL, finish-upload, signed download', async () => {
    const started = await init(aino, aino, 'image/jpeg');
    expect(started.upload.url).toMatch(/^\/files\/upload\/[0-9a-f-]{36}\.put\.\d+\.[\w-]{43}$/);
    expect(started.expiresAt.getTime() - clock.nowMs()).toBeLessThanOrEqual(120 * SECOND);
    expect(await row(t.db, started.objectId)).toMatchObject({ status: 'pending', ownerPersonId: aino.id, contentType: 'image/jpeg' });

    const upload = clientUpload(started.upload, ainoAuth.session.csrfToken);
    expect(upload.headers).toEqual({ 'Content-Type': 'image/jpeg', 'X-CSRF-Token': ainoAuth.session.csrfToken });
    const put = await uploadResponse(t.db, store, putRequest(upload.url, upload.headers, JPEG), ainoAuth, tokenOf(upload.url));
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ type: 'ok' });
    expect(await row(t.db, started.objectId)).toMatchObject({ status: 'uploaded', byteSize: JPEG.length });

    const finished = await finishUpload(t.db, store, { objectId: started.objectId, userId: aino.id });
    expect(finished).toMatchObject({ ok: true, object: { status: 'complete', byteSize: JPEG.length } });
    // Finishing twice is harmless.
    expect(await finishUpload(t.db, store, { objectId: started.objectId, userId: aino.id })).toMatchObject({ ok: true });

    const url = await mintDownloadUrl(t.db, store, { objectId: started.objectId, userId: aino.id });
    expect(url).toMatch(/^\/files\/[0-9a-f-]{36}\.get\.\d+\.[\w-]{43}$/);
    const download = await downloadResponse(t.db, store, ainoAuth, tokenOf(url!));
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(JPEG);
    expect(Object.fromEntries(download.headers)).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(JPEG.length),
      'content-disposition': 'inline; filename="Kela-kortti.jpg"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });

    const log = await t.db
      .select({ action: accessLog.action, actor: accessLog.actorPersonId })
      .from(accessLog)
      .where(and(eq(accessLog.resource, STORED_OBJECT_RESOURCE), eq(accessLog.resourceId, started.objectId)))
      .orderBy(accessLog.id);
    expect(log).toEqual([
      { action: 'create', actor: aino.id },
      { action: 'view', actor: aino.id },
    ]);
  });

  it("lets a guardian upload and download the ward's file, and nobody else", async () => {
    expect(
      await initUpload(t.db, store, {
        ownerId: eino.id,
        userId: stranger.id,
        purpose: 'kela-card-back',
        contentType: 'image/png',
        byteSize: PNG.length,
        policy: IMAGE_UPLOAD_POLICY,
      }),
    ).toEqual({
      ok: false,
      reason: 'not-found',
    });
    // The viewer rule (actsFor): a guardian acts for a ward's files only while the ward is under 12.
    const teen = await person(t.db, '2012-01-15');
    await addGuardianship(t.db, laura.id, teen.id);
    expect(
      await initUpload(t.db, store, {
        ownerId: teen.id,
        userId: laura.id,
        purpose: 'kela-card-back',
        contentType: 'image/png',
        byteSize: PNG.length,
        policy: IMAGE_UPLOAD_POLICY,
      }),
    ).toEqual({
      ok: false,
      reason: 'not-found',
    });
    const started = await init(laura, eino, 'image/png');
    const put = await uploadResponse(t.db, store, putRequest(started.upload.url, started.upload.headers, PNG), lauraAuth, tokenOf(started.upload.url));
    expect(put.status).toBe(200);
    expect(await finishUpload(t.db, store, { objectId: started.objectId, userId: laura.id })).toMatchObject({ ok: true });

    // The owner and the guardian each get their own URL.
    for (const [who, auth] of [
      [laura, lauraAuth],
      [eino, einoAuth],
    ] as const) {
      const url = await mintDownloadUrl(t.db, store, { objectId: started.objectId, userId: who.id });
      const response = await downloadResponse(t.db, store, auth, tokenOf(url!));
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('image/png');
    }
    // Someone else gets no URL, and another user's URL is a 404 for them (and without a session).
    expect(await mintDownloadUrl(t.db, store, { objectId: started.objectId, userId: stranger.id })).toBeNull();
    expect(await mintDownloadUrl(t.db, store, { objectId: started.objectId, userId: aino.id })).toBeNull();
    const lauras = await mintDownloadUrl(t.db, store, { objectId: started.objectId, userId: laura.id });
    expect((await downloadResponse(t.db, store, strangerAuth, tokenOf(lauras!))).status).toBe(404);
    expect((await downloadResponse(t.db, store, einoAuth, tokenOf(lauras!))).status).toBe(404);
    expect((await downloadResponse(t.db, store, null, tokenOf(lauras!))).status).toBe(404);

    // The access log names who acted on whose file; the refused attempts served nothing.
    const log = await t.db
      .select({ action: accessLog.action, actor: accessLog.actorPersonId, subject: accessLog.subjectPersonId })
      .from(accessLog)
      .where(and(eq(accessLog.resource, STORED_OBJECT_RESOURCE), eq(accessLog.resourceId, started.objectId)))
      .orderBy(accessLog.id);
    expect(log).toEqual([
      { action: 'create', actor: laura.id, subject: eino.id },
      { action: 'view', actor: laura.id, subject: eino.id },
      { action: 'view', actor: eino.id, subject: eino.id },
    ]);
  });

  it('refuses a PUT by another user, without a session, or with a used URL (404)', async () => {
    const started = await init(aino, aino, 'image/jpeg');
    const token = tokenOf(started.upload.url);
    const request = () => putRequest(started.upload.url, started.upload.headers, JPEG);
    expect((await uploadResponse(t.db, store, request(), strangerAuth, token)).status).toBe(404);
    expect((await uploadResponse(t.db, store, request(), null, token)).status).toBe(404);
    expect((await row(t.db, started.objectId))?.status).toBe('pending');
    expect((await uploadResponse(t.db, store, request(), ainoAuth, token)).status).toBe(200);
    expect((await uploadResponse(t.db, store, request(), ainoAuth, token)).status).toBe(404);
    // Only the uploader finishes it.
    expect(await finishUpload(t.db, store, { objectId: started.objectId, userId: stranger.id })).toEqual({ ok: false, reason: 'not-found' });
  });

  it('refuses expired and tampered URLs (404)', async () => {
    const started = await init(aino, aino, 'image/jpeg');
    const token = tokenOf(started.upload.url)!;
    const later = new Date(started.expiresAt.getTime() + SECOND);
    expect((await uploadResponse(t.db, store, putRequest(started.upload.url, started.upload.headers, JPEG), ainoAuth, token, later)).status).toBe(404);
    const [id, action, expiry, mac] = token.split('.');
    const extended = `${id}.${action}.${Number(expiry) + 3600}.${mac}`;
    expect((await uploadResponse(t.db, store, putRequest(started.upload.url, started.upload.headers, JPEG), ainoAuth, extended, later)).status).toBe(404);
    // An upload token is no download token, and the other way round.
    expect((await downloadResponse(t.db, store, ainoAuth, token)).status).toBe(404);
    expect((await uploadResponse(t.db, store, putRequest(started.upload.url, started.upload.headers, JPEG), ainoAuth, token)).status).toBe(200);
    await finishUpload(t.db, store, { objectId: started.objectId, userId: aino.id });
    const url = await mintDownloadUrl(t.db, store, { objectId: started.objectId, userId: aino.id });
    const getToken = tokenOf(url!)!;
    expect((await uploadResponse(t.db, store, putRequest(url!, { 'Content-Type': 'image/jpeg' }, JPEG), ainoAuth, getToken)).status).toBe(404);
    expect((await downloadResponse(t.db, store, ainoAuth, getToken, new Date(clock.nowMs() + 121 * SECOND))).status).toBe(404);
    expect((await downloadResponse(t.db, store, ainoAuth, `${getToken.slice(0, -2)}xx`)).status).toBe(404);
    expect((await downloadResponse(t.db, store, ainoAuth, 'nonsense')).status).toBe(404);
  });

  it('refuses a PUT whose Content-Type is not the one signed (415), and a type outside the allow-list at init', async () => {
    const started = await init(aino, aino, 'image/jpeg');
    const response = await uploadResponse(
      t.db,
      store,
      putRequest(started.upload.url, { 'Content-Type': 'image/png' }, PNG),
      ainoAuth,
      tokenOf(started.upload.url),
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ type: 'wrong-content-type' });
    expect(
      await initUpload(t.db, store, {
        ownerId: aino.id,
        userId: aino.id,
        purpose: 'kela-card-front',
        contentType: 'application/pdf',
        byteSize: PDF.length,
        policy: IMAGE_UPLOAD_POLICY,
      }),
    ).toEqual({ ok: false, reason: 'type-not-allowed' });
  });

  it('refuses bytes that are not what was declared: a PDF renamed .png, an HTML page (415)', async () => {
    for (const [declared, content] of [
      ['image/png', PDF],
      ['image/jpeg', HTML],
      ['image/png', JPEG],
    ] as const) {
      const started = await init(aino, aino, declared);
      const response = await uploadResponse(
        t.db,
        store,
        putRequest(started.upload.url, started.upload.headers, content),
        ainoAuth,
        tokenOf(started.upload.url),
      );
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ type: 'content-mismatch' });
      expect(await row(t.db, started.objectId)).toMatchObject({ status: 'pending', data: null });
      expect(await finishUpload(t.db, store, { objectId: started.objectId, userId: aino.id })).toEqual({ ok: false, reason: 'not-uploaded' });
    }
  });

  it('refuses an oversize file, by its Content-Length or by counting a body of unknown length (413)', async () => {
    const policy: UploadPolicy = { allowedContentTypes: ['image/jpeg'], maxBytes: 200 };
    const declared = await init(aino, aino, 'image/jpeg', policy);
    const byLength = await uploadResponse(
      t.db,
      store,
      putRequest(declared.upload.url, { ...declared.upload.headers, 'Content-Length': String(JPEG.length) }, JPEG),
      ainoAuth,
      tokenOf(declared.upload.url),
    );
    expect(byLength.status).toBe(413);
    expect(await byLength.json()).toEqual({ type: 'too-large' });

    const counted = await init(aino, aino, 'image/jpeg', policy);
    const streamed = await uploadResponse(
      t.db,
      store,
      putRequest(counted.upload.url, counted.upload.headers, stream(JPEG)),
      ainoAuth,
      tokenOf(counted.upload.url),
    );
    expect(streamed.status).toBe(413);
    expect((await row(t.db, counted.objectId))?.status).toBe('pending');

    const fits = await init(aino, aino, 'image/jpeg', policy);
    const small = JPEG.slice(0, 200);
    expect(
      (await uploadResponse(t.db, store, putRequest(fits.upload.url, fits.upload.headers, stream(small)), ainoAuth, tokenOf(fits.upload.url))).status,
    ).toBe(200);
    expect(await finishUpload(t.db, store, { objectId: fits.objectId, userId: aino.id })).toMatchObject({ ok: true, object: { byteSize: 200 } });
  });

  it('binds the upload URL to the declared size: a bigger body is refused (413), a declared size over the limit at init', async () => {
    const declared = await init(aino, aino, 'image/png', IMAGE_UPLOAD_POLICY, clock.now(), PNG.length);
    const bigger = new Uint8Array(PNG.length + 1);
    bigger.set(PNG);
    for (const body of [bigger, stream(bigger)]) {
      const response = await uploadResponse(
        t.db,
        store,
        putRequest(declared.upload.url, declared.upload.headers, body),
        ainoAuth,
        tokenOf(declared.upload.url),
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ type: 'too-large' });
      expect(await row(t.db, declared.objectId)).toMatchObject({ status: 'pending', data: null });
    }
    expect(
      (await uploadResponse(t.db, store, putRequest(declared.upload.url, declared.upload.headers, PNG), ainoAuth, tokenOf(declared.upload.url))).status,
    ).toBe(200);

    const base = { ownerId: aino.id, userId: aino.id, purpose: 'kela-card-front', contentType: 'image/png', policy: IMAGE_UPLOAD_POLICY };
    const count = async () => (await t.db.select().from(storedObjects).where(eq(storedObjects.ownerPersonId, aino.id))).length;
    const before = await count();
    expect(await initUpload(t.db, store, { ...base, byteSize: IMAGE_UPLOAD_POLICY.maxBytes + 1 })).toEqual({ ok: false, reason: 'too-large' });
    for (const byteSize of [0, -1, 1.5, Number.NaN, undefined as unknown as number]) {
      expect(await initUpload(t.db, store, { ...base, byteSize }), String(byteSize)).toEqual({ ok: false, reason: 'invalid-size' });
    }
    expect(await count()).toBe(before);
  });

  it('cleans up uploads not finished in time, also when the next upload starts; finished ones stay', async () => {
    const longAgo = new Date(clock.nowMs() - (120 + FINISH_GRACE_SECONDS + 60) * SECOND);
    const abandoned = await init(aino, aino, 'image/jpeg', IMAGE_UPLOAD_POLICY, longAgo);
    const uploadedNeverFinished = await init(aino, aino, 'image/png', IMAGE_UPLOAD_POLICY, longAgo);
    await uploadResponse(
      t.db,
      store,
      putRequest(uploadedNeverFinished.upload.url, uploadedNeverFinished.upload.headers, PNG),
      ainoAuth,
      tokenOf(uploadedNeverFinished.upload.url),
      longAgo,
    );
    expect((await row(t.db, uploadedNeverFinished.objectId))?.status).toBe('uploaded');
    const finishedLongAgo = await init(aino, aino, 'image/jpeg', IMAGE_UPLOAD_POLICY, longAgo);
    await uploadResponse(
      t.db,
      store,
      putRequest(finishedLongAgo.upload.url, finishedLongAgo.upload.headers, JPEG),
      ainoAuth,
      tokenOf(finishedLongAgo.upload.url),
      longAgo,
    );
    expect(await finishUpload(t.db, store, { objectId: finishedLongAgo.objectId, userId: aino.id }, longAgo)).toMatchObject({ ok: true });
    // Too late to finish now.
    expect(await finishUpload(t.db, store, { objectId: uploadedNeverFinished.objectId, userId: aino.id })).toEqual({ ok: false, reason: 'expired' });

    // The next init-upload removes the abandoned ones.
    const fresh = await init(aino, aino, 'image/jpeg');
    expect(await row(t.db, abandoned.objectId)).toBeNull();
    expect(await row(t.db, uploadedNeverFinished.objectId)).toBeNull();
    expect(await row(t.db, finishedLongAgo.objectId)).not.toBeNull();
    expect(await row(t.db, fresh.objectId)).not.toBeNull();

    // The exported job: nothing more to do now; the fresh one goes once its time is up.
    expect(await cleanupUnfinishedUploads(t.db, store)).toBe(0);
    const muchLater = new Date(clock.nowMs() + (120 + FINISH_GRACE_SECONDS + 60) * SECOND);
    expect(await cleanupUnfinishedUploads(t.db, store, muchLater)).toBeGreaterThanOrEqual(2);
    expect(await row(t.db, fresh.objectId)).toBeNull();
    expect(await row(t.db, finishedLongAgo.objectId)).not.toBeNull();
  });

  it('stores a plain form upload in one go, judging an undeclared type by the bytes', async () => {
    const stored = await storeUpload(t.db, store, {
      ownerId: eino.id,
      userId: laura.id,
      purpose: 'kela-card-back',
      contentType: 'application/octet-stream',
      fileName: 'kortti.jpeg',
      bytes: JPEG,
      policy: IMAGE_UPLOAD_POLICY,
    });
    expect(stored).toMatchObject({ ok: true, object: { status: 'complete', contentType: 'image/jpeg', ownerPersonId: eino.id } });
    const base = { ownerId: aino.id, userId: aino.id, purpose: 'kela-card-back', fileName: 'x.png', policy: IMAGE_UPLOAD_POLICY };
    const count = async () => (await t.db.select().from(storedObjects).where(eq(storedObjects.ownerPersonId, aino.id))).length;
    const before = await count();
    expect(await storeUpload(t.db, store, { ...base, contentType: 'image/png', bytes: PDF })).toEqual({ ok: false, reason: 'content-mismatch' });
    expect(await storeUpload(t.db, store, { ...base, contentType: '', bytes: HTML })).toEqual({ ok: false, reason: 'type-not-allowed' });
    expect(await storeUpload(t.db, store, { ...base, contentType: 'image/png', bytes: PNG, policy: { ...IMAGE_UPLOAD_POLICY, maxBytes: 100 } })).toEqual({
      ok: false,
      reason: 'too-large',
    });
    expect(await storeUpload(t.db, store, { ...base, ownerId: eino.id, contentType: 'image/png', bytes: PNG })).toEqual({ ok: false, reason: 'not-found' });
    expect(await count()).toBe(before);
  });

  it('deletes an object for its owner or guardian only', async () => {
    const stored = await storeUpload(t.db, store, {
      ownerId: eino.id,
      userId: laura.id,
      purpose: 'kela-card-front',
      contentType: 'image/png',
      bytes: PNG,
      policy: IMAGE_UPLOAD_POLICY,
    });
    if (!stored.ok) throw new Error('stored');
    expect(await deleteObject(t.db, store, { objectId: stored.object.id, userId: stranger.id })).toBe(false);
    expect(await row(t.db, stored.object.id)).not.toBeNull();
    expect(await deleteObject(t.db, store, { objectId: stored.object.id, userId: laura.id })).toBe(true);
    expect(await row(t.db, stored.object.id)).toBeNull();
  });

  it('answers 405 to anything but PUT on an upload URL', async () => {
    const started = await init(aino, aino, 'image/jpeg');
    const request = new Request(new URL(started.upload.url, 'http://portal.test'), { method: 'POST', body: JPEG });
    expect((await uploadResponse(t.db, store, request, ainoAuth, tokenOf(started.upload.url))).status).toBe(405);
  });
});

describe.each(databaseKinds())('S3 storage on %s', (kind) => {
  const t = withTestDatabase(kind);
  const s3 = withTestS3();
  let store: Storage & { adapter: ReturnType<typeof createS3Adapter> };
  let aino: Person;
  let stranger: Person;
  let ainoAuth: Auth;
  let strangerAuth: Auth;

  beforeAll(async () => {
    store = { adapter: createS3Adapter(s3.settings), key: KEY };
    aino = await person(t.db, '1979-04-04');
    stranger = await person(t.db, '1991-01-01');
    ainoAuth = await authOf(t.db, aino);
    strangerAuth = await authOf(t.db, stranger);
  });

  async function inBucket(id: string): Promise<boolean> {
    try {
      await store.adapter.client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: s3Key({ id }) }));
      return true;
    } catch {
      return false;
    }
  }

  async function upload(contentType: string, content: Uint8Array<ArrayBuffer>, policy: UploadPolicy = IMAGE_UPLOAD_POLICY, now = clock.now()) {
    const started = await initUpload(
      t.db,
      store,
      { ownerId: aino.id, userId: aino.id, purpose: 'kela-card-front', contentType, byteSize: content.length, policy },
      now,
    );
    if (!started.ok) throw new Error(started.reason);
    expect(started.upload.url.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/objects/${started.objectId}?`)).toBe(true);
    const target = clientUpload(started.upload, ainoAuth.session.csrfToken);
    expect(target.headers).toEqual({ 'Content-Type': contentType });
    const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body: content });
    expect(put.status).toBe(200);
    return started;
  }

  it('uploads straight to the bucket, finishes after checking the bytes, and redirects the owner to a presigned GET', async () => {
    const started = await upload('image/jpeg', JPEG);
    expect(await row(t.db, started.objectId)).toMatchObject({ status: 'pending', backend: 's3', data: null });
    const finished = await finishUpload(t.db, store, { objectId: started.objectId, userId: aino.id });
    expect(finished).toMatchObject({ ok: true, object: { status: 'complete', byteSize: JPEG.length } });

    const url = await mintDownloadUrl(t.db, store, { objectId: started.objectId, userId: aino.id });
    expect(url).toMatch(/^\/files\//);
    const redirect = await downloadResponse(t.db, store, ainoAuth, tokenOf(url!));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Cache-Control')).toBe('private, no-store');
    const location = redirect.headers.get('Location')!;
    expect(location.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/objects/${started.objectId}?`)).toBe(true);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(JPEG);
    expect(file.headers.get('Content-Type')).toBe('image/jpeg');
    expect(file.headers.get('Content-Disposition')).toBe('inline; filename="kela-card-front.jpg"');
    expect(file.headers.get('Cache-Control')).toBe('private, no-store');

    // Someone else: no URL, and the owner's URL is a 404 for them.
    expect(await mintDownloadUrl(t.db, store, { objectId: started.objectId, userId: stranger.id })).toBeNull();
    expect((await downloadResponse(t.db, store, strangerAuth, tokenOf(url!))).status).toBe(404);
  });

  it('deletes an upload whose bytes are not what was declared, or that is too large', async () => {
    const pdf = await upload('image/png', PDF);
    expect(await finishUpload(t.db, store, { objectId: pdf.objectId, userId: aino.id })).toEqual({ ok: false, reason: 'content-mismatch' });
    expect(await row(t.db, pdf.objectId)).toBeNull();
    expect(await inBucket(pdf.objectId)).toBe(false);

    // A file larger than the policy allows gets no URL at all.
    const policy = { allowedContentTypes: ['image/jpeg' as const], maxBytes: 100 };
    expect(
      await initUpload(t.db, store, {
        ownerId: aino.id,
        userId: aino.id,
        purpose: 'kela-card-front',
        contentType: 'image/jpeg',
        byteSize: JPEG.length,
        policy,
      }),
    ).toEqual({
      ok: false,
      reason: 'too-large',
    });
  });

  it('the bucket refuses a body bigger or smaller than the size the URL was signed for, and one of unknown length (403)', async () => {
    const started = await initUpload(t.db, store, {
      ownerId: aino.id,
      userId: aino.id,
      purpose: 'kela-card-front',
      contentType: 'image/png',
      byteSize: PNG.length,
      policy: IMAGE_UPLOAD_POLICY,
    });
    if (!started.ok) throw new Error(started.reason);
    const bigger = new Uint8Array(PNG.length * 50);
    bigger.set(PNG);
    const tooBig = await fetch(started.upload.url, { method: 'PUT', headers: started.upload.headers, body: bigger });
    expect(tooBig.status).toBe(403);
    expect(await inBucket(started.objectId)).toBe(false);
    const smaller = await fetch(started.upload.url, { method: 'PUT', headers: started.upload.headers, body: PNG.slice(0, 100) });
    expect(smaller.status).toBe(403);
    const chunked = await fetch(started.upload.url, { method: 'PUT', headers: started.upload.headers, body: stream(bigger), duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(403);
    expect(await inBucket(started.objectId)).toBe(false);
    expect(await finishUpload(t.db, store, { objectId: started.objectId, userId: aino.id })).toEqual({ ok: false, reason: 'not-uploaded' });
    // The declared size goes through.
    expect((await fetch(started.upload.url, { method: 'PUT', headers: started.upload.headers, body: PNG })).status).toBe(200);
    expect(await finishUpload(t.db, store, { objectId: started.objectId, userId: aino.id })).toMatchObject({ ok: true, object: { byteSize: PNG.length } });
  });

  it('the bucket refuses a presigned PUT with another Content-Type or a changed signature (403)', async () => {
    const started = await initUpload(t.db, store, {
      ownerId: aino.id,
      userId: aino.id,
      purpose: 'kela-card-front',
      contentType: 'image/png',
      byteSize: PNG.length,
      policy: IMAGE_UPLOAD_POLICY,
    });
    if (!started.ok) throw new Error(started.reason);
    const otherType = await fetch(started.upload.url, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: PNG });
    expect(otherType.status).toBe(403);
    const url = new URL(started.upload.url);
    const signature = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set('X-Amz-Signature', `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`);
    const tampered = await fetch(url, { method: 'PUT', headers: started.upload.headers, body: PNG });
    expect(tampered.status).toBe(403);
    expect(await inBucket(started.objectId)).toBe(false);
    // A bucket-level call signed with another secret is refused too.
    const { region, endpoint, forcePathStyle, credentials } = s3.settings;
    const stranger = new S3Client({
      region,
      endpoint,
      forcePathStyle,
      credentials: { accessKeyId: credentials!.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    await expect(stranger.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  });

  it('refuses an expired presigned PUT and finishing what never arrived', async () => {
    const longAgo = new Date(clock.nowMs() - 10 * 60 * SECOND);
    const started = await initUpload(
      t.db,
      store,
      { ownerId: aino.id, userId: aino.id, purpose: 'kela-card-front', contentType: 'image/png', byteSize: PNG.length, policy: IMAGE_UPLOAD_POLICY },
      longAgo,
    );
    if (!started.ok) throw new Error(started.reason);
    const put = await fetch(started.upload.url, { method: 'PUT', headers: started.upload.headers, body: PNG });
    expect(put.status).toBe(403);
    expect(await finishUpload(t.db, store, { objectId: started.objectId, userId: aino.id }, longAgo)).toEqual({ ok: false, reason: 'not-uploaded' });
  });

  it('cleans up unfinished uploads in the bucket too', async () => {
    const longAgo = new Date(clock.nowMs() - (120 + FINISH_GRACE_SECONDS + 60) * SECOND);
    const started = await initUpload(
      t.db,
      store,
      { ownerId: aino.id, userId: aino.id, purpose: 'kela-card-front', contentType: 'image/png', byteSize: PNG.length, policy: IMAGE_UPLOAD_POLICY },
      longAgo,
    );
    if (!started.ok) throw new Error(started.reason);
    // The bytes arrived (here through the SDK) but finish-upload never came.
    await store.adapter.write(t.db, (await row(t.db, started.objectId))!, PNG);
    expect(await inBucket(started.objectId)).toBe(true);
    // (An abandoned upload of an earlier test may go too.)
    expect(await cleanupUnfinishedUploads(t.db, store)).toBeGreaterThanOrEqual(1);
    expect(await row(t.db, started.objectId)).toBeNull();
    expect(await inBucket(started.objectId)).toBe(false);
  });

  it('stores a plain form upload in the bucket and deletes it again', async () => {
    const stored = await storeUpload(t.db, store, {
      ownerId: aino.id,
      userId: aino.id,
      purpose: 'kela-card-back',
      contentType: 'image/png',
      bytes: PNG,
      policy: IMAGE_UPLOAD_POLICY,
    });
    if (!stored.ok) throw new Error(stored.reason);
    expect(stored.object).toMatchObject({ status: 'complete', backend: 's3', byteSize: PNG.length });
    expect(await inBucket(stored.object.id)).toBe(true);
    expect(await deleteObject(t.db, store, { objectId: stored.object.id, userId: aino.id })).toBe(true);
    expect(await inBucket(stored.object.id)).toBe(false);
  });
});
