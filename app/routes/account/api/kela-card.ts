/**
 * GET /api/kela-card?csrfToken=… (spec 2 §7): the logged-in person's Kela card images as
 * short-lived signed URLs {imageUrl: {front, back}}, or {imageUrl: null} when none are saved.
 */
import { json, requireApiAuth } from '~/lib/http/api.server';
import { getDb } from '~/services/db/db.server';
import { getKelaCard } from '~/services/account/kela-card.server';
import { storage } from '~/services/storage/storage.server';
import type { Route } from './+types/kela-card';

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  if (new URL(request.url).searchParams.get('csrfToken') !== auth.session.csrfToken) return json({ type: 'forbidden' }, 403);
  const card = await getKelaCard(await getDb(), storage(), auth);
  return json({ imageUrl: card?.imageUrl ?? null });
}
