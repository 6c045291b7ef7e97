/**
 * Page access (ADR 0005, issue 21): the route table's rule for a page (`pageRefusal`: the brand
 * has it, a `user` page needs a login, a flagged page needs its flag) turned into the answer: 404,
 * or the login page (the session-timed-out page when the session lapsed) with the way back.
 *
 * The root middleware applies it to the page of the route React Router matched
 * (app/route-match.ts). Loaders and actions of flagged and brand-only pages apply it again to the
 * page they serve (`requirePage`), so that a matching mistake cannot expose them.
 */
import { redirect, type RouterContextProvider } from 'react-router';
import type { BrandKey } from '~/brands';
import { authContext, expiredSessionContext, portalContext } from '~/context';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import type { Features } from '~/models/features';
import { notFound } from '~/lib/http/responses';
import { loginPageOf, pagePath, pageRefusal, type PageKey } from '~/route-table';

export interface PageVisitor {
  brand: BrandKey;
  /** The language of the login or timed-out page a refused visitor is sent to. */
  language: Language;
  /** The logged-in user's flags; null for an anonymous visitor. */
  features: Readonly<Features> | null;
  /**
   * The session cookie no longer works because a time limit ended it (idle, absolute): the
   * timed-out page explains that. A session ended on purpose (log-out, or "my devices" on another
   * device) is not: its visitor goes to the login page (ADR 0032).
   */
  expired: boolean;
}

/** Whether the session ended by a time limit (the timed-out page), as opposed to being ended on purpose or never there. */
export function timedOut(reason: 'idle' | 'absolute' | 'revoked' | null): boolean {
  return reason === 'idle' || reason === 'absolute';
}

/**
 * Throws the refusal of page `key` to this visitor, if any. `url` is the request's normalized URL
 * (React Router's `url` argument: no `.data` suffix), where the visitor comes back to after login.
 */
export function enforcePageAccess(key: PageKey, visitor: PageVisitor, url: URL): void {
  const refusal = pageRefusal(key, visitor.brand, visitor.features);
  if (refusal === 'notFound') throw notFound();
  if (refusal === 'login') {
    const back = `${url.pathname}${url.search}`;
    if (visitor.expired) throw redirect(pagePath('expiredSession', visitor.language, {}, new URLSearchParams({ next: back })));
    // A page with its own landing for anonymous visitors (the occupational list, spec 3 §2) gets
    // its query string there; the landing's sign-in comes back to the page with it.
    const landing = loginPageOf(key);
    if (landing !== 'login') throw redirect(pagePath(landing, visitor.language, {}, url.search));
    throw redirect(pagePath('login', visitor.language, {}, new URLSearchParams({ nextPath: back })));
  }
}

/**
 * The guard of a flagged or brand-only page's loader and action: the page's own rule again (brand
 * from the configuration, flags of the logged-in user), whatever the middleware matched.
 */
export function requirePage({ context, url }: { context: Readonly<RouterContextProvider>; url: URL }, key: PageKey): void {
  enforcePageAccess(
    key,
    {
      brand: env().BRAND,
      language: context.get(portalContext).lang,
      features: context.get(authContext)?.features ?? null,
      expired: timedOut(context.get(expiredSessionContext)),
    },
    url,
  );
}
