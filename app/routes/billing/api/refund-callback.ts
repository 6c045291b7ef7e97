/**
 * GET /api/payments/refund-callback: the payment provider's server-to-server report of a refund
 * it answered `pending` and finished later (ADR 0048), with signed `checkout-*` query parameters
 * as a payment's callback. No session or cookie: the HMAC signature is the authentication.
 * Rate-limited per client address with the payment callbacks (429, nothing else done); then 200
 * once applied, so the provider stops retrying; a bad signature is 400 and changes nothing.
 */
import { requestInfoContext } from '~/context';
import { plainText as text } from '~/lib/http/responses';
import { getDb } from '~/services/db/db.server';
import { paymentClient } from '~/services/billing/payments.server';
import { receiveRefundCallback } from '~/services/billing/refunds.server';
import type { Route } from './+types/refund-callback';

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await getDb();
  const { origin, clientIp } = context.get(requestInfoContext);
  const params = new URL(request.url).searchParams;
  const answer = await receiveRefundCallback(db, paymentClient(db, origin), { params, clientIp });
  switch (answer.result) {
    case 'rateLimited':
      return text('too many requests', 429, { 'Retry-After': String(answer.retryAfterSeconds) });
    case 'invalidSignature':
      return text('invalid signature', 400);
    case 'notFound':
      return text('unknown refund', 404);
    case 'applied':
      return text('OK', 200);
  }
}
