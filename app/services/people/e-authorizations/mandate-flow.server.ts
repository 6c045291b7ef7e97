/**
 * The one shape of choosing someone to act for on Suomi.fi e-Authorizations (ADR 0050), whatever
 * the mandate's kind: `begin` registers a Web API session for the person and keeps it on the
 * login session (pending), answering the selection page's URL; `complete` takes the selection's
 * code on the person's return and records what they chose, or removes the pending row and says
 * why not; `stop` ends it. Acting for another adult (HPA, acting-for.server.ts) and for a
 * company (YPA, company-mandate.server.ts) each implement it; the routes
 * (app/lib/http/mandate-routes.server.ts) speak only this interface.
 */
import type { BrandKey } from '~/brands';
import { env } from '~/env.server';
import { clock } from '~/lib/clock.server';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { EAuthorizationsError, type EAuthErrorCode, type EAuthorizations, type EAuthSession, type MandateKind } from './e-authorizations';
import { createRecheck, type Recheck } from './recheck';

export interface BeginInput {
  sessionIdHash: string;
  person: { id: string; identityCode: string };
  redirectUri: string;
  language: string;
}

export interface CompleteInput {
  sessionIdHash: string;
  personId: string;
  /** The selection's one-time code; null when the person cancelled (or the service said `error`). */
  code: string | null;
  redirectUri: string;
  brand: BrandKey;
}

export type BeginResult = { ok: true; url: URL } | { ok: false; error: EAuthErrorCode };

export interface MandateFlow<Error extends string, Chosen> {
  begin(db: Db, adapter: EAuthorizations, input: BeginInput): Promise<BeginResult>;
  complete(db: Db, adapter: EAuthorizations, input: CompleteInput): Promise<{ ok: true; chosen: Chosen } | { ok: false; error: Error }>;
  stop(db: Db, sessionIdHash: string): Promise<void>;
}

/** The typed code of an adapter's failure (anything else: the service is unavailable). */
export const errorCodeOf = (error: unknown): EAuthErrorCode => (error instanceof EAuthorizationsError ? error.code : 'unavailable');

/**
 * `begin`'s common part: registers the Web API session of the kind for the person, lets the
 * caller keep it (`keep`: the pending row of its own table) and answers the selection page.
 */
export async function beginSelection(
  adapter: EAuthorizations,
  kind: MandateKind,
  input: BeginInput,
  keep: (session: EAuthSession) => Promise<void>,
): Promise<BeginResult> {
  let session: EAuthSession;
  try {
    session = await adapter.register(kind, input.person.identityCode);
  } catch (error) {
    logger.warn({ event: 'e_authorizations', step: `${kind}_register`, outcome: errorCodeOf(error) }, 'e-authorizations did not register');
    return { ok: false, error: errorCodeOf(error) };
  }
  await keep(session);
  return { ok: true, url: adapter.selectionUrl(session, { redirectUri: input.redirectUri, language: input.language }) };
}

let shared: Recheck | undefined;

/** This instance's memory of the per-request re-check (VALTUUDET_RECHECK_SECONDS; 0: none), on the app's clock. */
export function mandateRecheck(): Recheck {
  shared ??= createRecheck(env().VALTUUDET_RECHECK_SECONDS, () => clock.nowMs());
  return shared;
}
