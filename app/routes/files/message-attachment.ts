/**
 * GET /files/messages/:token — a message attachment for the user the signed URL was minted for,
 * while they still may open its thread (customer or professional with access). Anything else 404.
 */
import { authContext } from '~/context';
import { getDb } from '~/services/db/db.server';
import { attachmentDownloadAccess } from '~/services/messaging/attachments.server';
import { downloadResponse } from '~/services/storage/http.server';
import { storage } from '~/services/storage/storage.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/message-attachment';

export async function loader({ params, context }: Route.LoaderArgs) {
  return downloadResponse(await getDb(), storage(), context.get(authContext), params.token, clock.now(), attachmentDownloadAccess());
}
