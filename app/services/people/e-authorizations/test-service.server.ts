/**
 * The built-in Suomi.fi e-Authorizations test service (E_AUTHORIZATIONS=test, never in
 * production; ADR 0050): the Web API's REST calls and OAuth token endpoint, answered from the
 * demo data's mandates (`test_eauth_mandates`), and the selection page's steps (the page is
 * app/routes/dev/test-valtuudet-select.tsx). It checks what the real service checks: every
 * API-key call's X-AsiointivaltuudetAuthorization (a known client, the checksum over the path as
 * received, the timestamp within ±5 minutes of the wall clock), the Web API session (registered,
 * not expired; 401 otherwise), the bearer token bound to that session, the token endpoint's HTTP
 * Basic client credentials and the one-time selection code. `handleTestServiceRequest` takes a
 * standard Request, so the same code answers through the portal's route and a plain HTTP server.
 */
import { and, eq, gt, gte, isNull, lte, or } from 'drizzle-orm';
import { testEauthMandates, testEauthSessions } from '~db/schema';
import { clock } from '~/lib/clock.server';
import { constantTimeEqual, randomToken, sha256 } from '~/lib/crypto.server';
import { helsinkiDate } from '~/lib/dates';
import type { Db } from '~/services/db/db.server';
import { checkAuthorizationHeader, AUTHORIZATION_HEADER } from './checksum';
import type { MandateKind } from './e-authorizations';

/** Where the portal serves the test service. */
export const TEST_SERVICE_PATH = '/dev/test-valtuudet';
/** Its token endpoint: called by the portal's server, not a browser (no CSRF token; HTTP Basic). */
export const TEST_SERVICE_TOKEN_PATH = `${TEST_SERVICE_PATH}/oauth/token`;

/** The test service's one client: the portal (public values, refused in production with the service). */
export const TEST_SERVICE_CLIENT = {
  clientId: 'kaari042',
  apiKey: 'test-valtuudet-api-key-not-a-secret',
  oauthSecret: 'test-valtuudet-oauth-password-not-a-secret',
} as const;

const SESSION_TTL_MS = 30 * 60_000;
const CODE_TTL_MS = 2 * 60_000;

type Json = Record<string, unknown> | unknown[];
const json = (body: Json, status = 200) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
const unauthorized = (reason: string) => json({ reason }, 401);
const notFound = () => json({ reason: 'notFound' }, 404);

/** Mandates in force on `today` (Helsinki date): started, not ended, not revoked. */
const inForce = (today: string) =>
  and(
    lte(testEauthMandates.validFrom, today),
    or(isNull(testEauthMandates.validUntil), gte(testEauthMandates.validUntil, today)),
    isNull(testEauthMandates.revokedAt),
  );

export async function handleTestServiceRequest(db: Db, request: Request, basePath = TEST_SERVICE_PATH): Promise<Response> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${basePath}/`)) return notFound();
  const rest = url.pathname
    .slice(basePath.length + 1)
    .split('/')
    .map(decodeURIComponent);

  if (request.method === 'POST' && rest.join('/') === 'oauth/token') return token(db, request, url);
  if (request.method !== 'GET' || rest[0] !== 'service') return notFound();

  // Every REST call is API-key authenticated: over the path and query exactly as received.
  const header = checkAuthorizationHeader(
    request.headers.get(AUTHORIZATION_HEADER),
    url.pathname + url.search,
    (id) => (id === TEST_SERVICE_CLIENT.clientId ? TEST_SERVICE_CLIENT.apiKey : undefined),
    clock.toWall(clock.now()).getTime(),
  );
  if (!header.ok) return unauthorized(header.reason);

  const [, kind, area, op, ...args] = rest as [string, string, string, string, ...string[]];
  if (kind !== 'hpa' && kind !== 'ypa') return notFound();
  if (area === 'user' && op === 'register' && args.length === 2) {
    if (args[0] !== header.clientId) return unauthorized('unknownClient');
    return register(db, kind, header.clientId, args[1]!);
  }
  if (area !== 'api') return notFound();
  const session = await sessionOf(db, request, args[0], kind);
  if (!session) return unauthorized('session');
  const today = helsinkiDate(clock.now());
  if (kind === 'hpa' && op === 'delegate' && args.length === 1) {
    if (!session.selectedPrincipalId) return json([]);
    const [mandate] = await db
      .select({ personId: testEauthMandates.principalId, name: testEauthMandates.principalName })
      .from(testEauthMandates)
      .where(and(mandateOf(session, session.selectedPrincipalId), inForce(today)))
      .limit(1);
    return json(mandate ? [mandate] : []);
  }
  if (kind === 'hpa' && op === 'authorization' && args.length === 2) {
    const issue = url.searchParams.get('issue');
    if (!issue) return json({ reason: 'issue' }, 400);
    const mandates = await db
      .select({ roles: testEauthMandates.roles })
      .from(testEauthMandates)
      .where(and(mandateOf(session, args[1]!), inForce(today)));
    const allowed = session.selectedPrincipalId === args[1] && mandates.some((m) => m.roles.includes(issue));
    return json({ result: allowed ? 'ALLOWED' : 'DISALLOWED', principalId: args[1] });
  }
  if (kind === 'ypa' && op === 'organizationRoles' && args.length === 1) {
    if (!session.selectedPrincipalId) return json([]);
    const rows = await db
      .select({ name: testEauthMandates.principalName, identifier: testEauthMandates.principalId, roles: testEauthMandates.roles })
      .from(testEauthMandates)
      .where(and(mandateOf(session, session.selectedPrincipalId), inForce(today)));
    return json(rows.slice(0, 1));
  }
  return notFound();
}

function mandateOf(session: { kind: MandateKind; identityCode: string }, principalId: string) {
  return and(
    eq(testEauthMandates.kind, session.kind),
    eq(testEauthMandates.delegateIdentityCode, session.identityCode),
    eq(testEauthMandates.principalId, principalId),
  );
}

async function register(db: Db, kind: MandateKind, clientId: string, identityCode: string) {
  const sessionId = randomToken(18);
  const userId = randomToken(18);
  await db.insert(testEauthSessions).values({
    sessionId,
    userId,
    kind,
    clientId,
    identityCode,
    expiresAt: new Date(clock.nowMs() + SESSION_TTL_MS),
  });
  return json({ sessionId, userId });
}

/** The session named in the path, of this kind, not expired, whose access token the bearer is. */
async function sessionOf(db: Db, request: Request, sessionId: string | undefined, kind: MandateKind) {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!sessionId || !bearer) return null;
  const [session] = await db
    .select()
    .from(testEauthSessions)
    .where(and(eq(testEauthSessions.sessionId, sessionId), eq(testEauthSessions.kind, kind), gt(testEauthSessions.expiresAt, clock.now())))
    .limit(1);
  if (!session?.tokenHash || !constantTimeEqual(session.tokenHash, sha256(bearer))) return null;
  return session;
}

async function token(db: Db, request: Request, url: URL) {
  const basic = /^Basic (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  const [clientId, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
  if (clientId !== TEST_SERVICE_CLIENT.clientId || !secret || !constantTimeEqual(secret, TEST_SERVICE_CLIENT.oauthSecret)) {
    return json({ error: 'invalid_client' }, 401);
  }
  const code = url.searchParams.get('code');
  if (url.searchParams.get('grant_type') !== 'authorization_code' || !code) return json({ error: 'invalid_request' }, 400);
  const accessToken = randomToken();
  const [session] = await db
    .update(testEauthSessions)
    .set({ tokenHash: sha256(accessToken), codeHash: null, codeExpiresAt: null })
    .where(and(eq(testEauthSessions.codeHash, sha256(code)), gt(testEauthSessions.codeExpiresAt, clock.now()), gt(testEauthSessions.expiresAt, clock.now())))
    .returning({ sessionId: testEauthSessions.sessionId });
  if (!session) return json({ error: 'invalid_grant' }, 400);
  return json({ access_token: accessToken, token_type: 'bearer', expires_in: Math.floor(SESSION_TTL_MS / 1000) });
}

/** A person (or company) the selection page offers. */
export interface SelectionChoice {
  principalId: string;
  name: string;
}

/** The selection page's session (by its user id, not expired, not yet chosen) and its choices in force today. */
export async function selectionChoices(db: Db, userId: string): Promise<{ kind: MandateKind; choices: SelectionChoice[] } | null> {
  const [session] = await db
    .select()
    .from(testEauthSessions)
    .where(and(eq(testEauthSessions.userId, userId), gt(testEauthSessions.expiresAt, clock.now()), isNull(testEauthSessions.tokenHash)))
    .limit(1);
  if (!session) return null;
  const rows = await db
    .select({ principalId: testEauthMandates.principalId, name: testEauthMandates.principalName })
    .from(testEauthMandates)
    .where(and(eq(testEauthMandates.kind, session.kind), eq(testEauthMandates.delegateIdentityCode, session.identityCode), inForce(helsinkiDate(clock.now()))))
    .orderBy(testEauthMandates.principalName);
  const seen = new Set<string>();
  return { kind: session.kind, choices: rows.filter((r) => !seen.has(r.principalId) && seen.add(r.principalId)) };
}

/**
 * The person chose `principalId` on the selection page: a one-time code for the token endpoint,
 * or null when the session is gone or no mandate in force names that principal (a mandate that
 * has ended or was refused cannot be chosen, as on Suomi.fi's own page).
 */
export async function selectPrincipal(db: Db, input: { userId: string; principalId: string }): Promise<string | null> {
  const offered = await selectionChoices(db, input.userId);
  if (!offered?.choices.some((c) => c.principalId === input.principalId)) return null;
  const code = randomToken();
  const [row] = await db
    .update(testEauthSessions)
    .set({ selectedPrincipalId: input.principalId, codeHash: sha256(code), codeExpiresAt: new Date(clock.nowMs() + CODE_TTL_MS) })
    .where(and(eq(testEauthSessions.userId, input.userId), isNull(testEauthSessions.tokenHash)))
    .returning({ sessionId: testEauthSessions.sessionId });
  return row ? code : null;
}
