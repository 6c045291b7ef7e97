/**
 * The request body limit of server.ts (app/lib/http/body-limit.server.ts) on a real HTTP server:
 * Express with the middleware, then a handler that reads the body as React Router's Express
 * adapter does (a web stream over the Node request). What the handler sees, and how many bytes
 * the server had read from the socket when it ran (`bytesRead`), show whether a body was read.
 * The whole server, with the app's 413 pages, is tested end to end (tests/e2e/shell/body-limits.spec.ts).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { createReadableStreamFromReadable } from '@react-router/node';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerExpectContinue, limitRequestBodies, TOO_LARGE_MARKER, type BodyLimits } from '~/lib/http/body-limit.server';
import { filledBody, sendBody } from '../fixtures/send-body';

const KiB = 1024;
const MiB = 1024 * KiB;
const LIMITS: BodyLimits = { maxBytes: 64 * KiB, uploadMaxBytes: 32 * MiB };

/** What the handler saw. */
interface Seen {
  method: string;
  marker: string | null;
  contentLength: string | null;
  transferEncoding: string | null;
  /** Bytes the server had read from the connection when the handler ran (headers included). */
  bytesRead: number;
  /** The body as the handler read it (hex), or null for a GET. */
  body: string | null;
}

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use(limitRequestBodies(LIMITS));
  app.all('*', async (req, res) => {
    const seen: Seen = {
      method: req.method,
      marker: req.get(TOO_LARGE_MARKER) ?? null,
      contentLength: req.get('content-length') ?? null,
      transferEncoding: req.get('transfer-encoding') ?? null,
      bytesRead: req.socket.bytesRead,
      body: null,
    };
    // As @react-router/express hands the body to React Router.
    const stream = createReadableStreamFromReadable(req);
    const partly = Number(req.query.readAtMost ?? Infinity);
    if (Number.isFinite(partly)) {
      // An answer after the first bytes (as the CSRF check refuses an upload without a token).
      const reader = stream.getReader();
      for (let read = 0; read < partly;) {
        const next = await reader.read();
        if (next.done) break;
        read += next.value.byteLength;
      }
      reader.releaseLock();
      res.status(403).json(seen);
      return;
    }
    if (req.method !== 'GET') seen.body = Buffer.from(await new Response(stream).arrayBuffer()).toString('hex');
    res.json(seen);
  });
  server = createServer(app);
  answerExpectContinue(server, LIMITS);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  seen: Seen;
  /** Bytes the client had handed to its socket when the answer came. */
  sentBeforeAnswer: number;
  /** Whether the server said "100 Continue". */
  continued: boolean;
}

/** Sends `body` (a Buffer, or a size of filler) with its length or chunked, and reads the answer however early it comes (tests/fixtures/send-body.ts). */
async function send(
  path: string,
  body: Buffer | number,
  o: { method?: string; type?: string; chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const total = typeof body === 'number' ? body : body.byteLength;
  const pieces =
    typeof body === 'number'
      ? filledBody('', '', body)
      : function* () {
          for (let at = 0; at < body.byteLength; at += 16 * KiB) yield body.subarray(at, at + 16 * KiB);
        };
  const headers: Record<string, string> = { 'content-type': o.type ?? 'application/x-www-form-urlencoded', ...o.headers };
  const answer = await sendBody(`${origin}${path}`, { method: o.method, headers, pieces, total, chunked: o.chunked });
  return { ...answer, seen: JSON.parse(answer.body.toString('utf8')) as Seen };
}

const MULTIPART = 'multipart/form-data; boundary=x';

describe('a body with its length', () => {
  it('within the limit reaches the handler whole', async () => {
    const body = randomBytes(64 * KiB);
    const answer = await send('/fi/kirjaudu', body);
    expect(answer.seen).toMatchObject({ method: 'POST', marker: null, contentLength: String(64 * KiB), body: body.toString('hex') });
  });

  it('over the limit is turned into a GET with the marker before any of it is read, and the connection closed', async () => {
    const answer = await send('/fi/kirjaudu', 50 * MiB);
    expect(answer.seen).toMatchObject({ method: 'GET', marker: '1', contentLength: null, body: null });
    // The handler ran after one read from the socket (64 KiB: the head and what came with it).
    expect(answer.seen.bytesRead).toBeLessThanOrEqual(64 * KiB);
    expect(answer.sentBeforeAnswer).toBeLessThan(50 * MiB);
    expect(answer.headers.connection).toBe('close');
  });

  it('over the limit with `Expect: 100-continue` is refused without the client being told to send it', async () => {
    const refused = await send('/fi/kirjaudu', 50 * MiB, { headers: { expect: '100-continue' } });
    expect(refused.continued).toBe(false);
    expect(refused.sentBeforeAnswer).toBe(0);
    expect(refused.seen).toMatchObject({ method: 'GET', marker: '1' });

    const body = randomBytes(10 * KiB);
    const accepted = await send('/fi/kirjaudu', body, { headers: { expect: '100-continue' } });
    expect(accepted.continued).toBe(true);
    expect(accepted.seen).toMatchObject({ method: 'POST', marker: null, body: body.toString('hex') });
  });
});

describe('a chunked body (no length)', () => {
  it('within the limit reaches the handler whole, with its length', async () => {
    const body = randomBytes(64 * KiB);
    const answer = await send('/api/user', body, { chunked: true, type: 'application/json' });
    expect(answer.seen).toMatchObject({ method: 'POST', marker: null, contentLength: String(64 * KiB), transferEncoding: null, body: body.toString('hex') });
  });

  it('when empty reaches the handler as an empty body that ends', async () => {
    const answer = await send('/api/user', Buffer.alloc(0), { chunked: true, type: 'application/json' });
    expect(answer.seen).toMatchObject({ method: 'POST', contentLength: '0', body: '' });
  });

  it('over the limit is cut off once it passes it', async () => {
    const answer = await send('/fi/kirjaudu', 50 * MiB, { chunked: true });
    expect(answer.seen).toMatchObject({ method: 'GET', marker: '1', body: null });
    // Read up to the limit and a piece more (what one read from the socket holds), no further.
    expect(answer.seen.bytesRead).toBeLessThan(LIMITS.maxBytes + 128 * KiB);
    expect(answer.sentBeforeAnswer).toBeLessThan(50 * MiB);
    expect(answer.headers.connection).toBe('close');
  });

  it('gets the small limit on an upload route too', async () => {
    const answer = await send('/fi/viestit/uusi', 128 * KiB, { chunked: true, type: MULTIPART });
    expect(answer.seen).toMatchObject({ method: 'GET', marker: '1' });
  });
});

describe('the upload limit', () => {
  const within = 200 * KiB;

  it('applies to multipart posts to the pages that upload files, in every language, with or without JS (.data)', async () => {
    for (const path of [
      '/fi/viestit/uusi',
      '/sv/meddelanden/ny',
      '/en/conversations/new.data',
      '/fi/viestit/12',
      '/en/conversations/12.data',
      '/fi/henkilokunta/viestit/12',
      '/en/staff/messages/12',
      '/fi/omat-tiedot',
      '/sv/mina-uppgifter.data',
    ]) {
      const answer = await send(path, within, { type: MULTIPART });
      expect(answer.seen, path).toMatchObject({ method: 'POST', marker: null });
    }
    const over = await send('/fi/viestit/uusi', LIMITS.uploadMaxBytes + 1, { type: MULTIPART });
    expect(over.seen).toMatchObject({ method: 'GET', marker: '1' });
  });

  it('applies to the embedded storage PUT', async () => {
    const body = randomBytes(within);
    const answer = await send('/files/upload/token', body, { method: 'PUT', type: 'image/png' });
    expect(answer.seen).toMatchObject({ method: 'PUT', marker: null, body: body.toString('hex') });
  });

  it('does not apply to another form, another page, another spelling of the path or another method', async () => {
    for (const [path, o] of [
      ['/fi/viestit/uusi', { type: 'application/x-www-form-urlencoded' }],
      ['/fi/viestit', { type: MULTIPART }],
      ['/fi/kirjaudu', { type: MULTIPART }],
      ['/FI/viestit/uusi', { type: MULTIPART }],
      ['/fi/Viestit/uusi', { type: MULTIPART }],
      ['/fi/viesti%74/uusi', { type: MULTIPART }],
      ['/fi/viestit/uusi', { type: MULTIPART, method: 'PUT' }],
      ['/files/upload/token', { type: 'image/png', method: 'POST' }],
      ['/api/customer-messaging', { type: MULTIPART }],
    ] as const) {
      const answer = await send(path, within, o);
      expect(answer.seen, `${o.type} ${path}`).toMatchObject({ method: 'GET', marker: '1' });
    }
  });
});

it.each([
  ['on a connection kept alive', ''],
  // What a client without a connection pool sends (Node's with `agent: false`, curl with one
  // request): the server closes after the answer, but only once the body is in, for closing with
  // unread bytes resets the connection and the client, still writing, may lose the answer (the
  // EPIPE of the 20 MiB test of issue 38).
  ['when the client asked to close the connection after the answer', 'Connection: close\r\n'],
])('reads and drops the rest of a body the answer came before, so that a client sending all of it first gets the answer (%s)', async (_, connectionHeader) => {
  // A browser sends its whole body before it reads the answer: a raw socket doing the same.
  const total = 24 * MiB;
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await once(socket, 'connect');
  const answer: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => answer.push(chunk));
  const ended = once(socket, 'end');
  ended.catch(() => {}); // (a reset fails the writes below, which is what the test reports)
  socket.write(
    `POST /fi/viestit/uusi?readAtMost=${64 * KiB} HTTP/1.1\r\nHost: localhost\r\n${connectionHeader}Content-Type: ${MULTIPART}\r\nContent-Length: ${total}\r\n\r\n`,
  );
  const filler = Buffer.alloc(64 * KiB, 'a');
  // (A reset connection fails a write, which rejects this test.)
  for (let sent = 0; sent < total; sent += filler.byteLength) {
    if (!socket.write(filler)) await once(socket, 'drain');
  }
  // All of it was taken (far more than the sockets' buffers hold), and the answer is there.
  await new Promise<void>((resolve) => {
    const check = () => (Buffer.concat(answer).includes('"method":"POST"') ? resolve() : socket.once('data', check));
    check();
  });
  const text = Buffer.concat(answer).toString('utf8');
  expect(text.startsWith('HTTP/1.1 403')).toBe(true);
  // The handler ran, and answered, long before the body was in.
  const seen = JSON.parse(text.slice(text.indexOf('{'))) as Seen;
  expect(seen.bytesRead).toBeLessThan(MiB);
  if (connectionHeader) {
    // The server closed its side once the whole body was in.
    await ended;
    expect(socket.bytesWritten).toBeGreaterThan(total);
  }
  socket.destroy();
});

it('removes the marker from an incoming request', async () => {
  const answer = await send('/fi/kirjaudu', Buffer.from('a=1'), { headers: { [TOO_LARGE_MARKER]: '1' } });
  expect(answer.seen).toMatchObject({ method: 'POST', marker: null, body: Buffer.from('a=1').toString('hex') });
});
