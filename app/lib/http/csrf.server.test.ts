import { describe, expect, it } from 'vitest';
import { streamedBody } from '../../../tests/fixtures/streamed-body';
import { anonymousCsrf, CsrfFailure, verifyCsrf } from './csrf.server';

const ORIGIN = 'http://portal.test';

function cookieOf(setCookie: string): string {
  return setCookie.split(';')[0]!;
}

async function issue(): Promise<{ token: string; cookie: string }> {
  const [token, setCookie] = await anonymousCsrf.commitToken(new Request(`${ORIGIN}/fi`));
  expect(setCookie).not.toBeNull();
  return { token, cookie: cookieOf(setCookie!) };
}

function post(cookie: string | null, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/fi/vapaat-ajat/1`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

async function failure(request: Request): Promise<string | null> {
  try {
    await verifyCsrf(request, ORIGIN, null);
    return null;
  } catch (error) {
    if (error instanceof CsrfFailure) return error.reason;
    throw error;
  }
}

describe('anonymous CSRF (signed double-submit cookie)', () => {
  it('issues a signed token once and keeps a valid cookie without setting it again', async () => {
    const { token, cookie } = await issue();
    expect(token).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    const [again, setCookie] = await anonymousCsrf.commitToken(new Request(`${ORIGIN}/fi`, { headers: { cookie } }));
    expect(again).toBe(token);
    expect(setCookie).toBeNull();
  });

  it('gives every new visitor a different token', async () => {
    const tokens = new Set(await Promise.all(Array.from({ length: 20 }, async () => (await issue()).token)));
    expect(tokens.size).toBe(20);
  });

  it('accepts the cookie token in the form, the header or the query', async () => {
    const { token, cookie } = await issue();
    expect(await failure(post(cookie, { csrf: token }))).toBeNull();
    expect(await failure(post(cookie, {}, { 'x-csrf-token': token }))).toBeNull();
    const query = new Request(`${ORIGIN}/api/anon/reserve-appointment?csrfToken=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await failure(query)).toBeNull();
  });

  it('refuses a missing, different or forged token', async () => {
    const { token, cookie } = await issue();
    const other = await issue();
    expect(await failure(post(cookie, {}))).toBe('missing token');
    expect(await failure(post(null, { csrf: token }))).toBe('missing_token_in_cookie');
    expect(await failure(post(cookie, { csrf: other.token }))).toBe('mismatched_token');

    // A token with a made-up signature, in both cookie and form (what a cookie-injecting attacker could send).
    const [value] = token.split('.');
    const forged = `${value}.${'A'.repeat(43)}`;
    const [, forgedCookie] = await anonymousCsrf.commitToken(new Request(`${ORIGIN}/fi`));
    const forgedHeader = cookieOf(forgedCookie!).replace(/=.*/, `=${btoa(JSON.stringify(forged))}`);
    expect(await failure(post(forgedHeader, { csrf: forged }))).toBe('tampered_token_in_cookie');
  });

  it('replaces a cookie whose signature does not verify', async () => {
    const { cookie } = await issue();
    const name = cookie.slice(0, cookie.indexOf('='));
    const unsigned = `${name}=${btoa(JSON.stringify('abc.def'))}`;
    const [token, setCookie] = await anonymousCsrf.commitToken(new Request(`${ORIGIN}/fi`, { headers: { cookie: unsigned } }));
    expect(token).not.toBe('abc.def');
    expect(setCookie).not.toBeNull();
  });

  it('refuses another origin before looking at the token', async () => {
    const { token, cookie } = await issue();
    expect(await failure(post(cookie, { csrf: token }, { origin: 'https://evil.example' }))).toBe('origin');
  });
});

describe('the form token is read as a stream, never the whole body', () => {
  const KiB = 1024;
  const MiB = 1024 * KiB;

  /** A multipart post whose file part is `fileBytes` of filler from a generator; counts what was pulled. */
  function upload(cookie: string, fields: { before?: Record<string, string>; after?: Record<string, string> }, fileBytes: number) {
    const parts = (values: Record<string, string> = {}) =>
      Object.entries(values)
        .map(([name, value]) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('');
    const { body, pulled } = streamedBody(
      `${parts(fields.before)}--b\r\nContent-Disposition: form-data; name="attachments"; filename="iso.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      fileBytes,
      `\r\n${parts(fields.after)}--b--\r\n`,
    );
    const request = new Request(`${ORIGIN}/fi/viestit/uusi`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b', origin: ORIGIN, cookie },
      body,
      duplex: 'half',
    } as RequestInit);
    return { request, pulled };
  }

  it('accepts the token of an upload after reading its first fields, not its 100 MiB file', async () => {
    const { token, cookie } = await issue();
    const { request, pulled } = upload(cookie, { before: { csrf: token } }, 100 * MiB);
    expect(await failure(request)).toBeNull();
    expect(pulled()).toBeLessThan(512 * KiB);
  });

  it('refuses an upload without a token after reading at most REQUEST_BODY_MAX_BYTES of it', async () => {
    const { token, cookie } = await issue();
    const none = upload(cookie, {}, 100 * MiB);
    expect(await failure(none.request)).toBe('missing token');
    expect(none.pulled()).toBeLessThan(MiB + 512 * KiB);
    // A token placed after a large file is not looked for that far.
    const late = upload(cookie, { after: { csrf: token } }, 5 * MiB);
    expect(await failure(late.request)).toBe('missing token');
    expect(late.pulled()).toBeLessThan(MiB + 512 * KiB);
  });

  it('leaves the whole body to the action', async () => {
    const { token, cookie } = await issue();
    const request = post(cookie, { csrf: token, text: 'Hyvää päivää' });
    expect(await failure(request)).toBeNull();
    expect(Object.fromEntries(await request.formData())).toEqual({ csrf: token, text: 'Hyvää päivää' });
  });
});
