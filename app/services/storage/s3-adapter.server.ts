/**
 * The S3 storage (STORAGE=s3): the bytes live in an S3-compatible bucket under
 * `objects/<object id>`; the browser PUTs them straight to the bucket through a presigned URL
 * whose signature covers the content type and the size declared at init, and downloads are redirected (after our own signed
 * URL and session check) to a presigned GET that sets the content type, disposition and
 * caching of the answer. See docs/decisions/0011-file-storage.md.
 */
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { SNIFF_BYTES } from './content-type-rules';
import type { DownloadHeaders, ObjectMeta, StorageAdapter } from './storage.server';

/** The presigned GET a download is redirected to works this long. */
const S3_DOWNLOAD_REDIRECT_SECONDS = 60;

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function s3Key(object: Pick<ObjectMeta, 'id'>): string {
  return `objects/${object.id}`;
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

export function createS3Adapter(settings: S3Settings): StorageAdapter & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Otherwise the SDK puts the checksum of an empty body into presigned PUT URLs, and S3
    // refuses the browser's real bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  return {
    backend: 's3',
    client,

    async uploadTarget(object: ObjectMeta, _userId: string, _key: Buffer, now: Date) {
      const expiresIn = Math.max(1, Math.floor((object.expiresAt.getTime() - now.getTime()) / 1000));
      // The declared size (initUpload keeps it as the object's maxBytes) is signed as the
      // Content-Length: the bucket refuses a body of any other size, or of unknown length.
      const command = new PutObjectCommand({ Bucket, Key: s3Key(object), ContentType: object.contentType, ContentLength: object.maxBytes });
      const url = await getSignedUrl(client, command, {
        expiresIn,
        // The bucket checks the expiry against its own (wall) clock.
        signingDate: clock.toWall(now),
        // Keep the content type and length signed headers: a PUT with another type or size is refused.
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return { method: 'PUT' as const, url, headers: { 'Content-Type': object.contentType } };
    },

    async write(_db: Db, object: ObjectMeta, bytes: Uint8Array) {
      await client.send(new PutObjectCommand({ Bucket, Key: s3Key(object), Body: bytes, ContentType: object.contentType }));
    },

    async inspect(_db: Db, object: ObjectMeta) {
      let size: number;
      let contentType: string | null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: s3Key(object) }));
        size = head.ContentLength ?? 0;
        contentType = head.ContentType ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      if (size === 0) return { size, contentType, head: new Uint8Array(0) };
      const part = await client.send(new GetObjectCommand({ Bucket, Key: s3Key(object), Range: `bytes=0-${Math.min(size, SNIFF_BYTES) - 1}` }));
      const head = part.Body ? await part.Body.transformToByteArray() : new Uint8Array(0);
      return { size, contentType, head: head.subarray(0, SNIFF_BYTES) };
    },

    async serve(_db: Db, object: ObjectMeta, headers: DownloadHeaders) {
      const command = new GetObjectCommand({
        Bucket,
        Key: s3Key(object),
        ResponseContentType: headers.contentType,
        ResponseContentDisposition: headers.contentDisposition,
        ResponseCacheControl: 'private, no-store',
      });
      const url = await getSignedUrl(client, command, { expiresIn: S3_DOWNLOAD_REDIRECT_SECONDS });
      return new Response(null, {
        status: 302,
        headers: { Location: url, 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
      });
    },

    async remove(objects: ObjectMeta[]) {
      const mine = objects.filter((o) => o.backend === 's3');
      if (mine.length === 0) return;
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: mine.map((o) => ({ Key: s3Key(o) })), Quiet: true } }));
    },
  };
}
