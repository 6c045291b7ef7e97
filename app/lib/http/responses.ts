/**
 * The one way a route answers "not found" (issue 28). A page route throws `notFound()`: the
 * root error boundary renders its 404 view (the data is never shown, ids of others' data are
 * never confirmed). A resource route without a page (test fixtures, PDFs) answers
 * `notFoundText()`, a plain-text 404. The JSON API routes answer their spec's JSON body with
 * `json({ type: … }, 404)` from `api.server.ts`, which differs per route by the spec.
 */
import { data } from 'react-router';

/** The 404 a page route throws (or returns): rendered by the root error boundary. */
export function notFound() {
  return data({ error: 'notFound' as const }, { status: 404 });
}

/** The plain-text 404 of a resource route that has no page ("Not found"). */
export function notFoundText(): Response {
  return new Response('Not found', { status: 404 });
}

/** A plain-text answer to a server-to-server call (the payment provider's callbacks), never cached. */
export function plainText(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
}
