/** Readiness: the database answers a query. */
import { sql } from 'drizzle-orm';
import { getDb } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';

export async function loader() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ready' }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    logger.error({ err: error }, 'readiness check failed');
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
