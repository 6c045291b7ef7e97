/**
 * The Web API's checksum (ADR 0050), first against the verification example DVV publishes for it
 * ("Tarkistesumman laskemiseen toteutetun funktion verifiointi", Suomi.fi e-Authorizations Web
 * API description, https://palveluhallinta.suomi.fi/fi/tuki/artikkelit/5a781dc75cb4f10dde9735e4;
 * the same inputs and result are quoted by the City of Helsinki's client test,
 * github.com/City-of-Helsinki/yjdh backend/shared/shared/oidc/tests/test_utils.py). The other
 * vectors were computed from the documented definition with OpenSSL (`printf '%s %s' "$path"
 * "$ts" | openssl dgst -sha256 -hmac "$key" -binary | base64`), an implementation independent of
 * Node's crypto; OpenSSL gives DVV's result for DVV's example too.
 */
import { describe, expect, it } from 'vitest';
import { authorizationHeader, checkAuthorizationHeader, checksum } from './checksum';

const PATH = '/service/hpa/user/register/ab12cd34/010180-9026?requestId=7e5d0f4c-1c8e-4a7e-9a5e-4b0c6f0e1d2a';
const TS = '2026-12-07T10:15:30.000Z';

describe('X-AsiointivaltuudetAuthorization', () => {
  it("gives the result of the documentation's verification example", () => {
    const path = '/service/hpa/user/register/ed4b7ae7/080297-915A?requestId=02fd35dc-99e6-477b-b6e2-03f02cbf3666';
    const timestamp = '2017-02-09T10:29:42.090000+00:00';
    expect(authorizationHeader('ed4b7ae7', path, timestamp, '3ba56df8-88b8-4805-9b04-2f8e7a61')).toBe(
      'ed4b7ae7 2017-02-09T10:29:42.090000+00:00 GeRKoGmGd0RFk33s2vNHutJf/TrEdwSM2Vb7qWXLESY=',
    );
    // The service's side accepts the example's header at its own time (microseconds and all).
    const keyOf = (id: string) => (id === 'ed4b7ae7' ? '3ba56df8-88b8-4805-9b04-2f8e7a61' : undefined);
    const header = 'ed4b7ae7 2017-02-09T10:29:42.090000+00:00 GeRKoGmGd0RFk33s2vNHutJf/TrEdwSM2Vb7qWXLESY=';
    expect(checkAuthorizationHeader(header, path, keyOf, Date.parse('2017-02-09T10:31:00Z'))).toEqual({ ok: true, clientId: 'ed4b7ae7' });
  });

  it('is Base64(HMAC-SHA256(API key, path + " " + timestamp)), the path with its query', () => {
    expect(checksum(PATH, TS, 'test-api-key')).toBe('+j73Gcxzkd8oaPkpJ0lmqrhCbF+JrlStKiC2bltWJOA=');
    // The documentation's timestamp form without seconds, with an offset.
    expect(checksum('/service/ypa/api/organizationRoles/abc?requestId=1', '1997-07-16T19:20+01:00', 'SECRET')).toBe(
      '3DkvkG/b3q9lekuOgDOt1mJn5ekg59RKWkoz+DoXosU=',
    );
    expect(authorizationHeader('ab12cd34', PATH, TS, 'test-api-key')).toBe(`ab12cd34 ${TS} +j73Gcxzkd8oaPkpJ0lmqrhCbF+JrlStKiC2bltWJOA=`);
  });

  it('is checked by the service: client, checksum over this path, ±5 minutes', () => {
    const keyOf = (id: string) => (id === 'ab12cd34' ? 'test-api-key' : undefined);
    const header = authorizationHeader('ab12cd34', PATH, TS, 'test-api-key');
    const at = Date.parse(TS);
    expect(checkAuthorizationHeader(header, PATH, keyOf, at + 5 * 60_000)).toEqual({ ok: true, clientId: 'ab12cd34' });
    expect(checkAuthorizationHeader(header, PATH, keyOf, at - 5 * 60_000)).toMatchObject({ ok: true });
    expect(checkAuthorizationHeader(header, PATH, keyOf, at + 5 * 60_000 + 1)).toEqual({ ok: false, reason: 'timestamp' });
    expect(checkAuthorizationHeader(header, PATH, keyOf, at - 5 * 60_000 - 1)).toEqual({ ok: false, reason: 'timestamp' });
    expect(checkAuthorizationHeader(header, `${PATH}&x=1`, keyOf, at)).toEqual({ ok: false, reason: 'checksum' });
    expect(checkAuthorizationHeader(authorizationHeader('ab12cd34', PATH, TS, 'other-key'), PATH, keyOf, at)).toEqual({ ok: false, reason: 'checksum' });
    expect(checkAuthorizationHeader(authorizationHeader('zz', PATH, TS, 'test-api-key'), PATH, keyOf, at)).toEqual({ ok: false, reason: 'unknownClient' });
    expect(checkAuthorizationHeader(null, PATH, keyOf, at)).toEqual({ ok: false, reason: 'missing' });
    expect(checkAuthorizationHeader(`ab12cd34 yesterday x`, PATH, keyOf, at)).toEqual({ ok: false, reason: 'malformed' });
  });
});
