/**
 * Acting for another adult on a Suomi.fi mandate (issue 42 part 2, ADR 0050). A strongly
 * identified person starts from "act on behalf of someone": a Web API session is registered
 * for them (`beginActing`) and they pick the principal on the selection page. On their return
 * (`completeActing`) the code becomes an access token, the principal is read and each issue this
 * portal offers is asked; the principal must be a person we know. The login session then
 * records the principal and the issues allowed (`acting_for`), which the one viewer rule reads
 * (app/services/people/viewer.server.ts). Every later request asks Suomi.fi again
 * (`mandateStillValid`): when the mandate has lapsed, the Web API session has expired or the
 * service does not answer, acting ends at that request (`stopActing`). The first time a delegate
 * acts for a principal, the principal gets a notice. Nothing here logs an identity code.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { actingFor, actingNotices, persons } from '~db/schema';
import { brand as brandFacts, type BrandKey } from '~/brands';
import { textsIn } from '~/i18n/i18n.server';
import { clock } from '~/lib/clock.server';
import { formatDateTime } from '~/lib/format';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { deliverAfterCommit, enqueueMessage, type OutboxMessage } from '~/services/outbox/outbox.server';
import type { EAuthErrorCode, EAuthorizations } from './e-authorizations';
import { beginSelection, errorCodeOf, mandateRecheck, type BeginInput, type BeginResult, type CompleteInput, type MandateFlow } from './mandate-flow.server';
import type { Recheck } from './recheck';

/**
 * The issues this portal asks a person-to-person mandate about (ADR 0050). Not `messages`: a
 * conversation with one's care team is the patient's own, and the portal does not open it to a
 * delegate, so it neither asks for that issue nor shows it (a mandate may still name it).
 */
export const HPA_ISSUES = ['appointments', 'invoices', 'records'] as const;

export type ActingError = 'cancelled' | 'notStarted' | 'noPrincipal' | 'unknownPrincipal' | 'noMandate' | EAuthErrorCode;

/** Registers the Web API session and remembers it on the login session; the selection page's URL. */
export function beginActing(db: Db, adapter: EAuthorizations, input: BeginInput): Promise<BeginResult> {
  return beginSelection(adapter, 'hpa', input, async (session) => {
    const row = {
      delegateId: input.person.id,
      principalId: null,
      issues: [],
      eauthSessionId: session.sessionId,
      eauthUserId: session.userId,
      accessToken: null,
    };
    await db
      .insert(actingFor)
      .values({ sessionIdHash: input.sessionIdHash, ...row })
      .onConflictDoUpdate({ target: actingFor.sessionIdHash, set: row });
  });
}

/**
 * The selection returned: a pending row of this login session and delegate, the code for a token,
 * the chosen principal (a person we know) and the issues allowed. On any failure the pending row
 * goes and the person acts for themselves.
 */
export async function completeActing(
  db: Db,
  adapter: EAuthorizations,
  input: CompleteInput,
): Promise<{ ok: true; chosen: { id: string; firstName: string; lastName: string } } | { ok: false; error: ActingError }> {
  const delegateId = input.personId;
  const mine = and(eq(actingFor.sessionIdHash, input.sessionIdHash), eq(actingFor.delegateId, delegateId));
  const [pending] = await db
    .select()
    .from(actingFor)
    .where(and(mine, isNull(actingFor.accessToken)))
    .limit(1);
  if (!pending) return { ok: false, error: 'notStarted' };
  const fail = async (error: ActingError) => {
    await db.delete(actingFor).where(mine);
    if (error !== 'cancelled') logger.warn({ event: 'e_authorizations', step: 'complete', outcome: error }, 'acting for someone refused');
    return { ok: false as const, error };
  };
  if (!input.code) return fail('cancelled');
  const session = { kind: 'hpa' as const, sessionId: pending.eauthSessionId, userId: pending.eauthUserId };
  let token: string;
  let issues: string[];
  let principalCode: string;
  try {
    token = await adapter.accessToken(input.code, input.redirectUri);
    const [chosen] = await adapter.principals(session, token);
    if (!chosen) return fail('noPrincipal');
    principalCode = chosen.personId;
    issues = [];
    for (const issue of HPA_ISSUES) if (await adapter.authorized(session, token, principalCode, issue)) issues.push(issue);
  } catch (error) {
    return fail(errorCodeOf(error));
  }
  const [principal] = await db
    .select({
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      phone: persons.phone,
      language: persons.language,
    })
    .from(persons)
    .where(and(eq(persons.identityCode, principalCode), eq(persons.isPatient, true)))
    .limit(1);
  if (!principal || principal.id === delegateId) return fail('unknownPrincipal');
  if (issues.length === 0) return fail('noMandate');

  const notices = await withTransaction(db, async (t) => {
    await t.update(actingFor).set({ principalId: principal.id, issues, accessToken: token }).where(mine);
    await logAccess(t, { actorPersonId: delegateId, subjectPersonId: principal.id, action: 'create', resource: 'person:mandate', actorKind: 'mandate' });
    const first = await t.insert(actingNotices).values({ principalId: principal.id, delegateId }).onConflictDoNothing().returning();
    if (first.length === 0) return [];
    const [delegate] = await t.select({ firstName: persons.firstName, lastName: persons.lastName }).from(persons).where(eq(persons.id, delegateId));
    const queued = [];
    for (const message of await firstTimeNotices(principal, `${delegate!.firstName} ${delegate!.lastName}`, input.brand))
      queued.push(await enqueueMessage(t, message));
    return queued;
  });
  await deliverAfterCommit(notices);
  return { ok: true, chosen: { id: principal.id, firstName: principal.firstName, lastName: principal.lastName } };
}

/** The principal's notice of the first time this delegate acts for them: by e-mail, else by SMS. */
async function firstTimeNotices(
  principal: { email: string | null; phone: string | null; language: 'fi' | 'sv' | 'en' },
  delegateName: string,
  brandKey: BrandKey,
): Promise<OutboxMessage[]> {
  const t = await textsIn(principal.language);
  const brand = brandFacts(brandKey);
  const values = { brand: brand.name, name: delegateName, time: formatDateTime(clock.now(), principal.language), phone: brand.customerService.display };
  const common = { kind: 'notice', brand: brandKey, language: principal.language } as const;
  if (principal.email) {
    return [
      {
        ...common,
        channel: 'email',
        recipient: principal.email,
        subject: t('actingFor.notice.emailSubject', values),
        body: t('actingFor.notice.body', values),
      },
    ];
  }
  if (principal.phone) return [{ ...common, channel: 'sms', recipient: principal.phone, body: t('actingFor.notice.sms', values) }];
  return [];
}

/**
 * Suomi.fi's answer now: the mandate still covers the first of its issues, with the session's
 * token — or the yes kept for VALTUUDET_RECHECK_SECONDS (default 0: asked every time).
 */
export async function mandateStillValid(
  adapter: EAuthorizations,
  acting: { principalIdentityCode: string; issues: readonly string[]; eauthSessionId: string; eauthUserId: string; accessToken: string },
  recheck: Recheck = mandateRecheck(),
): Promise<boolean> {
  const issue = acting.issues[0];
  if (!issue) return false;
  return recheck.stillInForce(`hpa ${acting.eauthSessionId} ${acting.principalIdentityCode} ${issue}`, async () => {
    try {
      return await adapter.authorized(
        { kind: 'hpa', sessionId: acting.eauthSessionId, userId: acting.eauthUserId },
        acting.accessToken,
        acting.principalIdentityCode,
        issue,
      );
    } catch (error) {
      logger.warn({ event: 'e_authorizations', step: 'recheck', outcome: errorCodeOf(error) }, 'mandate re-check failed; acting ends');
      return false;
    }
  });
}

/** Back to acting for oneself. */
export async function stopActing(db: Db, sessionIdHash: string): Promise<void> {
  await db.delete(actingFor).where(eq(actingFor.sessionIdHash, sessionIdHash));
}

/** Acting for another adult, as the routes speak to it. */
export const personMandate: MandateFlow<ActingError, { id: string; firstName: string; lastName: string }> = {
  begin: beginActing,
  complete: completeActing,
  stop: stopActing,
};
