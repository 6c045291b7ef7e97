import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PERSONS } from '~db/seed-data';
import { REGISTER_DEMO_PERSONS } from '~db/seed-population-register';
import { accessLog, guardianships, identificationFlows, persons, sessions, testIdpCodes } from '~db/schema';
import type { Language } from '~/i18n/config';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { makeIdentityCode } from '~/models/identity-code';
import type { IdentificationAdapter } from '~/services/auth/identification-adapter';
import { createOidcAdapter } from '~/services/auth/oidc-adapter.server';
import { completeIdentification, startIdentification, type IdentificationOutcome } from '~/services/auth/identification.server';
import { lookupSession } from '~/services/auth/session.server';
import { TEST_IDP_PATH, approveTestIdentification, cancelTestIdentification, createTestAdapter, s256 } from '~/services/auth/test-idp.server';
import { logger } from '~/services/observability/logger.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { DEFAULT_IDENTITY_CLAIMS, simulateUserAtAuthorizationEndpoint, startFakeOidcProvider, type FakeOidcProvider } from '../../fixtures/fake-oidc-provider';

const ORIGIN = 'http://portal.test';
/** The flow-binding cookie value of the browser that starts the flows in these tests. */
const BROWSER = randomToken();

interface StartOptions {
  language?: Language;
  nextPath?: string;
  inApp?: boolean;
  provider?: string;
}

/** What the test bank page receives: the authorization request parameters. */
interface AuthorizationRequest {
  url: URL;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

function expectOk(outcome: IdentificationOutcome): Extract<IdentificationOutcome, { ok: true }> {
  if (!outcome.ok) throw new Error(`identification failed: ${outcome.reason}`);
  return outcome;
}

describe.each(databaseKinds())('strong identification on %s', (kind) => {
  const t = withTestDatabase(kind, { seed: true });
  let adapter: IdentificationAdapter | undefined;
  const testAdapter = () => (adapter ??= createTestAdapter(() => Promise.resolve(t.db), ORIGIN));

  afterEach(() => {
    vi.useRealTimers();
  });

  async function start(options: StartOptions = {}): Promise<AuthorizationRequest> {
    const url = await startIdentification(
      t.db,
      {
        provider: options.provider ?? 'fi-op',
        language: options.language ?? 'fi',
        nextPath: options.nextPath ?? '/',
        inApp: options.inApp ?? false,
        origin: ORIGIN,
        browserBindingHash: sha256(BROWSER),
      },
      testAdapter(),
    );
    const param = (name: string) => {
      const value = url.searchParams.get(name);
      if (!value) throw new Error(`authorization URL has no ${name}`);
      return value;
    };
    return {
      url,
      redirectUri: param('redirect_uri'),
      state: param('state'),
      nonce: param('nonce'),
      codeChallenge: param('code_challenge'),
    };
  }

  /** The person confirms on the test bank page; returns the callback URL. */
  async function approve(request: AuthorizationRequest, identityCode: string, overrides: Partial<AuthorizationRequest> = {}) {
    const { redirectUri, state, nonce, codeChallenge } = { ...request, ...overrides };
    const approval = await approveTestIdentification(t.db, { identityCode, redirectUri, state, nonce, codeChallenge });
    if (!approval.ok) throw new Error(`approval refused: ${approval.error}`);
    return new URL(approval.redirectTo);
  }

  const complete = (callbackUrl: URL, browser: string | null = BROWSER) => completeIdentification(t.db, callbackUrl, ORIGIN, browser, testAdapter());

  async function flowOf(request: AuthorizationRequest) {
    const [flow] = await t.db
      .select()
      .from(identificationFlows)
      .where(eq(identificationFlows.stateHash, sha256(request.state)));
    return flow;
  }

  async function personByCode(identityCode: string) {
    const [row] = await t.db.select().from(persons).where(eq(persons.identityCode, identityCode));
    return row;
  }

  it('sends the browser to the test identification service with state, nonce and PKCE', async () => {
    const request = await start({ language: 'sv', provider: 'fi-nordea' });
    expect(`${request.url.origin}${request.url.pathname}`).toBe(`${ORIGIN}${TEST_IDP_PATH}`);
    expect(Object.fromEntries(request.url.searchParams)).toMatchObject({
      response_type: 'code',
      response_mode: 'query',
      code_challenge_method: 'S256',
      acr_values: 'fi-nordea',
      ui_locales: 'sv',
    });
    expect(new URL(request.redirectUri).pathname).toBe('/oauth/callback');

    // The flow is stored under the hash of the state, and the state itself is not stored.
    const [flow] = await t.db
      .select()
      .from(identificationFlows)
      .where(eq(identificationFlows.stateHash, sha256(request.state)));
    expect(flow).toMatchObject({ nonce: request.nonce, provider: 'fi-nordea', language: 'sv', usedAt: null });
    expect(s256(flow!.codeVerifier)).toBe(request.codeChallenge);
    expect(JSON.stringify(await t.db.select().from(identificationFlows))).not.toContain(request.state);
  });

  it('logs Aino in: a new session and a login entry in the access log', async () => {
    const aino = await personByCode(DEMO_PERSONS.aino.identityCode);
    const request = await start({ provider: 'fi-op' });
    const outcome = expectOk(await complete(await approve(request, DEMO_PERSONS.aino.identityCode)));

    expect(outcome.person.id).toBe(aino!.id);
    expect(outcome.person).toMatchObject({ firstName: 'Aino', isPatient: true });
    const session = await lookupSession(t.db, outcome.token);
    expect(session.status).toBe('active');
    if (session.status !== 'active') return;
    expect(session.person.id).toBe(aino!.id);
    expect(session.row).toMatchObject({ identityProvider: 'fi-op', scope: null });

    const logins = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.subjectPersonId, aino!.id), eq(accessLog.action, 'login')));
    expect(logins).toHaveLength(1);
    expect(logins[0]).toMatchObject({ actorPersonId: aino!.id, resource: 'session' });
  });

  it('gives a new session token at every login', async () => {
    const first = expectOk(await complete(await approve(await start(), DEMO_PERSONS.mikko.identityCode)));
    const second = expectOk(await complete(await approve(await start(), DEMO_PERSONS.mikko.identityCode)));
    expect(second.token).not.toBe(first.token);
    expect((await lookupSession(t.db, first.token)).status).toBe('active');
    expect((await lookupSession(t.db, second.token)).status).toBe('active');
  });

  it('ends the session the browser held when it identifies again (ADR 0047), and only that one', async () => {
    const elsewhere = expectOk(await complete(await approve(await start(), DEMO_PERSONS.mikko.identityCode)));
    const first = expectOk(await complete(await approve(await start(), DEMO_PERSONS.mikko.identityCode)));
    const again = expectOk(
      await completeIdentification(t.db, await approve(await start(), DEMO_PERSONS.mikko.identityCode), ORIGIN, BROWSER, testAdapter(), undefined, first.token),
    );
    expect((await lookupSession(t.db, first.token)).status).toBe('expired');
    expect((await lookupSession(t.db, again.token)).status).toBe('active');
    // Another browser's session of the same person goes on.
    expect((await lookupSession(t.db, elsewhere.token)).status).toBe('active');
  });

  it('returns the language and next path of the flow, and the in-app scope', async () => {
    const request = await start({ language: 'en', nextPath: '/en/appointments?tab=past', inApp: true });
    const outcome = expectOk(await complete(await approve(request, DEMO_PERSONS.laura.identityCode)));
    expect(outcome).toMatchObject({ language: 'en', nextPath: '/en/appointments?tab=past' });
    const session = await lookupSession(t.db, outcome.token);
    expect(session.status === 'active' && session.row.scope).toBe('inAppBooking');
  });

  it("refreshes the person's guardianships from the population register (ADR 0023)", async () => {
    const { hanna, otto } = REGISTER_DEMO_PERSONS;
    expect(await personByCode(otto.identityCode)).toBeUndefined();
    const outcome = expectOk(await complete(await approve(await start(), hanna.identityCode)));
    const otto1 = await personByCode(otto.identityCode);
    expect(otto1).toMatchObject({ firstName: 'Otto', isPatient: false });
    const session = await lookupSession(t.db, outcome.token);
    expect(session.status).toBe('active');
    const links = await t.db.select().from(guardianships).where(eq(guardianships.guardianId, outcome.person.id));
    expect(links).toEqual([expect.objectContaining({ wardId: otto1!.id, type: 'parent' })]);
  });

  it('creates an unknown but valid person as a non-patient', async () => {
    const identityCode = makeIdentityCode('1992-07-04', 936);
    expect(await personByCode(identityCode)).toBeUndefined();
    const outcome = expectOk(await complete(await approve(await start(), identityCode)));
    expect(outcome.person).toMatchObject({ identityCode, isPatient: false, birthDate: '1992-07-04' });
    expect(await personByCode(identityCode)).toMatchObject({ id: outcome.person.id, isPatient: false });

    // Logging in again finds the same row instead of creating another.
    const again = expectOk(await complete(await approve(await start(), identityCode.toLowerCase())));
    expect(again.person.id).toBe(outcome.person.id);
    const [row] = await t.db.select({ n: count() }).from(persons).where(eq(persons.identityCode, identityCode));
    expect(row?.n).toBe(1);
  });

  it('accepts a callback only once', async () => {
    const callback = await approve(await start(), DEMO_PERSONS.aino.identityCode);
    expectOk(await complete(callback));
    expect(await complete(callback)).toEqual({ ok: false, reason: 'failed', language: null, nextPath: null });
  });

  it('refuses an expired flow', async () => {
    const request = await start({ language: 'sv', nextPath: '/sv/' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(vi.getRealSystemTime() + 10 * 60_000 + 1_000);
    // The code itself is fresh; only the flow has expired.
    const callback = await approve(request, DEMO_PERSONS.aino.identityCode);
    expect(await complete(callback)).toEqual({ ok: false, reason: 'failed', language: null, nextPath: null });
    vi.useRealTimers();
    // The expired flow was not consumed into a session.
    const [flow] = await t.db
      .select()
      .from(identificationFlows)
      .where(eq(identificationFlows.stateHash, sha256(request.state)));
    expect(flow?.usedAt).toBeNull();
  });

  it('accepts a flow completed shortly before it expires', async () => {
    const request = await start();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(vi.getRealSystemTime() + 9 * 60_000);
    expectOk(await complete(await approve(request, DEMO_PERSONS.aino.identityCode)));
  });

  it('refuses a tampered state', async () => {
    const request = await start({ nextPath: '/ajanvaraus' });
    const callback = await approve(request, DEMO_PERSONS.aino.identityCode);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${request.state.slice(0, -2)}xx`);
    expect(await complete(tampered)).toEqual({ ok: false, reason: 'failed', language: null, nextPath: null });
    const missing = new URL(callback);
    missing.searchParams.delete('state');
    expect(await complete(missing)).toEqual({ ok: false, reason: 'failed', language: null, nextPath: null });
  });

  it('refuses a code issued for another flow', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const mine = await start({ nextPath: '/mine' });
    const other = await start();
    const otherCallback = await approve(other, DEMO_PERSONS.aino.identityCode);
    const swapped = new URL(otherCallback);
    swapped.searchParams.set('state', mine.state);
    expect(await complete(swapped)).toEqual({ ok: false, reason: 'failed', language: 'fi', nextPath: '/mine' });
    expect(warn).toHaveBeenCalled();
  });

  it('reports a cancelled identification with the flow language and next path', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const request = await start({ language: 'sv', nextPath: '/sv/meddelanden' });
    const callback = new URL(cancelTestIdentification({ redirectUri: request.redirectUri, state: request.state }));
    expect(await complete(callback)).toEqual({
      ok: false,
      reason: 'cancelled',
      language: 'sv',
      nextPath: '/sv/meddelanden',
    });
    expect(warn).not.toHaveBeenCalled();
    // A cancelled flow cannot be completed afterwards either.
    expect((await complete(await approve(request, DEMO_PERSONS.aino.identityCode))).ok).toBe(false);
  });

  it('refuses a PKCE mismatch', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const request = await start({ language: 'en', nextPath: '/en/' });
    const callback = await approve(request, DEMO_PERSONS.aino.identityCode, {
      codeChallenge: s256('not-the-verifier'),
    });
    const sessionsBefore = await t.db.select({ n: count() }).from(accessLog);
    expect(await complete(callback)).toEqual({ ok: false, reason: 'failed', language: 'en', nextPath: '/en/' });
    expect(await t.db.select({ n: count() }).from(accessLog)).toEqual(sessionsBefore);
    expect(warn).toHaveBeenCalledWith({ code: 'protocol' }, 'identification failed');
  });

  it('refuses a nonce mismatch', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const request = await start();
    const callback = await approve(request, DEMO_PERSONS.aino.identityCode, { nonce: 'another-nonce' });
    expect((await complete(callback)).ok).toBe(false);
  });

  describe('binding to the browser that started the flow (login CSRF)', () => {
    async function expectRefusedAndConsumed(request: AuthorizationRequest, callback: URL, browser: string | null) {
      const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
      const [sessionsBefore] = await t.db.select({ n: count() }).from(sessions);
      const refusedBefore = await t.db.select().from(accessLog).where(eq(accessLog.action, 'refused'));
      expect(await complete(callback, browser)).toEqual({ ok: false, reason: 'failed', language: 'en', nextPath: '/en/' });
      // Nothing logged in, and the code was never redeemed.
      expect(await t.db.select({ n: count() }).from(sessions)).toEqual([sessionsBefore]);
      const codeHash = sha256(callback.searchParams.get('code')!);
      const [code] = await t.db.select().from(testIdpCodes).where(eq(testIdpCodes.codeHash, codeHash));
      expect(code?.usedAt).toBeNull();
      // The flow is consumed: the right browser cannot use the link afterwards either.
      expect((await flowOf(request))?.usedAt).not.toBeNull();
      expect((await complete(callback)).ok).toBe(false);
      // A security entry without personal data, and a log line without the cookie's value.
      const refused = await t.db.select().from(accessLog).where(eq(accessLog.action, 'refused'));
      expect(refused).toHaveLength(refusedBefore.length + 1);
      expect(refused.at(-1)).toMatchObject({ actorPersonId: null, subjectPersonId: null, resource: 'identification', resourceId: null });
      expect(warn).toHaveBeenCalledWith({ event: 'identification_unbound_callback', cookie: browser ? 'mismatch' : 'missing' }, expect.any(String));
      expect(JSON.stringify(warn.mock.calls)).not.toContain(request.state);
    }

    it('stores only the hash of the binding with the flow', async () => {
      const request = await start();
      const flow = await flowOf(request);
      expect(flow?.browserBindingHash).toBe(sha256(BROWSER));
      expect(JSON.stringify(flow)).not.toContain(BROWSER);
    });

    it('refuses a callback from a browser without the binding cookie', async () => {
      const request = await start({ language: 'en', nextPath: '/en/' });
      const callback = await approve(request, DEMO_PERSONS.aino.identityCode);
      await expectRefusedAndConsumed(request, callback, null);
    });

    it("refuses a callback from a browser with another browser's binding", async () => {
      const request = await start({ language: 'en', nextPath: '/en/' });
      const callback = await approve(request, DEMO_PERSONS.aino.identityCode);
      await expectRefusedAndConsumed(request, callback, randomToken());
    });

    it('lets one browser complete two flows started in two tabs', async () => {
      const first = await start();
      const second = await start();
      expectOk(await complete(await approve(second, DEMO_PERSONS.aino.identityCode)));
      expectOk(await complete(await approve(first, DEMO_PERSONS.aino.identityCode)));
    });
  });

  it('refuses an invalid identity code on the test service', async () => {
    const request = await start();
    const [before] = await t.db.select({ n: count() }).from(testIdpCodes);
    for (const identityCode of ['150385-9025', '010190-AB1X', '310285-9024', 'not a code']) {
      const approval = await approveTestIdentification(t.db, {
        identityCode,
        redirectUri: request.redirectUri,
        state: request.state,
        nonce: request.nonce,
        codeChallenge: request.codeChallenge,
      });
      expect(approval).toEqual({ ok: false, error: 'invalidCode' });
    }
    const [after] = await t.db.select({ n: count() }).from(testIdpCodes);
    expect(after?.n).toBe(before?.n);
  });
  describe('through an OIDC broker: the ID token must carry the method asked for (acr)', () => {
    let broker: FakeOidcProvider;
    let oidcAdapter: IdentificationAdapter;
    beforeAll(async () => {
      broker = await startFakeOidcProvider({ clientId: 'portal', clientSecret: 'broker-client-secret' });
      oidcAdapter = createOidcAdapter({
        issuer: broker.issuer,
        clientId: 'portal',
        clientSecret: 'broker-client-secret',
        identityCodeClaim: 'hetu',
        allowHttp: true,
      });
    });
    afterAll(() => broker.close());
    beforeEach(() => broker.reset());

    /** The person picks `provider` on the login page and identifies at the broker. */
    async function identifyWith(provider: string) {
      const url = await startIdentification(
        t.db,
        { provider, language: 'en', nextPath: '/en/', inApp: false, origin: ORIGIN, browserBindingHash: sha256(BROWSER) },
        oidcAdapter,
      );
      const callback = await simulateUserAtAuthorizationEndpoint(url);
      return completeIdentification(t.db, callback, ORIGIN, BROWSER, oidcAdapter);
    }

    const counts = async () => ({
      sessions: (await t.db.select({ n: count() }).from(sessions))[0]?.n,
      logins: (await t.db.select({ n: count() }).from(accessLog).where(eq(accessLog.action, 'login')))[0]?.n,
    });

    it('asks for the chosen method and logs in when the ID token carries it', async () => {
      const outcome = expectOk(await identifyWith('fi-nordea'));
      expect(broker.authorizeRequests.at(-1)?.get('acr_values')).toBe('fi-nordea');
      expect(outcome.person.identityCode).toBe(DEFAULT_IDENTITY_CLAIMS.hetu);
      const session = await lookupSession(t.db, outcome.token);
      expect(session.status === 'active' && session.row.identityProvider).toBe('fi-nordea');
    });

    it.each([
      ['another bank than the one chosen', 'fi-nordea'],
      ['an FTN level instead of the method', 'http://ftn.ficora.fi/2017/loa2'],
      ['no acr at all', null],
    ])('refuses an ID token with %s (acr %s): a translated error, nobody logged in', async (_label, acr) => {
      const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
      broker.tamper.acr = acr;
      const before = await counts();
      // The login page shows login.wrongMethod (fi, sv, en) for this reason.
      expect(await identifyWith('fi-op')).toEqual({ ok: false, reason: 'wrongMethod', language: 'en', nextPath: '/en/' });
      expect(broker.authorizeRequests.at(-1)?.get('acr_values')).toBe('fi-op');
      expect(await counts()).toEqual(before);
      expect(warn).toHaveBeenCalledWith({ code: 'acr_mismatch' }, 'identification failed');
    });
  });
});
