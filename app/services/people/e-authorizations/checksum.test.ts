/**
 * The Web API's checksum (ADR 0050). DVV's documentation publishes a verification example, but
 * its values could not be retrieved while this was written; these vectors were computed from the
 * documented definition with OpenSSL (`printf '%s %s' "$path" "$ts" | openssl dgst -sha256
 * -hmac "$key" -binary | base64`), an implementation independent of Node's crypto.
 */
import { describe, expect, it } from 'vitest';
import { authorizationHeader, checkAuthorizationHeader, checksum } from './checksum';

const PATH = '/service/hpa/user/register/ab12cd34/010180-9026?requestId=7e5d0f4c-1c8e-4a7e-9a5e-4b0c6f0e1d2a';
const TS = '2026-12-07T10:15:30.000Z';

describe('X-AsiointivaltuudetAuthorization', () => {
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
