/**
 * The files of a message form (multipart, with or without JS): each is checked by name
 * (allowed extension, a declared type that fits it) and by content (the storage service's
 * magic-byte rules), then kept as a `message-attachment` object owned by the thread's customer.
 * A refusal names the file; files already kept for a refused form are deleted again.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { messagingAttachments, storedObjects } from '~db/schema';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { deleteObject, storage, storeUpload, type AccessCheck } from '~/services/storage/storage.server';
import { clock } from '~/lib/clock.server';
import { ATTACHMENT_UPLOAD_POLICY, attachmentType, checkSelection, MESSAGE_ATTACHMENT_PURPOSE } from './attachment-rules';
import type { AttachmentInput } from './attachments.server';

export interface FileRefusal {
  key: 'messaging.errors.attachmentType' | 'messaging.errors.attachmentContent' | 'messaging.errors.attachmentInvalid';
  name: string;
}

export type StoreFilesResult =
  { ok: true; attachments: AttachmentInput[] } | { ok: false; problem: 'too-large' | 'too-many' } | { ok: false; problem: 'files'; refusals: FileRefusal[] };

/** Checks and keeps the files; nothing is kept unless every file passes. */
export async function storeMessageFiles(
  db: Db,
  input: { files: readonly File[]; ownerId: string; userId: string; canAccess?: AccessCheck },
  now = clock.now(),
): Promise<StoreFilesResult> {
  const selection = checkSelection(input.files.map((f) => f.size));
  if (selection) return { ok: false, problem: selection };
  const refusals: FileRefusal[] = [];
  const typed = input.files.map((file) => ({ file, type: attachmentType(file.name, file.type) }));
  for (const { file, type } of typed) {
    if (!type.ok) refusals.push({ key: 'messaging.errors.attachmentType', name: file.name });
  }
  if (refusals.length) return { ok: false, problem: 'files', refusals };
  const kept: AttachmentInput[] = [];
  const store = storage();
  for (const { file, type } of typed) {
    if (!type.ok) continue;
    const result = await storeUpload(
      db,
      store,
      {
        ownerId: input.ownerId,
        userId: input.userId,
        purpose: MESSAGE_ATTACHMENT_PURPOSE,
        contentType: type.contentType,
        fileName: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
        policy: ATTACHMENT_UPLOAD_POLICY,
      },
      now,
      { canAccess: input.canAccess },
    );
    if (result.ok) kept.push({ id: result.object.id, fileName: file.name });
    else {
      logger.info({ area: 'messaging', reason: result.reason }, 'attachment refused');
      refusals.push({
        key:
          result.reason === 'content-mismatch' || result.reason === 'type-not-allowed'
            ? 'messaging.errors.attachmentContent'
            : 'messaging.errors.attachmentInvalid',
        name: file.name,
      });
    }
  }
  if (refusals.length) {
    await discardUploads(
      db,
      input.userId,
      kept.map((k) => k.id),
      input.canAccess,
    );
    return { ok: false, problem: 'files', refusals };
  }
  return { ok: true, attachments: kept };
}

/** Deletes kept uploads that no message took (the form was refused after storing them). */
export async function discardUploads(db: Db, userId: string, ids: readonly string[], canAccess?: AccessCheck): Promise<void> {
  if (ids.length === 0) return;
  const unlinked = await db
    .select({ id: storedObjects.id })
    .from(storedObjects)
    .leftJoin(messagingAttachments, eq(messagingAttachments.storedObjectId, storedObjects.id))
    .where(and(inArray(storedObjects.id, [...ids]), eq(storedObjects.uploadedById, userId), isNull(messagingAttachments.storedObjectId)));
  for (const { id } of unlinked) {
    await deleteObject(db, storage(), { objectId: id, userId }, { canAccess });
  }
}
