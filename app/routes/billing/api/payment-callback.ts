/**
 * GET /api/payments/callback: the payment provider's server-to-server callback (Paytrail sends
 * the same signed `checkout-*` query parameters as the redirect). No session or cookie: the
 * HMAC signature is the authentication. The answer is 200 once the report is applied (or was
 * already), so the provider stops retrying; a bad signature is 400 and changes nothing.
 */
import { requestInfoContext } from '~/context';
import { getDb } from '~/services/db/db.server';
import { handleProviderReturn, paymentClient } from '~/services/billing/payments.server';
import type { Route } from './+types/payment-callback';

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await getDb();
  const params = new URL(request.url).searchParams;
  const { result } = await handleProviderReturn(db, paymentClient(db, context.get(requestInfoContext).origin), params, 'callback');
  if (result === 'invalidSignature') return text('invalid signature', 400);
  if (result === 'invoiceNotFound') return text('unknown payment', 404);
  return text('OK', 200);
}
