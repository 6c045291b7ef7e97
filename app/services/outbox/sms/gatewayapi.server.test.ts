/**
 * The GatewayAPI sender against a local HTTP server (a real socket, no mock of fetch) that checks
 * each request as GatewayAPI documents it (gatewayapi.com/docs/rest.html): `POST /rest/mtsms`, a
 * JSON body, and OAuth 1.0a HMAC-SHA1 whose signature the server recomputes itself from the
 * request it received (RFC 5849 §3.4, written out again here, not imported from the sender),
 * with the timestamp checked against its own wall clock and each nonce accepted once. It answers
 * with the documented shapes: `{"ids": […], "usage": {…}}`, and `{"code", "incident_uuid",
 * "message", "variables"}` with 400/401/403/422/500.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayApiSender, type GatewayApiConfig } from './gatewayapi.server';
import { SmsPermanentError, SmsTemporaryError, type SmsMessage } from './sms-sender';

const KEY = 'portal-api-key';
const SECRET = 'portal-api-secret-0123';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  body: Record<string, unknown>;
  oauth: Record<string, string>;
}

type Reply = { status: number; body?: unknown; text?: string; delayMs?: number };

/** RFC 5849 §3.6 percent-encoding. */
const enc = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The `Authorization: OAuth …` parameters (§3.5.1), or null when the header is not one. */
function oauthParams(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith('OAuth ')) return null;
  const params: Record<string, string> = {};
  for (const part of header.slice('OAuth '.length).split(/,\s*/)) {
    const match = /^([A-Za-z0-9_%.~-]+)="([^"]*)"$/.exec(part);
    if (!match) return null;
    params[decodeURIComponent(match[1]!)] = decodeURIComponent(match[2]!);
  }
  return params;
}

/** The signature GatewayAPI expects for a request (§3.4): method, base URI, query and oauth_*. */
function expectedSignature(request: IncomingMessage, oauth: Record<string, string>, secret: string): string {
  const url = new URL(request.url!, `http://${request.headers.host}`);
  const params = [...url.searchParams.entries(), ...Object.entries(oauth).filter(([name]) => name !== 'oauth_signature' && name !== 'realm')]
    .map(([name, value]) => [enc(name), enc(value)])
    .sort(([a, av], [b, bv]) => (a! < b! ? -1 : a! > b! ? 1 : av! < bv! ? -1 : av! > bv! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const base = `${request.method}&${enc(`http://${request.headers.host!.toLowerCase()}${url.pathname}`)}&${enc(params)}`;
  return createHmac('sha1', `${enc(secret)}&`).update(base).digest('base64');
}

function apiError(response: ServerResponse, status: number, code: string | null, message: string, variables: string[] = []) {
  const body = { ...(code ? { code } : {}), incident_uuid: 'd8127429-fa0c-4316-b1f2-e610c3958f43', message, ...(variables.length ? { variables } : {}) };
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A fake GatewayAPI: checks what it receives, then answers the next scripted reply (or 200). */
function fakeGatewayApi() {
  const received: Received[] = [];
  const replies: Reply[] = [];
  const nonces = new Set<string>();
  let nextId = 421332671;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(request.url!, `http://${request.headers.host}`);
      if (request.method !== 'POST' || url.pathname !== '/rest/mtsms') return apiError(response, 404, null, 'Not found');
      const oauth = oauthParams(request.headers.authorization);
      if (!oauth) return apiError(response, 401, '0x0222', 'Missing required parameter %1', ['oauth_consumer_key']);
      if (oauth.oauth_signature_method !== 'HMAC-SHA1') return apiError(response, 401, '0x0221', 'Unsupported signature method %1', [oauth.oauth_signature_method ?? '']);
      if (oauth.oauth_version !== undefined && oauth.oauth_version !== '1.0') return apiError(response, 401, '0x0220', 'Unsupported parameter %1', ['oauth_version']);
      if (oauth.oauth_consumer_key !== KEY) return apiError(response, 401, '0x0223', 'Invalid Consumer Key');
      // GatewayAPI checks the timestamp against its own clock: the wall clock, whatever PORTAL_NOW says.
      // eslint-disable-next-line no-restricted-syntax
      const wallSeconds = Date.now() / 1000;
      if (!/^\d+$/.test(oauth.oauth_timestamp ?? '') || Math.abs(Number(oauth.oauth_timestamp) - wallSeconds) > 300) {
        return apiError(response, 401, '0x0225', 'Expired timestamp');
      }
      const given = Buffer.from(oauth.oauth_signature ?? '');
      const wanted = Buffer.from(expectedSignature(request, oauth, SECRET));
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return apiError(response, 401, '0x0224', 'Invalid signature');
      if (!oauth.oauth_nonce || nonces.has(oauth.oauth_nonce)) return apiError(response, 401, '0x0226', 'Invalid / used nonce');
      nonces.add(oauth.oauth_nonce);

      if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) return apiError(response, 422, null, 'Invalid json request body');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return apiError(response, 422, null, 'Invalid json request body');
      }
      received.push({ method: request.method, path: url.pathname, headers: request.headers, raw, body, oauth });
      const recipients = body.recipients as { msisdn: unknown }[] | undefined;
      if (typeof body.message !== 'string' || !Array.isArray(recipients) || recipients.length === 0) {
        return apiError(response, 400, '0x0308', 'Invalid Argument');
      }
      // A number the network does not know (the fake's stand-in for an invalid recipient).
      const unknown = recipients.find((r) => String(r.msisdn).startsWith('3584000'));
      if (unknown) return apiError(response, 400, '0x0308', 'Invalid recipient %1', [String(unknown.msisdn)]);

      const reply = replies.shift() ?? { status: 200, body: { ids: [nextId++], usage: { countries: { FI: 1 }, currency: 'EUR', total_cost: 0.05 } } };
      const answer = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status, { 'content-type': reply.text === undefined ? 'application/json' : 'text/html' });
        response.end(reply.text ?? JSON.stringify(reply.body ?? {}));
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  return { server, received, replies };
}

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
      { status: 400, body: { code: '0x0214', incident_uuid: 'x', message: 'Temporary blacklist for MSISDN %1 with hash %2', variables: ['358401234567', 'ab'] } },
    );
    const reasons: string[] = [];
    for (let i = 0; i < 5; i++) {
      const error = await failure(sender.send(message()));
      expect(error).toBeInstanceOf(SmsTemporaryError);
      reasons.push(error.message);
    }
    expect(reasons).toEqual(['GatewayAPI: HTTP 500', 'GatewayAPI: HTTP 503', 'GatewayAPI: HTTP 429', 'GatewayAPI: HTTP 400 0x0216', 'GatewayAPI: HTTP 400 0x0214']);
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
