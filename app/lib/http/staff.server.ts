/**
 * Route glue of the messaging staff pages: their guard, the logged-in user must be an active
 * professional (else notFound()).
 */
import type { RouterContextProvider } from 'react-router';
import { requireAuth } from '~/lib/http/page.server';
import { getDb } from '~/services/db/db.server';
import { professionalOf } from '~/services/messaging/access.server';
import { notFound } from '~/lib/http/responses';

export async function requireProfessional(context: Readonly<RouterContextProvider>) {
  const auth = requireAuth(context);
  const professional = await professionalOf(await getDb(), auth.person.id);
  if (!professional) throw notFound();
  return { auth, professional, me: professional.personId };
}
