/**
 * POST /api/kela-card/init-upload?csrfToken=… {mimetypes: {front, back}, sizes: {front, back}}
 * (spec 2 §7; `sizes`, each image's size in bytes, is ours: each URL takes an image of that size
 * and no bigger, ADR 0011): two upload targets (PUT within 120 s) and the token that finishes
 * both. Only image/jpeg and image/png are accepted (415 otherwise), at most 10 MiB each (413); a
 * missing size is 400. The bytes are checked when the upload is finished.
 * Over the person's limit of uploaded files: 429 {type: 'too-many-requests'} with Retry-After.
 */
import { json, methodNotAllowed, readBody, requireApiAuth } from '~/lib/http/api.server';
import { apiTooManyRequests } from '~/lib/http/person-limits.server';
import { recordEvent } from '~/services/analytics/analytics.server';
import { getDb } from '~/services/db/db.server';
import { initKelaUpload } from '~/services/account/kela-card.server';
import { clientUpload } from '~/services/storage/http.server';
import { storage } from '~/services/storage/storage.server';
import type { Route } from './+types/kela-card-init-upload';

const STATUS = { 'invalid-mimetype': 415, 'invalid-size': 400, 'too-large': 413 } as const;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const auth = requireApiAuth(context);
  const body = await readBody(request);
  const mimetypes = (body.mimetypes && typeof body.mimetypes === 'object' ? body.mimetypes : {}) as { front?: unknown; back?: unknown };
  const sizes = (body.sizes && typeof body.sizes === 'object' ? body.sizes : {}) as { front?: unknown; back?: unknown };
  const db = await getDb();
  const result = await initKelaUpload(db, storage(), auth, mimetypes, sizes);
  if (result.type === 'too-many-uploads') return apiTooManyRequests(result.retryAfterSeconds);
  if (result.type !== 'success') {
    await recordEvent(db, 'kelaImageError', { reason: result.type });
    return json(result, STATUS[result.type]);
  }
  const csrf = auth.session.csrfToken;
  return json({ front: clientUpload(result.front, csrf), back: clientUpload(result.back, csrf), token: result.token });
}
