/**
 * PUT /files/upload/:token — the embedded storage's signed upload URL (init-upload answers it).
 * Bound to one object, one content type and the logged-in user; valid for 120 s.
 */
import { authContext } from '~/context';
import { getDb } from '~/services/db/db.server';
import { uploadResponse } from '~/services/storage/http.server';
import { storage } from '~/services/storage/storage.server';
import type { Route } from './+types/upload';

export async function action({ request, params, context }: Route.ActionArgs) {
  return uploadResponse(await getDb(), storage(), request, context.get(authContext), params.token);
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'PUT' } });
}
