/**
 * GET /api/insurance/lahitapiola-policy-check (spec 3 §7): {type: 'success', hasHealthcarePolicy}
 * or {type: 'error'} (502).
 */
import { json } from '~/lib/http/api.server';
import { insuranceCall } from '~/lib/http/insurance-api.server';
import type { Route } from './+types/insurance-policy-check';

export async function loader({ context }: Route.LoaderArgs) {
  const { adapter, who } = await insuranceCall(context, 'insurance:policy');
  const answer = await adapter.lahiTapiolaPolicyCheck(who);
  return json(answer, answer.type === 'success' ? 200 : 502);
}
