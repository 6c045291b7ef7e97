/**
 * Request body limits, enforced by server.ts before React Router (or anything else) reads a
 * body: every form and JSON body may be at most REQUEST_BODY_MAX_BYTES, a multipart post to a
 * page that uploads files (and a PUT to the embedded storage's upload URL) at most
 * UPLOAD_BODY_MAX_BYTES.
 *
 *  - A Content-Length over the limit is refused at once, nothing of the body read (and a client
 *    that asks `Expect: 100-continue` is refused before it sends any).
 *  - A body without a length (chunked) is counted as it arrives and cut off as soon as it passes
 *    the limit; it always gets the small limit (browsers send a length with every form and file,
 *    so only a script sends an upload without one). Within the limit it is handed on whole, as
 *    if it had come with its length.
 *
 * A refused request is answered by the app, so that the answer is the translated 413 page (or
 * a JSON 413 on the JSON routes): the request is turned into a GET carrying TOO_LARGE_MARKER (a
 * header only this server sets; incoming copies are removed) and the root middleware throws the
 * 413. The connection is closed after the answer (after a short linger, see LINGER_MS), so the
 * rest of the body is never read into memory.
 *
 * A body within its limit that the app answers before reading it to the end (the CSRF check
 * refuses an upload after its first field) is read on and dropped after the answer, so that the
 * browser, which sends all of it before it reads the answer, gets the answer (discardRest); a
 * connection that is to close after the answer is closed once that rest is in (closeAfterBody).
 * The limits' defaults and reasons: app/env.server.ts.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { LANGUAGES } from '~/i18n/config';
import { PAGES, type PageKey } from '~/route-table';

/** Set only by server.ts on a request whose body was over its limit; read by the root middleware. */
export const TOO_LARGE_MARKER = 'x-portal-too-large';

export interface BodyLimits {
  /** REQUEST_BODY_MAX_BYTES: forms and JSON. */
  maxBytes: number;
  /** UPLOAD_BODY_MAX_BYTES: multipart posts to the pages that upload files, storage PUTs. */
  uploadMaxBytes: number;
}

/**
 * The pages whose forms upload files: the message forms (new conversation, a conversation, the
 * staff's thread) and my information (the Kela card without JS).
 */
const UPLOAD_PAGES = ['conversationNew', 'conversation', 'staffThread', 'myInformation'] as const satisfies readonly PageKey[];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The upload pages' paths in every language, exactly as the route table writes them (a form
 * posted with JavaScript goes to the same path plus `.data`). Another spelling of the path gets
 * the small limit: failing closed.
 */
const UPLOAD_PAGE_PATHS: readonly RegExp[] = UPLOAD_PAGES.flatMap((key) =>
  LANGUAGES.flatMap((lang) => {
    const path = PAGES[key].paths[lang as keyof (typeof PAGES)[typeof key]['paths']] as string | undefined;
    if (path === undefined) return [];
    const pattern = `/${lang}/${path}`
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
      .join('/');
    return [new RegExp(`^${pattern}(?:\\.data)?$`)];
  }),
);

/** The embedded storage's signed upload URL (routes/files/upload.ts). */
const STORAGE_UPLOAD_PATH = /^\/files\/upload\/[^/]+$/;

function isMultipart(contentType: string | undefined): boolean {
  return (contentType ?? '').trim().toLowerCase().startsWith('multipart/form-data');
}

/** The limit of a body sent with its length to this method and path. */
function bodyLimitFor(method: string, pathname: string, contentType: string | undefined, limits: BodyLimits): number {
  if (method === 'PUT' && STORAGE_UPLOAD_PATH.test(pathname)) return limits.uploadMaxBytes;
  if (method === 'POST' && isMultipart(contentType) && UPLOAD_PAGE_PATHS.some((path) => path.test(pathname))) return limits.uploadMaxBytes;
  return limits.maxBytes;
}

/** Whether a refused request is answered in JSON (the API and the storage's upload URL) rather than with a page. */
export function answersJson(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/files/');
}

function pathnameOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // An absolute-form request target (`POST http://host/path`).
  return path.startsWith('/') ? path : new URL(path, 'http://localhost').pathname;
}

/** The declared length, or null for a body without one (chunked) or no body at all. */
function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers['content-length'];
  return header === undefined ? null : Number(header);
}

const hasChunkedBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined && req.headers['content-length'] === undefined;

/** Whether the request's declared length is over its limit (the answer to `Expect: 100-continue`). */
function declaredTooLarge(req: IncomingMessage, limits: BodyLimits): boolean {
  const length = declaredLength(req);
  return length !== null && length > bodyLimitFor(req.method ?? 'GET', pathnameOf(req), req.headers['content-type'], limits);
}

/**
 * How long the connection of a refused request stays open after the answer, what arrives
 * meanwhile thrown away unread, before it is closed. Closing a socket that still has incoming
 * bytes resets the connection at once, and a client that is still sending then often loses the
 * answer (a write error before it reads the 413); a short linger lets it read the answer first
 * (what nginx and Apache do: lingering close). The client closes sooner once it has the answer.
 */
const LINGER_MS = 2000;

/**
 * Turns a request whose body is too large into a GET that the app answers with 413, and closes
 * the connection after the answer (`Connection: close`), lingering (LINGER_MS) rather than
 * reading the rest of the body.
 */
function refuse(req: IncomingMessage, res: ServerResponse): void {
  req.method = 'GET';
  req.headers[TOO_LARGE_MARKER] = '1';
  delete req.headers['content-length'];
  delete req.headers['transfer-encoding'];
  delete req.headers['content-type'];
  res.setHeader('Connection', 'close');
  const socket = req.socket;
  // Node calls destroySoon() once a `Connection: close` answer is written: end our side now,
  // destroy the socket when the client closes or the linger is over. (The request is dumped by
  // then: what still arrives is parsed and dropped, never kept.)
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/**
 * Counts a chunked body as Node's HTTP parser hands it over (the parser calls the request's
 * `push` with every piece and `push(null)` at the end) and keeps it aside instead of letting
 * the request's stream buffer it. Within the limit the whole body is pushed on when it is
 * complete, with its Content-Length, and `done(true)` is called; past the limit what was kept
 * is dropped, the socket stops being read (`push` answers false) and `done(false)` is called.
 */
function holdChunkedBody(req: IncomingMessage, limit: number, done: (withinLimit: boolean) => void): void {
  // (Express runs this as the request's headers arrive, before any of its body; should the
  // whole body be in already, it is in the stream's buffer and only needs to be measured.)
  if (req.complete) return done(req.readableLength <= limit);
  const push = req.push.bind(req);
  const kept: Buffer[] = [];
  // Whatever the stream already holds counts too (it stays in front of the rest).
  let size = req.readableLength;
  let state: 'reading' | 'over' | 'done' = 'reading';
  req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (state === 'done') return push(chunk, encoding);
    if (chunk === null) {
      if (state === 'over') return false;
      state = 'done';
      req.push = push;
      const body = Buffer.concat(kept);
      kept.length = 0;
      req.headers['content-length'] = String(size);
      delete req.headers['transfer-encoding'];
      if (body.byteLength > 0) push(body);
      push(null);
      // (After the parser's callback, not inside it.)
      process.nextTick(done, true);
      return false;
    }
    if (state === 'over') return false;
    const piece = Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk as Uint8Array);
    size += piece.byteLength;
    if (size > limit) {
      state = 'over';
      kept.length = 0;
      process.nextTick(done, false);
      return false;
    }
    kept.push(piece);
    return true;
  };
}

/**
 * After an answer given before the body was read to its end (the CSRF check refused an upload
 * after its first fields, a lapsed session was redirected, a thread was not found): the rest of
 * the body, which is within its limit, is read and thrown away (nothing keeps it). A browser
 * sends its whole body before it reads the answer: were the rest left unread, the upload would
 * stall until the server's request timeout and the answer never be seen.
 */
function discardRest(req: IncomingMessage): void {
  if (req.complete) return;
  req.removeAllListeners('data');
  req.resume();
}

/**
 * When the connection is to close after the answer (the client asked for `Connection: close`,
 * or the server is stopping) and the answer came before the body, within its limit, was read to
 * its end: the connection is closed once the rest is in (discardRest reads it), not at once.
 * Closing a socket with unread bytes resets the connection, and a client still writing its body
 * then gets a write error and often loses the answer (issue 38: the EPIPE of the 20 MiB test).
 * The server's request timeout still bounds how long the rest may take.
 */
function closeAfterBody(req: IncomingMessage): void {
  const socket = req.socket;
  socket.destroySoon = () => {
    // (The prototype's: a later request on a kept-alive connection sets its own.)
    const close = () => Socket.prototype.destroySoon.call(socket);
    if (req.complete) return close();
    req.once('end', close);
  };
}

/**
 * The Express (connect) middleware: must run before anything reads a body. Removes incoming
 * copies of TOO_LARGE_MARKER; passes a body within its limit on untouched (a chunked one once
 * it is complete) and refuses one over it.
 */
export function limitRequestBodies(limits: BodyLimits) {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    delete req.headers[TOO_LARGE_MARKER];
    if (hasChunkedBody(req)) {
      holdChunkedBody(req, limits.maxBytes, (withinLimit) => {
        if (withinLimit) return next();
        refuse(req, res);
        next();
      });
      return;
    }
    if (declaredTooLarge(req, limits)) {
      refuse(req, res);
      return next();
    }
    if (declaredLength(req)) {
      res.once('finish', () => discardRest(req));
      closeAfterBody(req);
    }
    next();
  };
}

/**
 * Answers `Expect: 100-continue` (curl asks it for any body over 1 KB): the client is told to
 * send its body only when the length it declares is within the limit; otherwise the request
 * goes on without it and is refused, and the body is never sent.
 */
export function answerExpectContinue(server: Server, limits: BodyLimits): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!declaredTooLarge(req, limits)) res.writeContinue();
    server.emit('request', req, res);
  });
}
