/**
 * The HTTP side of the embedded storage's signed URLs, shared by the resource routes
 * `PUT /files/upload/:token` and `GET /files/:token` (and their tests).
 *
 * Both need the session of the user the URL was minted for: the URL alone is not enough, so a
 * leaked URL is useless to anyone else. Anything that is not exactly right (no session, someone
 * else's object, a bad or expired signature, a used upload URL) is a plain 404.
 */
import type { Auth } from '~/context';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { acceptUpload, openDownload, type AccessOptions, type Storage, type UploadRefusal, type UploadTarget } from './storage.server';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' } });
}

const REFUSAL_STATUS: Record<Exclude<UploadRefusal, 'not-found'>, number> = {
  'wrong-content-type': 415,
  'type-not-allowed': 415,
  'content-mismatch': 415,
  'too-large': 413,
};

export async function uploadResponse(
  db: Db,
  store: Storage,
  request: Request,
  auth: Auth | null,
  token: string | undefined,
  now = clock.now(),
): Promise<Response> {
  if (request.method !== 'PUT') return new Response(null, { status: 405, headers: { Allow: 'PUT' } });
  const result = await acceptUpload(
    db,
    store,
    {
      token,
      userId: auth?.person.id ?? null,
      contentType: request.headers.get('Content-Type'),
      contentLength: request.headers.get('Content-Length'),
      body: request.body,
    },
    now,
  );
  if (result.ok) return Response.json({ type: 'ok' }, { headers: NO_STORE });
  if (result.reason === 'not-found') return notFound();
  return Response.json({ type: result.reason }, { status: REFUSAL_STATUS[result.reason], headers: NO_STORE });
}

export async function downloadResponse(
  db: Db,
  store: Storage,
  auth: Auth | null,
  token: string | undefined,
  now = clock.now(),
  access: AccessOptions = {},
): Promise<Response> {
  const response = await openDownload(db, store, { token, userId: auth?.person.id ?? null }, now, access);
  return response ?? notFound();
}

/**
 * What the browser needs to PUT the bytes: the target's URL and headers, plus the session's
 * CSRF token when the target is our own route (the portal's CSRF check covers every PUT).
 */
export function clientUpload(target: UploadTarget, csrfToken: string): UploadTarget {
  if (!target.url.startsWith('/')) return target;
  return { ...target, headers: { ...target.headers, 'X-CSRF-Token': csrfToken } };
}
