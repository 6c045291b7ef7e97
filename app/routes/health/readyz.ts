/** Readiness: the database answers a query. */
import { pingDatabase } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';

export async function loader() {
  try {
    await pingDatabase();
    return Response.json({ status: 'ready' }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    logger.error({ err: error }, 'readiness check failed');
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
