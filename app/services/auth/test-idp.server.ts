/**
 * The built-in test identification service for development and tests: a bank-like page where
 * the person types a personal identity code. It speaks the same authorization-code + PKCE +
 * nonce protocol as the OIDC adapter, so the portal's login flow is the same code path.
 * Never available when DEPLOYMENT_ENV=production.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { testIdpCodes } from '~db/schema';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { parseIdentityCode } from '~/models/identity-code';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { IdentificationError, type IdentificationAdapter, type IdentificationStart } from './identification-adapter';

export const TEST_IDP_PATH = '/test-idp/authorize';
const CODE_TTL_MS = 2 * 60_000;

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function createTestAdapter(getDb: () => Promise<Db>, origin: string): IdentificationAdapter {
  return {
    kind: 'test',
    async authorizationUrl(start: IdentificationStart) {
      const url = new URL(TEST_IDP_PATH, origin);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: 'patient-portal',
        redirect_uri: start.redirectUri,
        state: start.state,
        nonce: start.nonce,
        code_challenge: s256(start.codeVerifier),
        code_challenge_method: 'S256',
        // As in production: the answer is a top-level GET redirect to the callback.
        response_mode: 'query',
        acr_values: start.provider,
        ui_locales: start.language,
      }).toString();
      return url;
    },
    async complete(callbackUrl, expected) {
      const params = callbackUrl.searchParams;
      if (params.get('state') !== expected.state) throw new IdentificationError('state_mismatch', 'state mismatch');
      if (params.get('error') === 'access_denied') throw new IdentificationError('cancelled', 'cancelled by user');
      const code = params.get('code');
      if (!code) throw new IdentificationError('protocol', 'no code');
      const db = await getDb();
      const [row] = await db
        .update(testIdpCodes)
        .set({ usedAt: clock.now() })
        .where(and(eq(testIdpCodes.codeHash, sha256(code)), isNull(testIdpCodes.usedAt), gt(testIdpCodes.expiresAt, clock.now())))
        .returning();
      if (!row) throw new IdentificationError('protocol', 'unknown, used or expired code');
      if (row.redirectUri !== expected.redirectUri) throw new IdentificationError('protocol', 'redirect_uri mismatch');
      if (row.codeChallenge !== s256(expected.codeVerifier)) throw new IdentificationError('protocol', 'PKCE mismatch');
      if (row.nonce !== expected.nonce) throw new IdentificationError('protocol', 'nonce mismatch');
      return { identityCode: row.identityCode, firstName: null, lastName: null };
    },
  };
}

export type TestIdpApproval = { ok: true; redirectTo: string } | { ok: false; error: 'invalidCode' };

/** The person confirmed on the test bank page: issue a one-time code for the callback. */
export async function approveTestIdentification(
  db: Db,
  input: { identityCode: string; redirectUri: string; state: string; nonce: string; codeChallenge: string },
): Promise<TestIdpApproval> {
  const parsed = parseIdentityCode(input.identityCode, { allowDevelopmentForm: false });
  if (!parsed.ok) return { ok: false, error: 'invalidCode' };
  const code = randomToken();
  await db.insert(testIdpCodes).values({
    codeHash: sha256(code),
    identityCode: parsed.code,
    nonce: input.nonce,
    codeChallenge: input.codeChallenge,
    redirectUri: input.redirectUri,
    expiresAt: new Date(clock.nowMs() + CODE_TTL_MS),
  });
  const target = new URL(input.redirectUri);
  target.searchParams.set('code', code);
  target.searchParams.set('state', input.state);
  return { ok: true, redirectTo: target.toString() };
}

export function cancelTestIdentification(input: { redirectUri: string; state: string }): string {
  const target = new URL(input.redirectUri);
  target.searchParams.set('error', 'access_denied');
  target.searchParams.set('state', input.state);
  return target.toString();
}
