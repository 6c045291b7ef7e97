/**
 * The HTTP side (route glue) of SMS-code re-identification shared by the SMS authentication page, the
 * timed-out page and POST /api/pin: which lapsed session this browser's cookie names, and
 * whether it may be resumed with a code (ADR 0012).
 */
import { lookupSession } from '~/services/auth/session.server';
import type { Db } from '~/services/db/db.server';
import { featuresForPerson } from '~/services/features/features.server';
import { resumableSession, type Resumable } from '~/services/account/mfa.server';
import { clock } from '~/lib/clock.server';
import { readSessionToken } from './session-cookie.server';

export async function resumableFromRequest(db: Db, request: Request, now = clock.now()): Promise<Resumable | null> {
  const lookup = await lookupSession(db, await readSessionToken(request), now);
  if (lookup.status !== 'expired') return null;
  return resumableSession(db, lookup, (personId) => featuresForPerson(db, personId), now);
}
