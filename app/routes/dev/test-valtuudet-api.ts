/**
 * The built-in Suomi.fi e-Authorizations test service's Web API (E_AUTHORIZATIONS=test; 404 in
 * production and when the real service is configured): the REST calls and the token endpoint,
 * answered by app/services/people/e-authorizations/test-service.server.ts (ADR 0050).
 */
import { env } from '~/env.server';
import { requireNonProduction } from '~/lib/http/test-deployment.server';
import { getDb } from '~/services/db/db.server';
import { handleTestServiceRequest } from '~/services/people/e-authorizations/test-service.server';
import type { Route } from './+types/test-valtuudet-api';

async function answer(request: Request) {
  requireNonProduction(env().E_AUTHORIZATIONS === 'test');
  return handleTestServiceRequest(await getDb(), request);
}

export const loader = ({ request }: Route.LoaderArgs) => answer(request);
export const action = ({ request }: Route.ActionArgs) => answer(request);
