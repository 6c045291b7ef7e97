/**
 * POST /api/customer-messaging — the customer messaging GraphQL API (spec 1 §7). Session auth
 * (401 without one), the portal's CSRF/Origin checks (every POST; send X-CSRF-Token), the
 * customer-messaging-allowed flag and the brand (404 otherwise), maintenance (503). Validation
 * errors are 400 `{ error: { type: 'ValidationError', details } }`, with a `code` when the
 * document is over a limit (GRAPHQL_*: length, tokens, aliases, fields, depth, one mutation
 * field); over the person's limit of messages or uploads is 429 `{ error: { type:
 * 'TooManyRequests' } }` with Retry-After; a body over REQUEST_BODY_MAX_BYTES is a 413 `{ type:
 * 'tooLarge' }` (from server.ts, or here as it is read). Introspection is off in production. Answers are
 * personal and never cached.
 */
import { portalContext } from '~/context';
import { env, isProductionDeployment } from '~/env.server';
import { json, methodNotAllowed, readTextBody, requireApiAuth } from '~/lib/http/api.server';
import { graphqlTooManyRequests } from '~/lib/http/person-limits.server';
import { getDb } from '~/services/db/db.server';
import { runMessagingQuery } from '~/services/messaging/graphql.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/customer-messaging';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function loader() {
  return methodNotAllowed('POST');
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const auth = requireApiAuth(context);
  const { lang, brand } = context.get(portalContext);
  if (brand !== 'general' || !auth.features['customer-messaging-allowed']) return json({ error: { type: 'NotFound' } }, 404);
  if (env().MESSAGING_MAINTENANCE) return json({ error: { type: 'Maintenance' } }, 503);
  if (!(request.headers.get('Content-Type') ?? '').includes('application/json')) {
    return json({ error: { type: 'ValidationError', details: ['Content-Type: application/json'] } }, 400);
  }
  const body = parseJson(await readTextBody(request));
  if (!body || typeof body !== 'object') return json({ error: { type: 'ValidationError', details: ['body: a JSON object'] } }, 400);
  const answer = await runMessagingQuery(
    { db: await getDb(), customerId: auth.person.id, lang, now: clock.now() },
    body as { query: unknown; variables?: unknown; operationName?: unknown },
    { introspection: !isProductionDeployment() },
  );
  if (answer.status === 429) return graphqlTooManyRequests(answer.body.error.retryAfterSeconds);
  return json(answer.body, answer.status);
}
