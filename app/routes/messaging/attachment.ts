/**
 * GET /messaging/attachments/:id — opens an attachment for a participant of its thread (the
 * customer or a professional with access): a redirect to a signed URL valid for 120 s, bound to
 * this user. Anyone else gets 404; the failure is logged (without ids), the page is not disturbed
 * (the link opens in a new tab).
 */
import { redirect } from 'react-router';
import { authContext } from '~/context';
import { getDb } from '~/services/db/db.server';
import { attachmentDownloadUrl } from '~/services/messaging/attachments.server';
import { logger } from '~/services/observability/logger.server';
import type { Route } from './+types/attachment';

export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const url = auth ? await attachmentDownloadUrl(await getDb(), auth.person.id, params.id ?? '') : null;
  if (!url) {
    logger.warn({ area: 'messaging', loggedIn: Boolean(auth) }, 'attachment download refused');
    return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'private, no-store', 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  throw redirect(url, { status: 302, headers: { 'Cache-Control': 'private, no-store' } });
}
