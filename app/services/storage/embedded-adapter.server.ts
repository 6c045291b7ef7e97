/**
 * The embedded storage: the bytes live in `stored_objects.data` next to the row that says whose
 * they are (docs/decisions/0011-file-storage.md). Uploads go to our own signed
 * `/files/upload/:token` route; downloads are answered from the row.
 */
import { eq, sql } from 'drizzle-orm';
import { storedObjects } from '~db/schema';
import type { Db } from '~/services/db/db.server';
import { SNIFF_BYTES } from './content-type-rules';
import { signToken } from './signing.server';
import type { DownloadHeaders, ObjectMeta, StorageAdapter } from './storage.server';

export function createEmbeddedAdapter(): StorageAdapter {
  return {
    backend: 'embedded',

    async uploadTarget(object: ObjectMeta, userId: string, key: Buffer) {
      const token = signToken(key, {
        action: 'put',
        objectId: object.id,
        userId,
        contentType: object.contentType,
        expiresAt: Math.floor(object.expiresAt.getTime() / 1000),
      });
      return { method: 'PUT' as const, url: `/files/upload/${token}`, headers: { 'Content-Type': object.contentType } };
    },

    async write(db: Db, object: ObjectMeta, bytes: Uint8Array) {
      await db.update(storedObjects).set({ data: bytes }).where(eq(storedObjects.id, object.id));
    },

    async inspect(db: Db, object: ObjectMeta) {
      const [row] = await db
        .select({
          size: sql<number>`octet_length(${storedObjects.data})`.mapWith(Number),
          head: sql<Uint8Array>`substring(${storedObjects.data} from 1 for ${SNIFF_BYTES})`.mapWith(storedObjects.data),
        })
        .from(storedObjects)
        .where(eq(storedObjects.id, object.id));
      if (!row || row.head === null) return null;
      return { size: row.size, contentType: null, head: row.head };
    },

    async serve(db: Db, object: ObjectMeta, headers: DownloadHeaders) {
      const [row] = await db.select({ data: storedObjects.data }).from(storedObjects).where(eq(storedObjects.id, object.id));
      if (!row?.data) return null;
      return new Response(new Uint8Array(row.data), {
        headers: {
          'Content-Type': headers.contentType,
          'Content-Length': String(row.data.byteLength),
          'Content-Disposition': headers.contentDisposition,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      });
    },

    // The bytes go with the row.
    async remove() {},
  };
}
