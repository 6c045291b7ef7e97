import { createCookie } from 'react-router';
import { describe, expect, it } from 'vitest';
import { randomToken } from '~/lib/crypto.server';
import { commitSessionCookie, cookieValue, readSessionToken, sessionCookie } from './session-cookie.server';

const request = (cookie?: string) => new Request('http://portal.test/fi', cookie === undefined ? {} : { headers: { cookie } });
const pairOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('readSessionToken', () => {
  it('reads the token the session cookie stores, as React Router’s own parse does', async () => {
    const token = randomToken();
    const pair = pairOf(await commitSessionCookie(token));
    expect(await readSessionToken(request(pair))).toBe(token);
    expect(await sessionCookie.parse(pair)).toBe(token);
    expect(await readSessionToken(request(`portal_lang=fi; ${pair}; portal_csrf=x.y`))).toBe(token);
  });

  it('refuses a cookie whose signature does not verify', async () => {
    const token = randomToken();
    const pair = pairOf(await commitSessionCookie(token));
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    const dot = value.lastIndexOf('.');
    const other = pairOf(await commitSessionCookie(randomToken()));
    // Another token's value under this signature, a changed signature, none, or another secret's.
    expect(await readSessionToken(request(`${name}=${other.slice(other.indexOf('=') + 1, other.lastIndexOf('.'))}${value.slice(dot)}`))).toBeNull();
    expect(await readSessionToken(request(`${name}=${value.slice(0, -2)}AA`))).toBeNull();
    expect(await readSessionToken(request(`${name}=${value.slice(0, dot)}`))).toBeNull();
    const foreign = createCookie(name, { secrets: ['another secret'] });
    expect(await readSessionToken(request(pairOf(await foreign.serialize(token))))).toBeNull();
  });

  it('has no token without the cookie, or with a value that is not a token', async () => {
    expect(await readSessionToken(request())).toBeNull();
    expect(await readSessionToken(request('portal_lang=fi'))).toBeNull();
    expect(await readSessionToken(request(pairOf(await commitSessionCookie('short'))))).toBeNull();
    expect(await readSessionToken(request(pairOf(await sessionCookie.serialize({ token: randomToken() }))))).toBeNull();
  });
});

describe('cookieValue', () => {
  it('reads a cookie as cookie-es does: the first of its name, trimmed, unquoted, percent-decoded', () => {
    expect(cookieValue('a=1; b=2', 'b')).toBe('2');
    expect(cookieValue('a=1;b = 2 ;b=3', 'b')).toBe('2');
    expect(cookieValue('b="x%3Dy"', 'b')).toBe('x=y');
    expect(cookieValue('b=%E0%A4%A', 'b')).toBe('%E0%A4%A');
    expect(cookieValue('ab=1', 'b')).toBeNull();
    expect(cookieValue('b', 'b')).toBeNull();
    expect(cookieValue(null, 'b')).toBeNull();
  });
});
