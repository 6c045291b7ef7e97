/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): a request held in flight, for the
 * graceful-stop test (ADR 0039).
 * GET /dev/test-fixtures/slow?ms=3000 answers {heldMs} after that long (at most a minute);
 * GET /dev/test-fixtures/slow?holding answers {holding}: how many such requests this instance
 * is holding now.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { json } from '~/lib/http/api.server';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import type { Route } from './+types/test-slow';

let holding = 0;

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment();
  const params = new URL(request.url).searchParams;
  if (params.has('holding')) return json({ holding });
  const ms = Number(params.get('ms') ?? 1000);
  if (!Number.isInteger(ms) || ms < 0 || ms > 60_000) return json({ error: 'ms' }, 400);
  holding += 1;
  try {
    await delay(ms);
  } finally {
    holding -= 1;
  }
  return json({ heldMs: ms });
}
