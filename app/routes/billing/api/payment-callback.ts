/**
 * GET /api/payments/callback: the payment provider's server-to-server callback (Paytrail sends
 * the same signed `checkout-*` query parameters as the redirect). No session or cookie: the
 * HMAC signature is the authentication. Rate-limited per client address first (429, nothing
 * else done); then 200 once the report is applied (or was already), so the provider stops
 * retrying; a bad signature is 400 and changes and writes nothing.
 */
import { requestInfoContext } from '~/context';
import { plainText as text } from '~/lib/http/responses';
import { getDb } from '~/services/db/db.server';
import { paymentClient, receivePaymentCallback } from '~/services/billing/payments.server';
import type { Route } from './+types/payment-callback';

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await getDb();
  const { origin, clientIp } = context.get(requestInfoContext);
  const params = new URL(request.url).searchParams;
  const answer = await receivePaymentCallback(db, paymentClient(db, origin), { params, clientIp });
  switch (answer.result) {
    case 'rateLimited':
      return text('too many requests', 429, { 'Retry-After': String(answer.retryAfterSeconds) });
    case 'invalidSignature':
      return text('invalid signature', 400);
    case 'invoiceNotFound':
      return text('unknown payment', 404);
    default:
      return text('OK', 200);
  }
}
