/** Small helpers every route module uses on the server. */
import type { TFunction } from 'i18next';
import { data, type RouterContextProvider } from 'react-router';
import { brand } from '~/brands';
import { authContext, portalContext, type Auth } from '~/context';
import { getInstance } from '~/i18n/i18n.server';

export function serverT(context: Readonly<RouterContextProvider>): TFunction {
  const { lang } = context.get(portalContext);
  return getInstance(context).getFixedT(lang);
}

/** "<text> – <brand> patient portal", in the request's language. */
export function titleWith(context: Readonly<RouterContextProvider>, text: string): string {
  const { brand: brandKey } = context.get(portalContext);
  return `${text} – ${serverT(context)('meta.titleSuffix', { brand: brand(brandKey).name })}`;
}

/** The title of a page whose name is the translation `key`. */
export function pageTitle(context: Readonly<RouterContextProvider>, key: string): string {
  return titleWith(context, serverT(context)(key));
}

/** The logged-in user; the page-access middleware has already redirected anonymous visitors. */
export function requireAuth(context: Readonly<RouterContextProvider>): Auth {
  const auth = context.get(authContext);
  if (!auth) throw data({ error: 'unauthorized' }, { status: 401 });
  return auth;
}

/** Throws a 404 response unless the condition holds (ids of others' data are never confirmed). */
export function invariantResponse(condition: unknown, status = 404): asserts condition {
  if (!condition) throw data({ error: status === 404 ? 'notFound' : 'error' }, { status });
}
