/**
 * The e-Authorizations Web API client against the built-in test service over HTTP (issue 42,
 * ADR 0050), on each database: a valid mandate's whole round (register, selection, token,
 * delegate, authorization by issue; YPA's organization roles), an expired and a refused (revoked)
 * mandate, a mandate that lapses after the selection, an expired Web API session, a forged
 * checksum, a stale timestamp, a wrong OAuth password and a service that does not answer.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testEauthMandates, testEauthSessions } from '~db/schema';
import { authorizationHeader, AUTHORIZATION_HEADER } from '~/services/people/e-authorizations/checksum';
import { EAuthorizationsError } from '~/services/people/e-authorizations/e-authorizations';
import { selectPrincipal, selectionChoices, TEST_SERVICE_CLIENT, TEST_SERVICE_PATH } from '~/services/people/e-authorizations/test-service.server';
import { makeIdentityCode } from '~/models/identity-code';
import { clock, dayAhead } from '../../fixtures/clock';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { withTestEAuthorizations } from '../../fixtures/e-authorizations';

let individual = 500;
const code = (birthDate: string) => makeIdentityCode(birthDate, (individual += 2));
const REDIRECT = 'http://portal.test/valtuudet/paluu';

describe.each(databaseKinds())('e-Authorizations Web API against the built-in test service on %s', (kind) => {
  const t = withTestDatabase(kind);
  const service = withTestEAuthorizations(t);
  const client = service.client;
  const mandate = service.grant;

  /** Register, choose on the selection page's step, exchange the code: a session and its token. */
  async function select(delegate: string, principalId: string, mandateKind: 'hpa' | 'ypa' = 'hpa') {
    const api = client();
    const session = await api.register(mandateKind, delegate);
    const selection = api.selectionUrl(session, { redirectUri: REDIRECT, language: 'fi' });
    expect(selection.pathname).toBe(`${TEST_SERVICE_PATH}/oauth/authorize`);
    expect(selection.searchParams.get('user')).toBe(session.userId);
    const selected = await selectPrincipal(t.db, { userId: session.userId, principalId });
    return { api, session, selected, token: selected ? await api.accessToken(selected, REDIRECT) : null };
  }

  it('answers a valid HPA mandate: the chosen principal, allowed for its issues only', async () => {
    const delegate = code('1980-01-10');
    const parent = code('1950-02-20');
    const stranger = code('1951-03-30');
    await mandate({ delegate, principalId: parent, name: 'Vanhempi Valtuuttaja', roles: ['appointments', 'invoices'] });
    await mandate({ delegate, principalId: stranger, name: 'Toinen Valtuuttaja', roles: ['appointments'] });
    const { api, session, token } = await select(delegate, parent);
    expect(await api.principals(session, token!)).toEqual([{ personId: parent, name: 'Vanhempi Valtuuttaja' }]);
    expect(await api.authorized(session, token!, parent, 'appointments')).toBe(true);
    expect(await api.authorized(session, token!, parent, 'records')).toBe(false);
    // A mandate for someone else is not this session's: only the chosen principal answers.
    expect(await api.authorized(session, token!, stranger, 'appointments')).toBe(false);
    // The code was one-time.
    const again = await api.accessToken('not-a-code', REDIRECT).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'protocol' });
  });

  it('answers a YPA mandate with the chosen company and roles', async () => {
    const hr = code('1982-04-04');
    await mandate({ kind: 'ypa', delegate: hr, principalId: '1234567-1', name: 'Asiakasyritys Oy', roles: ['hr'] });
    const { api, session, token } = await select(hr, '1234567-1', 'ypa');
    expect(await api.organizationRoles(session, token!)).toEqual([{ businessId: '1234567-1', name: 'Asiakasyritys Oy', roles: ['hr'] }]);
  });

  it('offers no expired or refused mandate, and a mandate that lapses after the selection is no longer allowed', async () => {
    const delegate = code('1981-05-05');
    const expired = code('1952-01-01');
    const refused = code('1953-01-01');
    const lapsing = code('1954-01-01');
    await mandate({ delegate, principalId: expired, name: 'Päättynyt', roles: ['appointments'], validUntil: dayAhead(-1) });
    await mandate({ delegate, principalId: refused, name: 'Peruttu', roles: ['appointments'], revoked: true });
    await mandate({ delegate, principalId: lapsing, name: 'Raukeava', roles: ['appointments'] });
    const api = client();
    const session = await api.register('hpa', delegate);
    expect((await selectionChoices(t.db, session.userId))?.choices.map((c) => c.principalId)).toEqual([lapsing]);
    expect(await selectPrincipal(t.db, { userId: session.userId, principalId: expired })).toBeNull();
    expect(await selectPrincipal(t.db, { userId: session.userId, principalId: refused })).toBeNull();

    const { session: s2, token } = await select(delegate, lapsing);
    expect(await api.authorized(s2, token!, lapsing, 'appointments')).toBe(true);
    await t.db.update(testEauthMandates).set({ revokedAt: clock.now() }).where(eq(testEauthMandates.principalId, lapsing));
    expect(await api.authorized(s2, token!, lapsing, 'appointments')).toBe(false);
    expect(await api.principals(s2, token!)).toEqual([]);
  });

  it('refuses an expired session, a forged checksum, a stale timestamp and a wrong OAuth password', async () => {
    const delegate = code('1983-06-06');
    const principal = code('1955-06-06');
    await mandate({ delegate, principalId: principal, name: 'Valtuuttaja', roles: ['appointments'] });
    const { api, session, token } = await select(delegate, principal);

    // A forged checksum (another key) and a stale or future timestamp (a clock off by > 5 min).
    await expect(client({ apiKey: 'forged-key' }).register('hpa', delegate)).rejects.toMatchObject({ code: 'refused' });
    await expect(client({ apiKey: 'forged-key' }).principals(session, token!)).rejects.toMatchObject({ code: 'refused' });
    const skewed = (minutes: number) => client({ wallNow: () => new Date(clock.toWall(clock.now()).getTime() + minutes * 60_000) });
    await expect(skewed(-6).principals(session, token!)).rejects.toMatchObject({ code: 'clockSkew' });
    await expect(skewed(6).register('hpa', delegate)).rejects.toMatchObject({ code: 'clockSkew' });
    expect(await skewed(-4).principals(session, token!)).toHaveLength(1);

    // A header signed for another path is refused as the checksum it is.
    const path = `${new URL(service.baseUrl).pathname}/service/hpa/api/delegate/${session.sessionId}?requestId=1`;
    const stamp = clock.toWall(clock.now()).toISOString();
    const replayed = await fetch(new URL(path, service.baseUrl), {
      headers: {
        [AUTHORIZATION_HEADER]: authorizationHeader(TEST_SERVICE_CLIENT.clientId, `${path}&x=1`, stamp, TEST_SERVICE_CLIENT.apiKey),
        authorization: `Bearer ${token}`,
      },
    });
    expect(replayed.status).toBe(401);

    // Another session's token does not open this session.
    await expect(api.principals({ ...session, sessionId: 'someone-elses' }, token!)).rejects.toMatchObject({ code: 'sessionExpired' });
    // The session expires.
    await t.db.update(testEauthSessions).set({ expiresAt: clock.now() }).where(eq(testEauthSessions.sessionId, session.sessionId));
    await expect(api.principals(session, token!)).rejects.toMatchObject({ code: 'sessionExpired' });

    // The token endpoint wants the OAuth password.
    const fresh = await api.register('hpa', delegate);
    const selected = await selectPrincipal(t.db, { userId: fresh.userId, principalId: principal });
    await expect(client({ oauthSecret: 'wrong' }).accessToken(selected!, REDIRECT)).rejects.toMatchObject({ code: 'refused' });
  });

  it('a service that does not answer is unavailable', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const api = client({ baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 200 });
      const error = await api.register('hpa', code('1984-07-07')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EAuthorizationsError);
      expect(error).toMatchObject({ code: 'unavailable' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
