/**
 * The storage service: files the portal keeps for a person (Kela card images now, message
 * attachments and PDFs later), in the database or in an S3-compatible bucket
 * (docs/decisions/0011-file-storage.md).
 *
 * Protocol (spec 2 §7, init-upload → PUT → finish-upload):
 *  1. `initUpload` creates a pending row (owner, purpose, declared content type, allow-list,
 *     declared size, expiry) and answers a URL to PUT the bytes to, valid for 120 s and bound to
 *     the one object, content type, size and user (a bigger body is refused: by our route, or by
 *     the bucket, whose signature covers the Content-Length).
 *  2. The browser PUTs the bytes: to `/files/upload/:token` (embedded, checked by `acceptUpload`)
 *     or to the bucket (S3, a presigned URL).
 *  3. `finishUpload` checks what arrived (size, magic bytes) and marks the object complete.
 * Without JS a page's multipart form hands the bytes to `storeUpload`, which does all three.
 *
 * Downloads: `mintDownloadUrl` gives the owner (or their guardian) a `/files/:token` URL valid
 * for 120 s; `openDownload` serves it only to that same user. Anyone else, or a bad or expired
 * token, gets nothing (the routes answer 404). Unfinished uploads are deleted by
 * `cleanupUnfinishedUploads` (run opportunistically by `initUpload`).
 */
import { and, eq, getTableColumns, inArray, lt, ne } from 'drizzle-orm';
import { storedObjects } from '~db/schema';
import { env, sessionSecret } from '~/env.server';
import { logAccess } from '~/services/audit/access-log.server';
import type { AccessReason, ActorKind } from '~/models/audit/access-log';
import { actsFor, viewerOfPerson } from '~/services/people/viewer.server';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { clock } from '~/lib/clock.server';
import {
  checkContent,
  dispositionFor,
  isKnownContentType,
  mediaType,
  safeFileName,
  sniffContentType,
  SNIFF_BYTES,
  type KnownContentType,
  type UploadPolicy,
} from './content-type-rules';
import { createEmbeddedAdapter } from './embedded-adapter.server';
import { createS3Adapter } from './s3-adapter.server';
import { deriveSigningKey, parseToken, signToken, verifyToken } from './signing.server';

/** Upload and download URLs work for this long (spec: 120 s). */
const URL_LIFETIME_SECONDS = 120;
/** finish-upload is still accepted this long after the upload URL expired (a slow PUT). */
export const FINISH_GRACE_SECONDS = 300;
/** The access log's resource name for stored files. */
export const STORED_OBJECT_RESOURCE = 'stored-object';

const { data: _data, ...metaColumns } = getTableColumns(storedObjects);

/** A stored object's row without its bytes. */
export type ObjectMeta = Omit<typeof storedObjects.$inferSelect, 'data'>;

export interface UploadTarget {
  method: 'PUT';
  /** Relative (our own `/files/upload/…`) or absolute (the bucket's presigned URL). */
  url: string;
  /** Headers the PUT must carry (the content type is part of the signature). */
  headers: Record<string, string>;
}

export interface DownloadHeaders {
  contentType: KnownContentType;
  /** The whole Content-Disposition value. */
  contentDisposition: string;
}

/** Where the bytes go. The rows (ownership, status) are always in the database. */
export interface StorageAdapter {
  readonly backend: 'embedded' | 's3';
  uploadTarget(object: ObjectMeta, userId: string, key: Buffer, now: Date): Promise<UploadTarget>;
  write(db: Db, object: ObjectMeta, bytes: Uint8Array): Promise<void>;
  /** The size, stored content type and first bytes of what was uploaded; null when nothing was. */
  inspect(db: Db, object: ObjectMeta): Promise<{ size: number; contentType: string | null; head: Uint8Array } | null>;
  /** The download answer: the bytes (embedded) or a redirect to a presigned URL (S3). */
  serve(db: Db, object: ObjectMeta, headers: DownloadHeaders): Promise<Response | null>;
  remove(objects: ObjectMeta[]): Promise<void>;
}

export interface Storage {
  adapter: StorageAdapter;
  /** HMAC key of the signed URLs. */
  key: Buffer;
}

let cached: Storage | undefined;

/** The storage chosen by STORAGE (embedded by default). */
export function storage(): Storage {
  if (cached) return cached;
  const e = env();
  const key = deriveSigningKey(e.STORAGE_SIGNING_SECRET ?? sessionSecret(), !e.STORAGE_SIGNING_SECRET);
  const adapter =
    e.STORAGE === 's3'
      ? createS3Adapter({
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
        })
      : createEmbeddedAdapter();
  cached = { adapter, key };
  return cached;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The person themself, or their guardian while the owner is under 12: the viewer rule (`actsFor`). */
const ownerOrGuardian = async (db: Db, userId: string, ownerId: string): Promise<boolean> =>
  userId === ownerId || actsFor(await viewerOfPerson(db, userId), ownerId, 'young');

/**
 * Who besides the owner (and their guardian) may upload or download an object, decided by the
 * service whose objects they are (e.g. messaging: the professionals with access to the
 * thread). `objectId` is null before the object exists (an upload).
 */
export type AccessCheck = (db: Db, userId: string, target: { ownerId: string; objectId: string | null }) => Promise<boolean>;

export interface AccessOptions {
  /** Replaces the owner-or-guardian rule. */
  canAccess?: AccessCheck;
  /**
   * Who a user other than the owner is in the access log when `canAccess` lets them in (e.g. a
   * professional with access to a message thread); default the guardian of the owner-or-guardian rule.
   */
  otherActor?: { actorKind: ActorKind; reason?: AccessReason };
}

const defaultAccess: AccessCheck = (db, userId, target) => ownerOrGuardian(db, userId, target.ownerId);

async function findObject(db: Db, id: string): Promise<ObjectMeta | null> {
  const [row] = await db.select(metaColumns).from(storedObjects).where(eq(storedObjects.id, id)).limit(1);
  return row ?? null;
}

async function removeObject(db: Db, store: Storage, object: ObjectMeta): Promise<void> {
  await store.adapter.remove([object]);
  await db.delete(storedObjects).where(eq(storedObjects.id, object.id));
}

export interface InitUploadInput {
  /** Whose data the file is. */
  ownerId: string;
  /** Who uploads it (the owner or their guardian); the URL works for them only. */
  userId: string;
  purpose: string;
  /** The content type the browser declares; must be in the policy's allow-list. */
  contentType: string;
  fileName?: string | null;
  /**
   * The file's size in bytes, which the browser knows before sending it; at most the policy's
   * limit. It is the object's `maxBytes`: our upload route refuses a longer body, and the S3
   * URL signs it as the Content-Length, so the bucket refuses a body of any other size.
   */
  byteSize: number;
  policy: UploadPolicy;
}

export type InitUploadRefusal = 'type-not-allowed' | 'not-found' | 'invalid-size' | 'too-large';

export type InitUploadResult = { ok: true; objectId: string; upload: UploadTarget; expiresAt: Date } | { ok: false; reason: InitUploadRefusal };

export async function initUpload(
  db: Db,
  store: Storage,
  input: InitUploadInput,
  now = clock.now(),
  { canAccess = defaultAccess }: AccessOptions = {},
): Promise<InitUploadResult> {
  await cleanupUnfinishedUploads(db, store, now).catch((error: unknown) => {
    logger.warn({ err: error }, 'cleanup of unfinished uploads failed');
  });
  if (!(await canAccess(db, input.userId, { ownerId: input.ownerId, objectId: null }))) return { ok: false, reason: 'not-found' };
  const contentType = mediaType(input.contentType);
  if (!isKnownContentType(contentType) || !input.policy.allowedContentTypes.includes(contentType)) {
    return { ok: false, reason: 'type-not-allowed' };
  }
  if (!Number.isSafeInteger(input.byteSize) || input.byteSize < 1) return { ok: false, reason: 'invalid-size' };
  if (input.byteSize > input.policy.maxBytes) return { ok: false, reason: 'too-large' };
  const expiresAt = new Date((seconds(now) + URL_LIFETIME_SECONDS) * 1000);
  const [object] = await db
    .insert(storedObjects)
    .values({
      ownerPersonId: input.ownerId,
      uploadedById: input.userId,
      purpose: input.purpose,
      contentType,
      allowedContentTypes: [...input.policy.allowedContentTypes],
      maxBytes: input.byteSize,
      fileName: input.fileName ? safeFileName(input.fileName, contentType, input.purpose) : null,
      backend: store.adapter.backend,
      expiresAt,
      createdAt: now,
    })
    .returning(metaColumns);
  const upload = await store.adapter.uploadTarget(object!, input.userId, store.key, now);
  return { ok: true, objectId: object!.id, upload, expiresAt };
}

export type UploadRefusal = 'not-found' | 'wrong-content-type' | 'too-large' | 'type-not-allowed' | 'content-mismatch';

export interface AcceptUploadInput {
  token: string | undefined;
  /** The session's person; null: nobody is logged in. */
  userId: string | null;
  /** The request's Content-Type and Content-Length headers. */
  contentType: string | null;
  contentLength: string | null;
  body: ReadableStream<Uint8Array> | null;
}

/** Reads at most `max` bytes; null when the body is longer. */
async function readAtMost(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The PUT of the embedded storage: verifies the signed URL and the bytes, then keeps them. */
export async function acceptUpload(
  db: Db,
  store: Storage,
  input: AcceptUploadInput,
  now = clock.now(),
): Promise<{ ok: true; objectId: string } | { ok: false; reason: UploadRefusal }> {
  const token = parseToken(input.token);
  if (!token || token.action !== 'put' || !input.userId || store.adapter.backend !== 'embedded') {
    return { ok: false, reason: 'not-found' };
  }
  const object = await findObject(db, token.objectId);
  if (!object || object.status !== 'pending' || object.backend !== 'embedded' || object.uploadedById !== input.userId) {
    return { ok: false, reason: 'not-found' };
  }
  const check = verifyToken(store.key, token, { userId: input.userId, contentType: object.contentType }, now);
  if (!check.ok) return { ok: false, reason: 'not-found' };
  if (mediaType(input.contentType) !== object.contentType) return { ok: false, reason: 'wrong-content-type' };
  const declaredLength = Number(input.contentLength ?? '0');
  if (Number.isFinite(declaredLength) && declaredLength > object.maxBytes) return { ok: false, reason: 'too-large' };
  const bytes = await readAtMost(input.body, object.maxBytes);
  if (!bytes) return { ok: false, reason: 'too-large' };
  const content = checkContent(object.contentType, object.allowedContentTypes, bytes.subarray(0, SNIFF_BYTES));
  if (!content.ok) return { ok: false, reason: content.reason };
  const stored = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(storedObjects)
      .set({ status: 'uploaded', byteSize: bytes.byteLength })
      .where(and(eq(storedObjects.id, object.id), eq(storedObjects.status, 'pending')))
      .returning({ id: storedObjects.id });
    if (!updated) return false;
    await store.adapter.write(tx, object, bytes);
    return true;
  });
  return stored ? { ok: true, objectId: object.id } : { ok: false, reason: 'not-found' };
}

export type FinishRefusal = 'not-found' | 'not-uploaded' | 'expired' | 'too-large' | 'type-not-allowed' | 'content-mismatch';

/**
 * Checks what was uploaded (size, declared and actual content type) and marks the object
 * complete. A refused upload is deleted. Calling it again for a complete object is harmless.
 */
export async function finishUpload(
  db: Db,
  store: Storage,
  input: { objectId: string; userId: string },
  now = clock.now(),
): Promise<{ ok: true; object: ObjectMeta } | { ok: false; reason: FinishRefusal }> {
  const object = await findObject(db, input.objectId);
  if (!object || object.uploadedById !== input.userId) return { ok: false, reason: 'not-found' };
  if (object.status === 'complete') return { ok: true, object };
  if (now.getTime() > object.expiresAt.getTime() + FINISH_GRACE_SECONDS * 1000) return { ok: false, reason: 'expired' };
  const found = object.status === 'pending' && object.backend === 'embedded' ? null : await store.adapter.inspect(db, object);
  if (!found) return { ok: false, reason: 'not-uploaded' };
  let refusal: FinishRefusal | null = null;
  if (found.size > object.maxBytes) refusal = 'too-large';
  else if (found.contentType !== null && mediaType(found.contentType) !== object.contentType) refusal = 'content-mismatch';
  else {
    const content = checkContent(object.contentType, object.allowedContentTypes, found.head);
    if (!content.ok) refusal = content.reason;
  }
  if (refusal) {
    await removeObject(db, store, object);
    return { ok: false, reason: refusal };
  }
  const done = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(storedObjects)
      .set({ status: 'complete', byteSize: found.size, completedAt: now })
      .where(and(eq(storedObjects.id, object.id), ne(storedObjects.status, 'complete')))
      .returning(metaColumns);
    if (updated) {
      await logAccess(tx, {
        actorPersonId: input.userId,
        subjectPersonId: object.ownerPersonId,
        action: 'create',
        resource: STORED_OBJECT_RESOURCE,
        resourceId: object.id,
      });
    }
    return updated ?? null;
  });
  return done ? { ok: true, object: done } : { ok: true, object: (await findObject(db, object.id)) ?? object };
}

export interface StoreUploadInput extends Omit<InitUploadInput, 'contentType' | 'byteSize'> {
  /** The form part's declared type; empty or application/octet-stream: judged by the bytes. */
  contentType: string;
  bytes: Uint8Array;
}

/**
 * The whole protocol on the server, for a plain multipart form (no JS): checks the size and
 * the bytes, stores them and marks the object complete.
 */
export async function storeUpload(
  db: Db,
  store: Storage,
  input: StoreUploadInput,
  now = clock.now(),
  access: AccessOptions = {},
): Promise<{ ok: true; object: ObjectMeta } | { ok: false; reason: 'not-found' | 'too-large' | 'type-not-allowed' | 'content-mismatch' }> {
  const canAccess = access.canAccess ?? defaultAccess;
  if (!(await canAccess(db, input.userId, { ownerId: input.ownerId, objectId: null }))) return { ok: false, reason: 'not-found' };
  if (input.bytes.byteLength > input.policy.maxBytes) return { ok: false, reason: 'too-large' };
  const declared = mediaType(input.contentType);
  const contentType = declared === '' || declared === 'application/octet-stream' ? (sniffContentType(input.bytes) ?? '') : declared;
  const content = checkContent(contentType, input.policy.allowedContentTypes, input.bytes.subarray(0, SNIFF_BYTES));
  if (!content.ok) return { ok: false, reason: content.reason };
  const init = await initUpload(db, store, { ...input, contentType, byteSize: input.bytes.byteLength }, now, access);
  // ('invalid-size' is an empty file, which the content check above has already refused.)
  if (!init.ok) return { ok: false, reason: init.reason === 'invalid-size' ? 'content-mismatch' : init.reason };
  const object = (await findObject(db, init.objectId))!;
  await db.transaction(async (tx) => {
    await tx.update(storedObjects).set({ status: 'uploaded', byteSize: input.bytes.byteLength }).where(eq(storedObjects.id, object.id));
    await store.adapter.write(tx, object, input.bytes);
  });
  const finished = await finishUpload(db, store, { objectId: object.id, userId: input.userId }, now);
  if (!finished.ok) throw new Error(`a checked upload was refused at finish (${finished.reason})`);
  return finished;
}

/**
 * A download URL for `userId`, valid for 120 s; null unless the object is complete and the user
 * is its owner or the owner's guardian.
 */
export async function mintDownloadUrl(
  db: Db,
  store: Storage,
  input: { objectId: string; userId: string },
  now = clock.now(),
  { canAccess = defaultAccess, basePath = '/files' }: AccessOptions & { basePath?: string } = {},
): Promise<string | null> {
  const object = await findObject(db, input.objectId);
  if (!object || object.status !== 'complete') return null;
  if (!(await canAccess(db, input.userId, { ownerId: object.ownerPersonId, objectId: object.id }))) return null;
  const token = signToken(store.key, {
    action: 'get',
    objectId: object.id,
    userId: input.userId,
    contentType: object.contentType,
    expiresAt: seconds(now) + URL_LIFETIME_SECONDS,
  });
  return `${basePath}/${token}`;
}

/** Serves a download URL to the user it was minted for; null (→ 404) for anything else. */
export async function openDownload(
  db: Db,
  store: Storage,
  input: { token: string | undefined; userId: string | null },
  now = clock.now(),
  { canAccess = defaultAccess, otherActor }: AccessOptions = {},
): Promise<Response | null> {
  const token = parseToken(input.token);
  if (!token || token.action !== 'get' || !input.userId) return null;
  const object = await findObject(db, token.objectId);
  if (!object || object.status !== 'complete') return null;
  if (!verifyToken(store.key, token, { userId: input.userId, contentType: object.contentType }, now).ok) return null;
  // Guardianship (or a professional's access) may have ended since the URL was minted.
  if (!(await canAccess(db, input.userId, { ownerId: object.ownerPersonId, objectId: object.id }))) return null;
  const contentType = object.contentType;
  if (!isKnownContentType(contentType)) return null;
  const fileName = object.fileName ?? safeFileName(null, contentType, object.purpose);
  const response = await store.adapter.serve(db, object, {
    contentType,
    contentDisposition: `${dispositionFor(contentType)}; filename="${fileName}"`,
  });
  if (!response) return null;
  await logAccess(db, {
    actorPersonId: input.userId,
    subjectPersonId: object.ownerPersonId,
    action: 'view',
    resource: STORED_OBJECT_RESOURCE,
    resourceId: object.id,
    ...(input.userId === object.ownerPersonId ? {} : otherActor),
  });
  return response;
}

/** Deletes an object (e.g. a replaced Kela card image); false when the user may not. */
export async function deleteObject(
  db: Db,
  store: Storage,
  input: { objectId: string; userId: string },
  { canAccess = defaultAccess }: AccessOptions = {},
): Promise<boolean> {
  const object = await findObject(db, input.objectId);
  if (!object || !(await canAccess(db, input.userId, { ownerId: object.ownerPersonId, objectId: object.id }))) return false;
  await removeObject(db, store, object);
  await logAccess(db, {
    actorPersonId: input.userId,
    subjectPersonId: object.ownerPersonId,
    action: 'change',
    resource: STORED_OBJECT_RESOURCE,
    resourceId: object.id,
  });
  return true;
}

/**
 * Deletes uploads not finished within the upload window plus the finish grace (their bytes
 * too). Answers how many were deleted. Run by `initUpload`; export for a scheduled job.
 */
export async function cleanupUnfinishedUploads(db: Db, store: Storage, now = clock.now(), limit = 100): Promise<number> {
  const before = new Date(now.getTime() - FINISH_GRACE_SECONDS * 1000);
  const stale = await db
    .select(metaColumns)
    .from(storedObjects)
    .where(and(ne(storedObjects.status, 'complete'), lt(storedObjects.expiresAt, before)))
    .limit(limit);
  if (stale.length === 0) return 0;
  await store.adapter.remove(stale);
  const deleted = await db
    .delete(storedObjects)
    .where(
      and(
        inArray(
          storedObjects.id,
          stale.map((o) => o.id),
        ),
        ne(storedObjects.status, 'complete'),
      ),
    )
    .returning({ id: storedObjects.id });
  return deleted.length;
}
