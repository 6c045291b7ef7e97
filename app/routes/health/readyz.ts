/**
 * Readiness (ADR 0039), for a load balancer's health check: 200 when this instance has fully
 * started, is not stopping, its database answers and every migration it knows is applied;
 * otherwise 503 with the reason, so the balancer sends requests elsewhere (and drains an instance
 * that got SIGTERM). Liveness is /healthz, which answers whatever the database does.
 */
import { lifecycleState } from '~/lib/http/lifecycle.server';
import { databaseReadiness } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';

const NO_STORE = { 'Cache-Control': 'no-store' };

function unavailable(reason: string) {
  return Response.json({ status: 'unavailable', reason }, { status: 503, headers: NO_STORE });
}

export async function loader() {
  const state = lifecycleState();
  if (state !== 'serving') return unavailable(state);
  try {
    const database = await databaseReadiness();
    if (database !== 'ready') return unavailable(database);
    return Response.json({ status: 'ready' }, { headers: NO_STORE });
  } catch (error) {
    logger.error({ err: error }, 'readiness check failed');
    return unavailable('database');
  }
}
