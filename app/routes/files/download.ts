/**
 * GET /files/:token — a stored file for the user the signed URL was minted for (the owner or
 * their guardian), valid for 120 s. Anything else is 404.
 */
import { authContext } from '~/context';
import { getDb } from '~/services/db/db.server';
import { downloadResponse } from '~/services/storage/http.server';
import { storage } from '~/services/storage/storage.server';
import type { Route } from './+types/download';

export async function loader({ params, context }: Route.LoaderArgs) {
  return downloadResponse(await getDb(), storage(), context.get(authContext), params.token);
}
