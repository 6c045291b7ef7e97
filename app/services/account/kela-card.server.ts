/**
 * Kela card images (spec 2 §3, §4 "Kela card image slot", §7 /api/kela-card*), kept by the
 * storage service (docs/decisions/0011-file-storage.md). Both sides are saved together or not at
 * all: any refusal deletes both new objects and keeps the old pair. Replacing the pair deletes
 * the old objects. Only JPEG and PNG, judged by the bytes (IMAGE_UPLOAD_POLICY, ≤ 10 MiB). Both
 * images count toward the person's limit of uploaded files (RATE_LIMIT_UPLOADS_PER_HOUR).
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { kelaCards } from '~db/schema';
import { constantTimeEqual } from '~/lib/crypto.server';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { hitPersonLimit } from '~/services/security/person-limits.server';
import { IMAGE_UPLOAD_POLICY } from '~/services/storage/content-type-rules';
import { deleteObject, finishUpload, initUpload, mintDownloadUrl, storeUpload, type Storage, type UploadTarget } from '~/services/storage/storage.server';
import { clock } from '~/lib/clock.server';

const KELA_RESOURCE = 'person:kela-card';
export const KELA_SIDES = ['front', 'back'] as const;
export type KelaSide = (typeof KELA_SIDES)[number];

interface Actor {
  person: { id: string };
}

/** The images' download URLs (valid 120 s), or null when none are saved. */
export async function getKelaCard(db: Db, store: Storage, auth: Actor, now = clock.now()): Promise<{ imageUrl: Record<KelaSide, string> } | null> {
  const [row] = await db.select().from(kelaCards).where(eq(kelaCards.personId, auth.person.id)).limit(1);
  await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'view', resource: KELA_RESOURCE });
  if (!row) return null;
  const [front, back] = await Promise.all([
    mintDownloadUrl(db, store, { objectId: row.frontObjectId, userId: auth.person.id }, now),
    mintDownloadUrl(db, store, { objectId: row.backObjectId, userId: auth.person.id }, now),
  ]);
  return front && back ? { imageUrl: { front, back } } : null;
}

function tokenMac(store: Storage, userId: string, frontId: string, backId: string): string {
  return createHmac('sha256', store.key).update(`kela-card:${userId}:${frontId}:${backId}`).digest('base64url');
}

export type InitKelaResult =
  { type: 'success'; front: UploadTarget; back: UploadTarget; token: string } | { type: 'invalid-mimetype' | 'invalid-size' | 'too-large' } | TooManyUploads;

/** Over the person's limit of uploaded files (two per card): nothing is created. */
export interface TooManyUploads {
  type: 'too-many-uploads';
  retryAfterSeconds: number;
}

async function uploadsAllowed(db: Db, auth: Actor, now: Date): Promise<TooManyUploads | null> {
  const limit = await hitPersonLimit(db, 'uploads', auth.person.id, { amount: KELA_SIDES.length, now });
  return limit.allowed ? null : { type: 'too-many-uploads', retryAfterSeconds: limit.retryAfterSeconds };
}

/**
 * POST /api/kela-card/init-upload: two upload URLs and the token that finishes both. Each URL
 * takes the image of the size given for its side (`sizes`, bytes, at most 10 MiB) and no more.
 */
export async function initKelaUpload(
  db: Db,
  store: Storage,
  auth: Actor,
  mimetypes: { front?: unknown; back?: unknown },
  sizes: { front?: unknown; back?: unknown },
  now = clock.now(),
): Promise<InitKelaResult> {
  const tooMany = await uploadsAllowed(db, auth, now);
  if (tooMany) return tooMany;
  const ids: string[] = [];
  const targets: UploadTarget[] = [];
  for (const side of KELA_SIDES) {
    const contentType = mimetypes[side];
    const byteSize = sizes[side];
    const init =
      typeof contentType === 'string'
        ? await initUpload(
            db,
            store,
            {
              ownerId: auth.person.id,
              userId: auth.person.id,
              purpose: `kela-card-${side}`,
              contentType,
              byteSize: typeof byteSize === 'number' ? byteSize : Number.NaN,
              policy: IMAGE_UPLOAD_POLICY,
            },
            now,
          )
        : ({ ok: false, reason: 'type-not-allowed' } as const);
    if (!init.ok) {
      for (const id of ids) await deleteObject(db, store, { objectId: id, userId: auth.person.id });
      return { type: init.reason === 'invalid-size' || init.reason === 'too-large' ? init.reason : 'invalid-mimetype' };
    }
    ids.push(init.objectId);
    targets.push(init.upload);
  }
  const [frontId, backId] = ids as [string, string];
  return { type: 'success', front: targets[0]!, back: targets[1]!, token: `${frontId}.${backId}.${tokenMac(store, auth.person.id, frontId, backId)}` };
}

/** Makes the pair the person's Kela card, deleting the previous pair. */
async function saveCard(db: Db, store: Storage, auth: Actor, frontId: string, backId: string, now: Date): Promise<void> {
  const previous = await withTransaction(db, async (t) => {
    const [old] = await t.select().from(kelaCards).where(eq(kelaCards.personId, auth.person.id)).for('update');
    await t
      .insert(kelaCards)
      .values({ personId: auth.person.id, frontObjectId: frontId, backObjectId: backId, updatedAt: now })
      .onConflictDoUpdate({ target: kelaCards.personId, set: { frontObjectId: frontId, backObjectId: backId, updatedAt: now } });
    await logAccess(t, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'change', resource: KELA_RESOURCE });
    return old ?? null;
  });
  if (previous) {
    for (const id of [previous.frontObjectId, previous.backObjectId]) {
      if (id !== frontId && id !== backId) await deleteObject(db, store, { objectId: id, userId: auth.person.id });
    }
  }
}

/**
 * GET /api/kela-card/finish-upload: checks both uploads (bytes, size) and saves them as the
 * card. Any failure deletes both and answers false.
 */
export async function finishKelaUpload(db: Db, store: Storage, auth: Actor, token: unknown, now = clock.now()): Promise<boolean> {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3) return false;
  const [frontId, backId, mac] = parts as [string, string, string];
  if (!constantTimeEqual(mac, tokenMac(store, auth.person.id, frontId, backId))) return false;
  const results = [
    await finishUpload(db, store, { objectId: frontId, userId: auth.person.id }, now),
    await finishUpload(db, store, { objectId: backId, userId: auth.person.id }, now),
  ];
  if (!results.every((r) => r.ok)) {
    for (const id of [frontId, backId]) await deleteObject(db, store, { objectId: id, userId: auth.person.id });
    return false;
  }
  await saveCard(db, store, auth, frontId, backId, now);
  return true;
}

export interface KelaFile {
  contentType: string;
  fileName: string | null;
  bytes: Uint8Array;
}

export type StoreKelaResult = { type: 'success' } | { type: 'missing' } | { type: 'invalid-image' } | { type: 'too-large' } | TooManyUploads;

/** The plain form (no JS): both files in one multipart post, checked and saved together. */
export async function storeKelaCard(
  db: Db,
  store: Storage,
  auth: Actor,
  files: Partial<Record<KelaSide, KelaFile>>,
  now = clock.now(),
): Promise<StoreKelaResult> {
  if (!files.front?.bytes.byteLength || !files.back?.bytes.byteLength) return { type: 'missing' };
  const tooMany = await uploadsAllowed(db, auth, now);
  if (tooMany) return tooMany;
  const stored: string[] = [];
  for (const side of KELA_SIDES) {
    const file = files[side]!;
    const result = await storeUpload(
      db,
      store,
      {
        ownerId: auth.person.id,
        userId: auth.person.id,
        purpose: `kela-card-${side}`,
        contentType: file.contentType,
        fileName: file.fileName,
        bytes: file.bytes,
        policy: IMAGE_UPLOAD_POLICY,
      },
      now,
    );
    if (!result.ok) {
      for (const id of stored) await deleteObject(db, store, { objectId: id, userId: auth.person.id });
      return { type: result.reason === 'too-large' ? 'too-large' : 'invalid-image' };
    }
    stored.push(result.object.id);
  }
  await saveCard(db, store, auth, stored[0]!, stored[1]!, now);
  return { type: 'success' };
}
