/**
 * Route glue of the HR users' pages (ADR 0042): the logged-in person must be an active HR user
 * of a client company (else notFound()), the same answer anyone gets for a page that is not theirs;
 * and the 429 answer of their message forms over the per-person limit of messages.
 */
import type { SubmissionResult } from '@conform-to/dom';
import type { RouterContextProvider } from 'react-router';
import { requireAuth } from '~/lib/http/page.server';
import { getDb } from '~/services/db/db.server';
import { hrUserOf } from '~/services/messaging/access.server';
import { notFound } from '~/lib/http/responses';
import { tooManyAnswer } from './messaging-form.server';

export async function requireHrUser(context: Readonly<RouterContextProvider>) {
  const auth = requireAuth(context);
  const hr = await hrUserOf(await getDb(), auth.person.id, auth.session.idHash);
  if (!hr) throw notFound();
  return { auth, hr };
}

/**
 * An HR user's message over the per-person limit of messages: 429 with Retry-After, the form's
 * text kept, and the customers' "many messages in a short time" text with the minutes to wait;
 * the answer the send action gives (sendMessageForm, app/lib/http/messaging-form.server.ts).
 */
export function tooManyHrMessages(context: Readonly<RouterContextProvider>, result: SubmissionResult<string[]>, retryAfterSeconds: number) {
  return tooManyAnswer(context, 'failed', result, 'messaging.errors.tooManyMessages', retryAfterSeconds);
}
