/**
 * The HTTP side of the per-person rate limits (app/services/security/person-limits.server.ts):
 * the general limit on a logged-in person's mutations, which the root middleware applies, and
 * the 429 answers. APIs get JSON with Retry-After (the GraphQL API in its own
 * `{ error: { type } }` shape, spec 1 §8; the others as `{ type }`, spec 2 §7); pages get the
 * translated "Too many attempts" page from their error boundary, with Retry-After (through
 * `retryAfterContext`, see noteRetryAfter).
 */
import { data, type RouterContextProvider } from 'react-router';
import { retryAfterContext } from '~/context';
import type { Db } from '~/services/db/db.server';
import { hitPersonLimit } from '~/services/security/person-limits.server';

const GRAPHQL_PATH = '/api/customer-messaging';

/** The seconds of a Retry-After header. */
export const retryAfterHeader = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });

/**
 * Notes when a page's person may try again; the session middleware puts it into the 429
 * answer's Retry-After (React Router keeps only cookies of an action's or a thrown answer's
 * headers on a page).
 */
export function noteRetryAfter(context: Readonly<RouterContextProvider>, seconds: number): void {
  context.set(retryAfterContext, Math.max(1, Math.ceil(seconds)));
}

/** Minutes to show a person ("in about N minutes"): never 0. */
export const retryAfterMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The JSON 429 of the GraphQL API. */
export function graphqlTooManyRequests(retryAfterSeconds: number): Response {
  return Response.json(
    { error: { type: 'TooManyRequests', retryAfterSeconds } },
    { status: 429, headers: { 'Cache-Control': 'no-store', ...retryAfterHeader(retryAfterSeconds) } },
  );
}

/** The JSON 429 of the other APIs. */
export function apiTooManyRequests(retryAfterSeconds: number): Response {
  return Response.json(
    { type: 'too-many-requests', retryAfterSeconds },
    { status: 429, headers: { 'Cache-Control': 'no-store', ...retryAfterHeader(retryAfterSeconds) } },
  );
}

const isApi = (pathname: string) => pathname.startsWith('/api/') || pathname.startsWith('/files/');

/**
 * Counts one logged-in mutation for the person; over the limit throws the 429 for this path
 * (a Response for APIs and files, the error boundary's 429 for pages).
 */
export async function limitPersonPosts(db: Db, personId: string, pathname: string, context: Readonly<RouterContextProvider>): Promise<void> {
  const limit = await hitPersonLimit(db, 'posts', personId);
  if (limit.allowed) return;
  // (React Router matches paths case-insensitively: so does this.)
  const path = pathname.toLowerCase();
  if (path === GRAPHQL_PATH) throw graphqlTooManyRequests(limit.retryAfterSeconds);
  if (isApi(path)) throw apiTooManyRequests(limit.retryAfterSeconds);
  noteRetryAfter(context, limit.retryAfterSeconds);
  throw data({ error: 'tooManyRequests' }, { status: 429, headers: retryAfterHeader(limit.retryAfterSeconds) });
}
