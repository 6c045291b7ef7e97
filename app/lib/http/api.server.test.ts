import { describe, expect, it } from 'vitest';
import { streamedBody } from '../../../tests/fixtures/streamed-body';
import { readBody, readTextBody } from './api.server';

const KiB = 1024;

/** A JSON body of `bytes` from a generator, in 16 KiB pieces; counts what was pulled. */
function jsonBody(bytes: number) {
  const { body, pulled } = streamedBody('{"query":"', bytes, '"}', 16 * KiB);
  const request = new Request('http://portal.test/api/user', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled };
}

describe('the JSON routes read at most REQUEST_BODY_MAX_BYTES', () => {
  it('reads a body within the limit', async () => {
    const { request } = jsonBody(10 * KiB);
    expect(((await readBody(request)).query as string).length).toBe(10 * KiB);
  });

  it('answers a longer one with a JSON 413 after reading just past the limit', async () => {
    const { request, pulled } = jsonBody(50 * 1024 * KiB);
    const refusal = await readTextBody(request, 64 * KiB).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(413);
    expect(await (refusal as Response).json()).toEqual({ type: 'tooLarge' });
    expect(pulled()).toBeLessThan(128 * KiB);
  });

  it('reads a urlencoded form', async () => {
    const request = new Request('http://portal.test/api/user', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=%C3%A4',
    });
    expect(await readBody(request)).toEqual({ a: '1', b: 'ä' });
  });
});
