/**
 * The root middleware chain. In order: language (remix-i18next), session, CSRF + rate limits
 * on mutations, page access (brand, feature flag, login), flash messages and response headers.
 * Route modules then read everything from the context.
 */
import { data, redirect, type MiddlewareFunction } from 'react-router';
import { authContext, expiredSessionContext, flashContext, portalContext, requestInfoContext, retryAfterContext, type Auth } from '~/context';
import { env } from '~/env.server';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '~/i18n/config';
import { getLocale, languageCookie } from '~/i18n/i18n.server';
import { pageOfRoute } from '~/route-match';
import { languageOfPath, pagePath } from '~/route-table';
import { lookupSessionContext, touchSession } from '~/services/auth/session.server';
import { clearSessionCookie, readSessionToken } from '~/lib/http/session-cookie.server';
import { getDb } from '~/services/db/db.server';
import { evaluateFeatures } from '~/services/features/features.server';
import { clearFlashHeader, flashCookie, readFlash } from '~/lib/http/flash.server';
import { logger } from '~/services/observability/logger.server';
import { anonymousCsrf, CsrfFailure, isMutation, verifyCsrf } from '~/lib/http/csrf.server';
import { TEST_SERVICE_TOKEN_PATH } from '~/services/people/e-authorizations/test-service.server';
import { withActingScope } from '~/services/audit/access-log.server';
import { mandateStillValid, stopActing } from '~/services/people/e-authorizations/acting-for.server';
import { eAuthorizations } from '~/services/people/e-authorizations/e-authorizations.server';
import { companyMandateStillValid, stopCompanyMandate } from '~/services/people/e-authorizations/company-mandate.server';
import { hitRateLimit } from '~/services/security/rate-limit.server';
import { inAppCookie } from '~/lib/http/in-app-cookie.server';
import { enforcePageAccess, timedOut } from '~/lib/http/page-access.server';
import { limitPersonPosts } from '~/lib/http/person-limits.server';
import { TEST_BANK_PATH } from '~/services/billing/test-provider.server';
import { isPollRequest } from '~/lib/polling';
import { json } from '~/lib/http/api.server';
import { answersJson, TOO_LARGE_MARKER } from '~/lib/http/body-limit.server';

const TEN_MINUTES = 600;

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const db = await getDb();
  const lookup = await lookupSessionContext(db, await readSessionToken(request));
  let clearCookie = false;
  if (lookup.status === 'active') {
    // A page's poll is not activity: it must not keep an unattended session alive (issue 21).
    const session = isPollRequest(request) ? lookup.row : await touchSession(db, lookup.row);
    const features = evaluateFeatures(env().FEATURES, lookup.featureOverrides);
    const auth: Auth = { session, person: lookup.person, wards: lookup.wards, features, isHrUser: lookup.isHrUser, actingFor: null };
    // Acting for another adult (ADR 0050): Suomi.fi is asked again on every request; a lapsed
    // mandate (or an expired Web API session, or no answer) ends it here, before any data is read.
    if (lookup.acting) {
      const { principal, ...rest } = lookup.acting;
      const adapter = eAuthorizations(context.get(requestInfoContext).origin);
      if (await mandateStillValid(adapter, { principalIdentityCode: principal.identityCode, ...rest })) {
        auth.actingFor = { person: { id: principal.id, firstName: principal.firstName, lastName: principal.lastName }, issues: rest.issues };
      } else {
        await stopActing(db, session.idHash);
      }
    }
    // Representing a company on a YPA mandate (ADR 0050): asked again on every request, likewise.
    if (lookup.companyMandate) {
      const { companyName, ...mandate } = lookup.companyMandate;
      if (await companyMandateStillValid(db, eAuthorizations(context.get(requestInfoContext).origin), mandate)) {
        auth.actingForCompany = { contractId: mandate.contractId, name: companyName };
        auth.isHrUser = true;
      } else {
        await stopCompanyMandate(db, session.idHash);
      }
    }
    context.set(authContext, auth);
  } else if (lookup.status === 'expired') {
    context.set(expiredSessionContext, lookup.reason);
    clearCookie = lookup.reason === 'revoked';
  }
  const acting = context.get(authContext)?.actingFor;
  const auth = context.get(authContext);
  const response = acting && auth ? await withActingScope({ delegateId: auth.person.id, principalId: acting.person.id }, () => next()) : await next();
  if (clearCookie) response.headers.append('Set-Cookie', await clearSessionCookie());
  // A page refused by a per-person limit (the portal middleware or an action) says when to retry.
  const retryAfter = context.get(retryAfterContext);
  if (retryAfter !== null && response.status === 429) response.headers.set('Retry-After', String(retryAfter));
  return response;
};

/**
 * `url` is React Router's normalized URL (no `.data` suffix, no `_routes`); `pattern` and `params`
 * name the route React Router matched, so page access is decided for the route that will run,
 * however the path was spelled (case, percent-encoding, trailing slashes; issue 21).
 */
export const portalMiddleware: MiddlewareFunction<Response> = async ({ request, context, url, pattern, params }, next) => {
  const page = pageOfRoute(pattern, params);
  const lang = getLocale(context);
  const language: Language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const auth = context.get(authContext);
  const info = context.get(requestInfoContext);
  const e = env();

  // CSRF token for this visitor: the session's own, or the anonymous double-submit cookie.
  let csrfToken: string;
  let csrfCookie: string | null = null;
  if (auth) csrfToken = auth.session.csrfToken;
  else [csrfToken, csrfCookie] = await anonymousCsrf.commitToken(request);

  // server.ts turns a request whose body is over its limit into a GET with this marker.
  if (request.headers.get(TOO_LARGE_MARKER)) {
    logger.warn({ reason: 'body-too-large' }, 'request refused');
    if (answersJson(url.pathname)) throw json({ type: 'tooLarge' }, 413);
    throw data({ error: 'tooLarge' }, { status: 413 });
  }

  // server.ts turns cross-origin mutations into GETs with this marker (see FORBIDDEN_MARKER).
  if (request.headers.get('x-portal-forbidden')) {
    logger.warn({ reason: 'origin', path: url.pathname }, 'csrf check failed');
    throw data({ error: 'forbidden' }, { status: 403 });
  }

  // The test payment provider's bank page stands for the provider's site, which never gets our
  // CSRF token (issue 21); it checks the provider's own signature instead.
  // So is the test e-Authorizations service's token endpoint (ADR 0050): the portal's own server
  // calls it, authenticated with the client's OAuth password, as it calls Suomi.fi's.
  const providerPage =
    (e.PAYMENTS === 'test' && url.pathname === TEST_BANK_PATH) || (e.E_AUTHORIZATIONS === 'test' && url.pathname === TEST_SERVICE_TOKEN_PATH);
  if (isMutation(request) && !providerPage) {
    const expired = context.get(expiredSessionContext);
    // SMS-code re-identification (ADR 0012) is for exactly these visitors: its posts go on.
    const resuming = page?.key === 'smsAuthentication' || pattern.replace(/^\/+/, '') === 'api/pin';
    if (!auth && timedOut(expired) && !resuming) {
      throw redirect(pagePath('expiredSession', language, {}, new URLSearchParams({ next: url.pathname })), 303);
    }
    // A session ended on purpose (another device ended it from "my devices", ADR 0032): log in again.
    if (!auth && expired === 'revoked') {
      throw redirect(pagePath('login', language, {}, new URLSearchParams({ nextPath: url.pathname })), 303);
    }
    if (!auth) {
      const db = await getDb();
      const limit = await hitRateLimit(db, `anon-post:${info.clientIp}`, e.RATE_LIMIT_ANONYMOUS_POSTS_PER_10_MIN, TEN_MINUTES);
      if (!limit.allowed) {
        throw data({ error: 'tooManyRequests' }, { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } });
      }
    }
    try {
      await verifyCsrf(request, info.origin, auth?.session.csrfToken ?? null);
    } catch (error) {
      if (!(error instanceof CsrfFailure)) throw error;
      logger.warn({ reason: error.reason, path: url.pathname }, 'csrf check failed');
      throw data({ error: 'forbidden' }, { status: 403 });
    }
    // Per-person limit on a logged-in person's mutations (issue 21), after CSRF: a forged post
    // cannot use up someone's allowance.
    if (auth) await limitPersonPosts(await getDb(), auth.person.id, url.pathname, context);
  }

  if (page)
    enforcePageAccess(page.key, { brand: e.BRAND, language, features: auth?.features ?? null, expired: timedOut(context.get(expiredSessionContext)) }, url);

  const inApp = auth?.session.scope === 'inAppBooking' || (await inAppCookie.parse(request.headers.get('Cookie'))) === '1';
  context.set(portalContext, { lang: language, brand: e.BRAND, page, csrfToken, inApp });

  const flash = await readFlash(request);
  context.set(flashContext, flash);

  const response = await next();

  if (csrfCookie) response.headers.append('Set-Cookie', csrfCookie);
  const setsFlash = (response.headers.get('Set-Cookie') ?? '').includes(`${flashCookie.name}=`);
  if (flash && !setsFlash && response.status < 300) {
    response.headers.append('Set-Cookie', await clearFlashHeader());
  }
  const pathLang = languageOfPath(url.pathname);
  if (pathLang && (await languageCookie.parse(request.headers.get('Cookie'))) !== pathLang) {
    response.headers.append('Set-Cookie', await languageCookie.serialize(pathLang));
  }
  // Pages may hold personal data and carry per-visitor tokens: never store them in any cache.
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
  return response;
};
