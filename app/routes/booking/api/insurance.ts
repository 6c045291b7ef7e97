/**
 * GET /api/insurance/* (spec 3 §7): the insurer calls and the permit application round trip,
 * one resource route for all of them (see app/services/booking/insurance/insurance-api.server.ts).
 */
import { insuranceApi } from '~/services/booking/insurance/insurance-api.server';
import type { Route } from './+types/insurance';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return insuranceApi(request, context, params['*'] ?? '');
}
