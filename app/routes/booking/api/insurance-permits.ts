/**
 * GET /api/insurance/lahitapiola-direct-compensation-permits/:lang (spec 3 §7):
 * {type: 'success', directCompensationPermits: [{symptom, bodyPart, validTo, contentHash}]}.
 */
import { isLanguage } from '~/i18n/config';
import { json } from '~/lib/http/api.server';
import { insuranceCall } from '~/lib/http/insurance-api.server';
import type { Route } from './+types/insurance-permits';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isLanguage(params.lang)) return json({ type: 'notFound' }, 404);
  const { adapter, who } = await insuranceCall(context, 'insurance:permits');
  const answer = await adapter.lahiTapiolaPermits(who);
  return answer.type === 'success' ? json({ type: 'success', directCompensationPermits: answer.permits }) : json(answer, 502);
}
