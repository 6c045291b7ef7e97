/** Helpers for the JSON resource routes. */
import { authContext, type Auth } from '~/context';
import type { RouterContextProvider } from 'react-router';

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

/** Reads a form or JSON body into a plain object. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const body: unknown = await request.json().catch(() => null);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  }
  if (type.includes('form')) return Object.fromEntries(await request.formData());
  return {};
}

export function methodNotAllowed(allow: string): Response {
  return new Response(null, { status: 405, headers: { Allow: allow } });
}
