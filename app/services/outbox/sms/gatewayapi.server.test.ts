/**
 * The GatewayAPI sender against a local GatewayAPI (tests/fixtures/sms-gateway.ts: a real socket,
 * no mock of fetch, which recomputes the OAuth 1.0a signature itself and answers with the
 * documented shapes).
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayApiSender, type GatewayApiConfig } from './gatewayapi.server';
import { SmsPermanentError, SmsTemporaryError, type SmsMessage } from './sms-sender';
import { fakeGatewayApi, KEY, SECRET } from '../../../../tests/fixtures/sms-gateway';

const fake = fakeGatewayApi();
let config: GatewayApiConfig;

beforeAll(async () => {
  fake.server.listen(0, '127.0.0.1');
  await once(fake.server, 'listening');
  const { port } = fake.server.address() as AddressInfo;
  config = { url: `http://127.0.0.1:${port}/rest/mtsms`, key: KEY, secret: SECRET, timeoutMs: 2000, maxSegments: 10 };
});

afterAll(async () => {
  fake.server.closeAllConnections();
  fake.server.close();
  await once(fake.server, 'close');
});

beforeEach(() => {
  fake.received.length = 0;
  fake.replies.length = 0;
});

const message = (over: Partial<SmsMessage> = {}): SmsMessage => ({
  to: '+358401234567',
  from: 'Kaari',
  text: 'Hyvä potilas, käynti maksaa 35 € – tervetuloa! Öljyt ja Åbo.',
  reference: '4711',
  ...over,
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the send to fail');
}

describe('GatewayAPI sender, against a local gateway', () => {
  it('sends one signed POST /rest/mtsms with the documented JSON body, and returns the message id', async () => {
    const sender = createGatewayApiSender(config);
    expect(sender.name).toBe('gatewayapi');
    await expect(sender.send(message())).resolves.toEqual({ providerId: '421332671' });

    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/rest/mtsms');
    expect(request!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request!.headers.accept).toBe('application/json');
    expect(request!.oauth).toMatchObject({ oauth_consumer_key: KEY, oauth_signature_method: 'HMAC-SHA1', oauth_version: '1.0' });
    expect(request!.oauth).not.toHaveProperty('oauth_token');
    expect(request!.body).toEqual({
      sender: 'Kaari',
      // The en dash became a hyphen, so the text stays GSM-7 (€ is in its extension table).
      message: 'Hyvä potilas, käynti maksaa 35 € - tervetuloa! Öljyt ja Åbo.',
      recipients: [{ msisdn: 358401234567 }],
      encoding: 'UTF8',
      max_parts: 10,
      userref: '4711',
    });
    // UTF-8 on the wire: ä, Ö and €, with a Content-Length that counts bytes.
    expect(request!.raw.includes(Buffer.from([0xc3, 0xa4]))).toBe(true);
    expect(request!.raw.includes(Buffer.from([0xc3, 0x96]))).toBe(true);
    expect(request!.raw.includes(Buffer.from([0xe2, 0x82, 0xac]))).toBe(true);
    expect(Number(request!.headers['content-length'])).toBe(request!.raw.length);
    // The timestamp is the wall clock's (the gateway accepted it), the nonce new for each request.
    await sender.send(message());
    expect(fake.received[1]!.oauth.oauth_nonce).not.toBe(request!.oauth.oauth_nonce);
  });

  it('asks for UCS-2 when a character is outside GSM-7, and sends other countries and senders as they are', async () => {
    const sender = createGatewayApiSender(config);
    await sender.send(message({ to: '+46701234567', from: 'Pikku Kaari', text: 'Hei Šárka, aika on huomenna klo 9.30.', reference: '9' }));
    const [request] = fake.received;
    expect(request!.body).toMatchObject({
      sender: 'Pikku Kaari',
      message: 'Hei Šárka, aika on huomenna klo 9.30.',
      recipients: [{ msisdn: 46701234567 }],
      encoding: 'UCS2',
      userref: '9',
    });
    expect(request!.raw.includes(Buffer.from('Š', 'utf8'))).toBe(true);
  });

  it('a wrong secret fails the signature check: permanent', async () => {
    const error = await failure(createGatewayApiSender({ ...config, secret: 'another-secret-0123' }).send(message()));
    expect(error).toBeInstanceOf(SmsPermanentError);
    expect(error.message).toBe('GatewayAPI: HTTP 401 0x0224');
    expect(fake.received).toHaveLength(0);
    const unknownKey = await failure(createGatewayApiSender({ ...config, key: 'someone-else' }).send(message()));
    expect(unknownKey).toBeInstanceOf(SmsPermanentError);
    expect(unknownKey.message).toBe('GatewayAPI: HTTP 401 0x0223');
  });

  it('an invalid recipient the gateway refuses is permanent, and its number is not in the error', async () => {
    const error = await failure(createGatewayApiSender(config).send(message({ to: '+358400012345' })));
    expect(error).toBeInstanceOf(SmsPermanentError);
    expect(error.message).toBe('GatewayAPI: HTTP 400 0x0308');
    expect(error.message).not.toContain('358400012345');
  });

  it('refuses what it cannot send before asking the gateway: not E.164, a bad sender, too many parts', async () => {
    const sender = createGatewayApiSender({ ...config, maxSegments: 2 });
    for (const bad of [
      message({ to: '040 123 4567' }),
      message({ to: '+3580401234567' }),
      message({ from: 'Lastenklinikka' }),
      message({ text: '  ' }),
      message({ text: 'a'.repeat(307) }),
      message({ text: 'š'.repeat(135) }),
    ]) {
      const error = await failure(sender.send(bad));
      expect(error, JSON.stringify(bad)).toBeInstanceOf(SmsPermanentError);
      expect(error.message).not.toContain('123');
    }
    expect(fake.received).toHaveLength(0);
    // Exactly at the limit it goes.
    await expect(sender.send(message({ text: 'a'.repeat(306) }))).resolves.toMatchObject({ providerId: expect.any(String) });
  });

  it('5xx and 429 are temporary; so are insufficient credit and a temporary blacklisting', async () => {
    const sender = createGatewayApiSender(config);
    fake.replies.push(
      { status: 500, body: { incident_uuid: 'd8127429-fa0c-4316-b1f2-e610c3958f43', message: 'Internal error' } },
      { status: 503, text: '<html>Service Unavailable</html>' },
      { status: 429, body: { message: 'Too many requests' } },
      { status: 400, body: { code: '0x0216', incident_uuid: 'x', message: 'Insufficient credit' } },
      {
        status: 400,
        body: { code: '0x0214', incident_uuid: 'x', message: 'Temporary blacklist for MSISDN %1 with hash %2', variables: ['358401234567', 'ab'] },
      },
    );
    const reasons: string[] = [];
    for (let i = 0; i < 5; i++) {
      const error = await failure(sender.send(message()));
      expect(error).toBeInstanceOf(SmsTemporaryError);
      reasons.push(error.message);
    }
    expect(reasons).toEqual([
      'GatewayAPI: HTTP 500',
      'GatewayAPI: HTTP 503',
      'GatewayAPI: HTTP 429',
      'GatewayAPI: HTTP 400 0x0216',
      'GatewayAPI: HTTP 400 0x0214',
    ]);
    // And the next try goes through.
    await expect(sender.send(message())).resolves.toMatchObject({ providerId: expect.any(String) });
  });

  it('accepted without an id is permanent (it may have been sent: no second try)', async () => {
    fake.replies.push({ status: 200, body: { usage: {} } });
    const error = await failure(createGatewayApiSender(config).send(message()));
    expect(error).toBeInstanceOf(SmsPermanentError);
    expect(error.message).toBe('GatewayAPI: HTTP 200 without a message id');
  });

  it('no answer within the time limit is temporary', async () => {
    fake.replies.push({ status: 200, body: { ids: [1] }, delayMs: 3000 });
    const started = performance.now();
    const error = await failure(createGatewayApiSender({ ...config, timeoutMs: 300 }).send(message()));
    expect(error).toBeInstanceOf(SmsTemporaryError);
    expect(error.message).toBe('GatewayAPI: no answer within 300 ms');
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('no connection is temporary', async () => {
    const closed: Server = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');
    const error = await failure(createGatewayApiSender({ ...config, url: `http://127.0.0.1:${port}/rest/mtsms` }).send(message()));
    expect(error).toBeInstanceOf(SmsTemporaryError);
    expect(error.message).toBe('GatewayAPI: no connection');
  });

  it('a wrong path is permanent (configuration, not chance)', async () => {
    const error = await failure(createGatewayApiSender({ ...config, url: config.url.replace('/rest/mtsms', '/rest/sms') }).send(message()));
    expect(error).toBeInstanceOf(SmsPermanentError);
    expect(error.message).toBe('GatewayAPI: HTTP 404');
  });
});
