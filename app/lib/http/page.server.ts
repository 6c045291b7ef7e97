/** Small helpers every route module uses on the server. */
import { data, redirect, type RouterContextProvider } from 'react-router';
import { brand } from '~/brands';
import { authContext, portalContext, type Auth } from '~/context';
import { fixedT } from '~/i18n/i18n.server';
import type { TextKey } from '~/i18n/keys';
import type { TFunction } from '~/i18n/translate';
import { notFound } from '~/lib/http/responses';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { pagePath } from '~/route-table';

export function serverT(context: Readonly<RouterContextProvider>): TFunction {
  return fixedT(context, context.get(portalContext).lang);
}

/** "<text> – <brand> patient portal", in the request's language. */
export function titleWith(context: Readonly<RouterContextProvider>, text: string): string {
  const { brand: brandKey } = context.get(portalContext);
  return `${text} – ${serverT(context)('meta.titleSuffix', { brand: brand(brandKey).name })}`;
}

/** The title of a page whose name is the translation `key`. */
export function pageTitle(context: Readonly<RouterContextProvider>, key: TextKey): string {
  return titleWith(context, serverT(context)(key));
}

/** The logged-in user; the page-access middleware has already redirected anonymous visitors. */
export function requireAuth(context: Readonly<RouterContextProvider>): Auth {
  const auth = context.get(authContext);
  if (!auth) throw data({ error: 'unauthorized' }, { status: 401 });
  return auth;
}

/** The request's `next` parameter when it is one of our own paths (else null). */
export function nextParam(request: Request): string | null {
  return safeRedirectPath(new URL(request.url).searchParams.get('next'), '') || null;
}

/**
 * The logged-in user who is a registered patient. Anyone else registers first and comes back to
 * this very address (`next`), e.g. the patient data consent on the way to a reservation.
 */
export function requirePatient(context: Readonly<RouterContextProvider>, request: Request): Auth {
  const auth = requireAuth(context);
  if (!auth.person.isPatient) {
    const { lang } = context.get(portalContext);
    const url = new URL(request.url);
    throw redirect(pagePath('registration', lang, {}, new URLSearchParams({ next: `${url.pathname}${url.search}` })), 303);
  }
  return auth;
}

/**
 * The logged-in user who is not yet a patient (registration). A patient never sees the form
 * again: they continue to a safe `next` (the reservation they were making) or the front page.
 */
export function requireNoPatient(context: Readonly<RouterContextProvider>, request: Request): Auth {
  const auth = requireAuth(context);
  if (auth.person.isPatient) throw redirect(nextParam(request) ?? pagePath('front', context.get(portalContext).lang), 303);
  return auth;
}

/** Throws a 404 response unless the condition holds (ids of others' data are never confirmed). */
export function invariantResponse(condition: unknown, status = 404): asserts condition {
  if (!condition) throw status === 404 ? notFound() : data({ error: 'error' }, { status });
}
