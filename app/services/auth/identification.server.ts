/**
 * The strong-identification flow around an adapter (test service or OIDC):
 * start → the provider → callback → person → new session.
 *
 * Per-attempt secrets (state, nonce, PKCE verifier) live in `identification_flows`, keyed by
 * the state's hash and usable once within 10 minutes. Each flow is bound to the browser that
 * started it (`flow-binding.server.ts`): the callback, a top-level GET redirect
 * (response_mode=query), completes only with that browser's binding cookie. A callback link
 * opened anywhere else consumes the flow and fails, so nobody can be logged in as somebody else.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { identificationFlows } from '~db/schema';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { parseIdentityCode } from '~/models/identity-code';
import { logAccess } from '~/services/audit/access-log.server';
import { getDb, type Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { upsertPersonFromIdentification, type PersonRow } from '~/services/people/people.server';
import { refreshGuardianships } from '~/services/people/population-register/population-register.server';
import { FLOW_BINDING_TTL_SECONDS } from '~/models/auth/flow-binding';
import type { DeviceLabel } from '~/models/auth/device';
import { clock } from '~/lib/clock.server';
import { flowBindingMatches } from './flow-binding.server';
import { IdentificationError, type IdentificationAdapter } from './identification-adapter';
import { createOidcAdapter } from './oidc-adapter.server';
import { createSession, revokeSession } from './session.server';
import { createTestAdapter } from './test-idp.server';

const CALLBACK_PATH = '/oauth/callback';
const FLOW_TTL_MS = FLOW_BINDING_TTL_SECONDS * 1000;

let oidcAdapter: IdentificationAdapter | undefined;

export function identificationAdapter(origin: string): IdentificationAdapter {
  const e = env();
  if (e.IDENTIFICATION === 'oidc') {
    oidcAdapter ??= createOidcAdapter({
      issuer: e.OIDC_ISSUER!,
      clientId: e.OIDC_CLIENT_ID!,
      clientSecret: e.OIDC_CLIENT_SECRET!,
      identityCodeClaim: e.OIDC_IDENTITY_CODE_CLAIM,
      scope: e.OIDC_SCOPE,
    });
    return oidcAdapter;
  }
  return createTestAdapter(getDb, origin);
}

export function callbackUri(origin: string): string {
  return new URL(CALLBACK_PATH, env().PUBLIC_ORIGIN ?? origin).toString();
}

export async function startIdentification(
  db: Db,
  input: {
    provider: string;
    language: Language;
    nextPath: string;
    inApp: boolean;
    origin: string;
    /** From `bindFlowToBrowser`: the hash of the starting browser's flow-binding cookie. */
    browserBindingHash: string;
  },
  adapter = identificationAdapter(input.origin),
): Promise<URL> {
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = randomToken(48);
  await db.insert(identificationFlows).values({
    stateHash: sha256(state),
    nonce,
    codeVerifier,
    provider: input.provider,
    language: input.language,
    nextPath: input.nextPath,
    inApp: input.inApp,
    browserBindingHash: input.browserBindingHash,
    expiresAt: new Date(clock.nowMs() + FLOW_TTL_MS),
  });
  return adapter.authorizationUrl({
    state,
    nonce,
    codeVerifier,
    redirectUri: callbackUri(input.origin),
    provider: input.provider,
    language: input.language,
  });
}

export type IdentificationOutcome =
  | { ok: true; token: string; person: PersonRow; language: Language; nextPath: string }
  /** wrongMethod: the provider identified the person by another method (acr) than the one chosen. */
  | { ok: false; reason: 'cancelled' | 'failed' | 'wrongMethod'; language: Language | null; nextPath: string | null };

/**
 * Finishes an identification: consumes the flow, checks that this is the browser that started it
 * (`browserBinding`, the value of its flow-binding cookie), validates the callback, finds or
 * creates the person and opens a session. The session this browser held until now
 * (`replacedToken`, its session cookie's token: a re-identification, or another person's login
 * on the same browser) ends: the new cookie replaces it, and "my devices" shows one browser once.
 */
export async function completeIdentification(
  db: Db,
  callbackUrl: URL,
  origin: string,
  browserBinding: string | null,
  adapter = identificationAdapter(origin),
  /** The browser's labels from its User-Agent (app/models/auth/device.ts), for "my devices". */
  device?: DeviceLabel,
  replacedToken?: string | null,
): Promise<IdentificationOutcome> {
  const state = callbackUrl.searchParams.get('state');
  if (!state) return { ok: false, reason: 'failed', language: null, nextPath: null };
  const [flow] = await db
    .update(identificationFlows)
    .set({ usedAt: clock.now() })
    .where(and(eq(identificationFlows.stateHash, sha256(state)), isNull(identificationFlows.usedAt), gt(identificationFlows.expiresAt, clock.now())))
    .returning();
  if (!flow) return { ok: false, reason: 'failed', language: null, nextPath: null };
  if (!flowBindingMatches(browserBinding, flow.browserBindingHash)) {
    // Someone else's callback link (login CSRF), or a browser that lost its cookie. The flow is
    // consumed above, so the link cannot be tried again anywhere; the code is never redeemed.
    logger.warn(
      { event: 'identification_unbound_callback', cookie: browserBinding ? 'mismatch' : 'missing' },
      'identification callback from another browser refused',
    );
    await logAccess(db, { actorPersonId: null, subjectPersonId: null, action: 'refused', resource: 'identification' });
    return { ok: false, reason: 'failed', language: flow.language, nextPath: flow.nextPath };
  }

  let identified;
  try {
    identified = await adapter.complete(callbackUrl, {
      state,
      nonce: flow.nonce,
      codeVerifier: flow.codeVerifier,
      redirectUri: callbackUri(origin),
      acr: flow.provider,
    });
  } catch (error) {
    const code = error instanceof IdentificationError ? error.code : 'unexpected';
    if (code !== 'cancelled') logger.warn({ code }, 'identification failed');
    const reason = code === 'cancelled' ? 'cancelled' : code === 'acr_mismatch' ? 'wrongMethod' : 'failed';
    return { ok: false, reason, language: flow.language, nextPath: flow.nextPath };
  }

  const person = await findOrCreatePerson(db, identified);
  if (!person) return { ok: false, reason: 'failed', language: flow.language, nextPath: flow.nextPath };
  // Whom the person may act for, as the population register says now (ADR 0023). A register
  // that does not answer keeps the stored guardianships; the login goes on either way.
  await refreshGuardianships(db, person);
  const { token } = await createSession(db, {
    personId: person.id,
    identityProvider: flow.provider,
    scope: flow.inApp ? 'inAppBooking' : null,
    device,
  });
  if (replacedToken) await revokeSession(db, sha256(replacedToken));
  await logAccess(db, { actorPersonId: person.id, subjectPersonId: person.id, action: 'login', resource: 'session' });
  return { ok: true, token, person, language: flow.language, nextPath: flow.nextPath };
}

/** A strongly identified person who is not yet known gets a row with isPatient=false. */
async function findOrCreatePerson(db: Db, identified: { identityCode: string; firstName: string | null; lastName: string | null }): Promise<PersonRow | null> {
  const parsed = parseIdentityCode(identified.identityCode, { allowDevelopmentForm: false });
  if (!parsed.ok) return null;
  return upsertPersonFromIdentification(db, {
    identityCode: parsed.code,
    birthDate: parsed.birthDate,
    firstName: identified.firstName,
    lastName: identified.lastName,
  });
}
