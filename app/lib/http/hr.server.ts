/**
 * Route glue of the HR users' pages (ADR 0042): the logged-in person must be an active HR user
 * of a client company (else notFound()), the same answer anyone gets for a page that is not theirs.
 * Their message forms answer through the one send action (messaging-form.server.ts).
 */
import type { RouterContextProvider } from 'react-router';
import { requireAuth } from '~/lib/http/page.server';
import { getDb } from '~/services/db/db.server';
import { hrUserOf } from '~/services/messaging/access.server';
import { notFound } from '~/lib/http/responses';

export async function requireHrUser(context: Readonly<RouterContextProvider>) {
  const auth = requireAuth(context);
  const hr = await hrUserOf(await getDb(), auth.person.id, auth.session.idHash);
  if (!hr) throw notFound();
  return { auth, hr };
}
