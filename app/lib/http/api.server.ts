/** Helpers for the JSON resource routes. */
import type { RouterContextProvider } from 'react-router';
import { authContext, type Auth } from '~/context';
import { env } from '~/env.server';
import { readMultipartForm, type MultipartLimits } from './form-stream.server';

/** JSON answers are personal: never cached. */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** The logged-in user, or a 401 JSON answer. */
export function requireApiAuth(context: Readonly<RouterContextProvider>): Auth {
  const auth = context.get(authContext);
  if (!auth) throw json({ type: 'unauthorized' }, 401);
  return auth;
}

/**
 * The body as text, read as a stream and at most `maxBytes` (REQUEST_BODY_MAX_BYTES) of it: a
 * longer one is a JSON 413. (server.ts refuses such a body before the route runs; this keeps
 * the JSON routes bounded wherever they run.)
 */
export async function readTextBody(request: Request, maxBytes = env().REQUEST_BODY_MAX_BYTES): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > maxBytes) throw json({ type: 'tooLarge' }, 413);
      chunks.push(next.value);
    }
  } finally {
    // Not cancelled: that would close the connection before the answer.
    reader.releaseLock();
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads a form or JSON body (at most REQUEST_BODY_MAX_BYTES, see readTextBody) into a plain object. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const text = await readTextBody(request);
    try {
      const body: unknown = JSON.parse(text);
      return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(await readTextBody(request)));
  if (type.includes('multipart/form-data')) {
    const { formData } = await readMultipartForm(request, API_FORM_LIMITS).catch(() => ({ formData: new FormData() }));
    return Object.fromEntries(formData);
  }
  return {};
}

/** The JSON routes' forms have a few short fields and no files. */
const API_FORM_LIMITS: MultipartLimits = { maxFieldBytes: 64 * 1024, maxFields: 100, maxFiles: 0, maxFileBytes: 0, maxTotalFileBytes: 0 };

export function methodNotAllowed(allow: string): Response {
  return new Response(null, { status: 405, headers: { Allow: allow } });
}
