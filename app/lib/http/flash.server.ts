/**
 * Flash messages: set by an action together with its redirect, read and cleared by the root
 * middleware, rendered by the server in a role="status" region (so they work without JS).
 */
import { createCookie } from 'react-router';
import type { FlashMessage } from '~/context';
import { sessionSecret } from '~/env.server';
import { isTextKey } from '~/i18n/i18n.server';

export const flashCookie = createCookie('portal_flash', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 120,
  secrets: [sessionSecret()],
});

export async function readFlash(request: Request): Promise<FlashMessage | null> {
  const value: unknown = await flashCookie.parse(request.headers.get('Cookie'));
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<FlashMessage>;
  // A key no longer in the texts (a cookie set before a deploy) is dropped rather than shown as a key.
  return isTextKey(v.key) && (v.type === 'success' || v.type === 'info' || v.type === 'error')
    ? { type: v.type, key: v.key, values: v.values, withPhone: v.withPhone === true, durationMs: v.durationMs }
    : null;
}

async function flashHeader(message: FlashMessage): Promise<string> {
  return flashCookie.serialize(message);
}

export async function clearFlashHeader(): Promise<string> {
  return flashCookie.serialize('', { maxAge: 0 });
}

/** A 303 redirect that shows `message` on the next page. */
export async function redirectWithFlash(to: string, message: FlashMessage, headers = new Headers()) {
  headers.append('Set-Cookie', await flashHeader(message));
  headers.set('Location', to);
  return new Response(null, { status: 303, headers });
}
