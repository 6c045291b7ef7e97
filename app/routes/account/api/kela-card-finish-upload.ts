/**
 * GET /api/kela-card/finish-upload?csrfToken=…&token=… (spec 2 §7): checks both uploaded images
 * (content by magic bytes, size) and saves them as the Kela card: {success: true}. Any failure
 * deletes both and answers {success: false}.
 */
import { json, requireApiAuth } from '~/lib/http/api.server';
import { recordEvent } from '~/services/analytics/analytics.server';
import { getDb } from '~/services/db/db.server';
import { finishKelaUpload } from '~/services/account/kela-card.server';
import { storage } from '~/services/storage/storage.server';
import type { Route } from './+types/kela-card-finish-upload';

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  const query = new URL(request.url).searchParams;
  if (query.get('csrfToken') !== auth.session.csrfToken) return json({ type: 'forbidden' }, 403);
  const db = await getDb();
  const success = await finishKelaUpload(db, storage(), auth, query.get('token'));
  if (!success) await recordEvent(db, 'kelaImageError', { reason: 'finish-upload' });
  return json({ success }, success ? 200 : 400);
}
