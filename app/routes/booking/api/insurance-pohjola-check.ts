/** GET /api/insurance/pohjola-check/:date (spec 3 §7, date yyyy-MM-dd): {hasInsurance}. */
import { json, requireApiAuth } from '~/lib/http/api.server';
import { insuranceCall } from '~/lib/http/insurance-api.server';
import type { Route } from './+types/insurance-pohjola-check';

export async function loader({ context, params }: Route.LoaderArgs) {
  requireApiAuth(context);
  const date = params.date;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T12:00:00Z`))) return json({ type: 'validation' }, 400);
  const { adapter, who } = await insuranceCall(context, 'insurance:pohjola');
  const answer = await adapter.pohjolaCheck(who, date);
  return answer.type === 'success' ? json({ hasInsurance: answer.hasInsurance }) : json(answer, 502);
}
