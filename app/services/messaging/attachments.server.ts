/**
 * Message attachments: files kept by the storage service (purpose `message-attachment`, owned by
 * the thread's customer, uploaded by the author) and linked to one message when it is sent.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { messagingAttachments, storedObjects } from '~db/schema';
import type { Db } from '~/services/db/db.server';
import { mintDownloadUrl, storage, type AccessCheck, type AccessOptions } from '~/services/storage/storage.server';
import { clock } from '~/lib/clock.server';
import { threadOfAttachment } from './access.server';
import { MAX_TOTAL_ATTACHMENT_BYTES, MESSAGE_ATTACHMENT_PURPOSE } from './attachment-rules';

export interface AttachmentInput {
  /** The stored object's id (the upload's key). */
  id: string;
  /** The name the sender's file had; default the storage's sanitised name. */
  fileName?: string | null;
}

/**
 * Links completed, not yet linked uploads of the author to a message. False (nothing linked)
 * when one of them is not such an upload, or together they exceed the attachment limit.
 */
export async function linkAttachments(
  tx: Db,
  input: { messageId: number; authorId: string; customerPersonId: string; attachments: readonly AttachmentInput[] },
): Promise<boolean> {
  const ids = [...new Set(input.attachments.map((a) => a.id))];
  if (ids.length !== input.attachments.length) return false;
  const objects = await tx
    .select({
      id: storedObjects.id,
      fileName: storedObjects.fileName,
      contentType: storedObjects.contentType,
      byteSize: storedObjects.byteSize,
    })
    .from(storedObjects)
    .leftJoin(messagingAttachments, eq(messagingAttachments.storedObjectId, storedObjects.id))
    .where(
      and(
        inArray(storedObjects.id, ids),
        eq(storedObjects.purpose, MESSAGE_ATTACHMENT_PURPOSE),
        eq(storedObjects.status, 'complete'),
        eq(storedObjects.uploadedById, input.authorId),
        eq(storedObjects.ownerPersonId, input.customerPersonId),
        isNull(messagingAttachments.storedObjectId),
      ),
    );
  if (objects.length !== ids.length) return false;
  const total = objects.reduce((n, o) => n + (o.byteSize ?? 0), 0);
  if (total > MAX_TOTAL_ATTACHMENT_BYTES) return false;
  await tx.insert(messagingAttachments).values(
    input.attachments.map((a) => {
      const object = objects.find((o) => o.id === a.id)!;
      const given = a.fileName?.trim().slice(0, 255);
      return {
        storedObjectId: object.id,
        messageId: input.messageId,
        fileName: given || object.fileName || 'attachment',
        contentType: object.contentType,
        byteSize: object.byteSize ?? 0,
      };
    }),
  );
  return true;
}

/**
 * The storage access rule of message attachments: the thread's customer and the professionals
 * with access to the thread (before an upload exists, the caller has checked the thread).
 */
export function attachmentAccess(threadCheck?: () => Promise<boolean>): AccessCheck {
  return async (db, userId, target) => {
    if (target.objectId === null) return threadCheck ? threadCheck() : userId === target.ownerId;
    return (await threadOfAttachment(db, userId, target.objectId)) !== null;
  };
}

/** Storage options of attachment downloads: a reader other than the customer is a professional handling the thread (ADR 0033). */
export function attachmentDownloadAccess(): AccessOptions {
  return { canAccess: attachmentAccess(), otherActor: { actorKind: 'professional', reason: 'message-handling' } };
}

/** A signed download URL (120 s) of an attachment for a participant; null for anyone else. */
export async function attachmentDownloadUrl(db: Db, userId: string, objectId: string, now = clock.now()): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(objectId)) return null;
  return mintDownloadUrl(db, storage(), { objectId, userId }, now, { canAccess: attachmentAccess(), basePath: ATTACHMENT_FILES_PATH });
}

/** Where attachment downloads are served (routes/files/message-attachment.ts). */
const ATTACHMENT_FILES_PATH = '/files/messages';
