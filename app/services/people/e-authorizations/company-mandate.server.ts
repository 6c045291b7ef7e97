/**
 * Representing a client company on a Suomi.fi YPA mandate (issue 42 part 3, ADR 0050). A
 * strongly identified person starts from "act on behalf of a company": a YPA Web API session is
 * registered for them (`beginCompanyMandate`) and they pick the company on the selection page.
 * On their return (`completeCompanyMandate`) the code becomes an access token and the chosen
 * company and roles are read: the company's business id must be a client's occupational contract
 * and the roles must include one this portal accepts (`YPA_ROLES`). The login session then
 * records the contract (`company_mandates`), and for that session the person is the company's HR
 * user (`hrUserOf` in app/services/messaging/access.server.ts reads it). Every later request
 * asks Suomi.fi again (`companyMandateStillValid`); when the company or the role is no longer
 * granted, the Web API session has expired or the service does not answer, it ends at that
 * request. Nothing here logs an identity code or a business id.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { companyMandates, occupationalContracts } from '~db/schema';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import type { EAuthErrorCode, EAuthorizations } from './e-authorizations';
import { beginSelection, errorCodeOf, mandateRecheck, type BeginInput, type BeginResult, type CompleteInput, type MandateFlow } from './mandate-flow.server';
import type { Recheck } from './recheck';

/** The YPA roles that make a company's representative its HR user here (with DVV: the service's registered role codes). */
const YPA_ROLES = ['hr'] as const;

export type CompanyMandateError = 'cancelled' | 'notStarted' | 'noCompany' | 'unknownCompany' | 'noRole' | EAuthErrorCode;

/** Registers the YPA Web API session, remembers it on the login session; the selection page's URL. */
export function beginCompanyMandate(db: Db, adapter: EAuthorizations, input: BeginInput): Promise<BeginResult> {
  return beginSelection(adapter, 'ypa', input, async (session) => {
    const row = { personId: input.person.id, contractId: null, roles: [], eauthSessionId: session.sessionId, eauthUserId: session.userId, accessToken: null };
    await db
      .insert(companyMandates)
      .values({ sessionIdHash: input.sessionIdHash, ...row })
      .onConflictDoUpdate({ target: companyMandates.sessionIdHash, set: row });
  });
}

/** The company Suomi.fi names for the session, if it is a client and a role here is granted. */
async function grantedContract(
  db: Db,
  adapter: EAuthorizations,
  session: { sessionId: string; userId: string },
  token: string,
): Promise<{ ok: true; contract: { id: string; employerName: string }; roles: string[] } | { ok: false; error: 'noCompany' | 'unknownCompany' | 'noRole' }> {
  const [chosen] = await adapter.organizationRoles({ kind: 'ypa', ...session }, token);
  if (!chosen) return { ok: false, error: 'noCompany' };
  const roles = YPA_ROLES.filter((r) => chosen.roles.includes(r));
  const [contract] = await db
    .select({ id: occupationalContracts.id, employerName: occupationalContracts.employerName })
    .from(occupationalContracts)
    .where(eq(occupationalContracts.businessId, chosen.businessId))
    .limit(1);
  if (!contract) return { ok: false, error: 'unknownCompany' };
  if (roles.length === 0) return { ok: false, error: 'noRole' };
  return { ok: true, contract, roles };
}

/**
 * The selection returned: a pending row of this login session and person, the code for a token,
 * the chosen company (a client's contract by business id) and a role accepted here. On any
 * failure the pending row goes and the person is no HR user on a mandate.
 */
export async function completeCompanyMandate(
  db: Db,
  adapter: EAuthorizations,
  input: CompleteInput,
): Promise<{ ok: true; chosen: { contractId: string; name: string } } | { ok: false; error: CompanyMandateError }> {
  const mine = and(eq(companyMandates.sessionIdHash, input.sessionIdHash), eq(companyMandates.personId, input.personId));
  const [pending] = await db
    .select()
    .from(companyMandates)
    .where(and(mine, isNull(companyMandates.accessToken)))
    .limit(1);
  if (!pending) return { ok: false, error: 'notStarted' };
  const fail = async (error: CompanyMandateError) => {
    await db.delete(companyMandates).where(mine);
    if (error !== 'cancelled') logger.warn({ event: 'e_authorizations', step: 'ypa_complete', outcome: error }, 'acting for a company refused');
    return { ok: false as const, error };
  };
  if (!input.code) return fail('cancelled');
  let token: string;
  let granted: Awaited<ReturnType<typeof grantedContract>>;
  try {
    token = await adapter.accessToken(input.code, input.redirectUri);
    granted = await grantedContract(db, adapter, { sessionId: pending.eauthSessionId, userId: pending.eauthUserId }, token);
  } catch (error) {
    return fail(errorCodeOf(error));
  }
  if (!granted.ok) return fail(granted.error);
  const { contract, roles } = granted;
  await withTransaction(db, async (t) => {
    await t.update(companyMandates).set({ contractId: contract.id, roles, accessToken: token }).where(mine);
    await logAccess(t, {
      actorPersonId: input.personId,
      subjectPersonId: null,
      action: 'create',
      resource: 'company:mandate',
      resourceId: contract.id,
      actorKind: 'mandate',
    });
  });
  return { ok: true, chosen: { contractId: contract.id, name: contract.employerName } };
}

/**
 * Suomi.fi's answer now: the session's company is still the contract's, with a role accepted
 * here — or the yes kept for VALTUUDET_RECHECK_SECONDS (default 0: asked every time).
 */
export async function companyMandateStillValid(
  db: Db,
  adapter: EAuthorizations,
  mandate: { contractId: string; eauthSessionId: string; eauthUserId: string; accessToken: string },
  recheck: Recheck = mandateRecheck(),
): Promise<boolean> {
  return recheck.stillInForce(`ypa ${mandate.eauthSessionId} ${mandate.contractId}`, async () => {
    try {
      const granted = await grantedContract(db, adapter, { sessionId: mandate.eauthSessionId, userId: mandate.eauthUserId }, mandate.accessToken);
      return granted.ok && granted.contract.id === mandate.contractId;
    } catch (error) {
      logger.warn({ event: 'e_authorizations', step: 'ypa_recheck', outcome: errorCodeOf(error) }, 'company mandate re-check failed; it ends');
      return false;
    }
  });
}

/** No longer on a company's behalf in this login session. */
export async function stopCompanyMandate(db: Db, sessionIdHash: string): Promise<void> {
  await db.delete(companyMandates).where(eq(companyMandates.sessionIdHash, sessionIdHash));
}

/** Representing a client company, as the routes speak to it. */
export const companyMandate: MandateFlow<CompanyMandateError, { contractId: string; name: string }> = {
  begin: beginCompanyMandate,
  complete: completeCompanyMandate,
  stop: stopCompanyMandate,
};
