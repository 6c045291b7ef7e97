/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): the analytics events recorded
 * with one name and slot, so an end-to-end test can check that a page sent its event.
 * GET /dev/test-fixtures/analytics?name=registerAtReception&slotId=123 → { count }
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { analyticsEvents } from '~db/schema';
import { json } from '~/lib/http/api.server';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/test-analytics';

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment();
  const params = new URL(request.url).searchParams;
  const name = params.get('name') ?? '';
  const slotId = Number(params.get('slotId'));
  if (!name || !Number.isSafeInteger(slotId)) return json({ error: 'name and slotId' }, 400);
  const [row] = await (
    await getDb()
  )
    .select({ n: count() })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.name, name), sql`(${analyticsEvents.properties} ->> 'slotId')::bigint = ${slotId}`));
  return json({ count: row?.n ?? 0 });
}
