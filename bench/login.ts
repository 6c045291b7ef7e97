/**
 * Logs the demo person in through the real test identification flow, over plain HTTP:
 * /oauth/authenticate → /test-idp/authorize (form) → POST confirm → /oauth/callback → front page.
 */
import { CookieJar } from './cookie-jar';
import { findForm } from './html';
import { bodySnippet, isRedirect, send } from './http';

export const DEMO_PERSON = {
  identityCode: '150385-9024',
  /** The greeting on the Finnish front page once logged in. */
  greeting: 'Hei, Aino!',
} as const;

const SESSION_COOKIE = 'portal_session';
const CSRF_COOKIE = 'portal_csrf';

class LoginError extends Error {
  constructor(step: string, message: string) {
    super(`login failed at ${step}: ${message}`);
    this.name = 'LoginError';
  }
}

/** Expects a redirect to `pathname` and returns its absolute target. */
async function redirectTarget(step: string, response: Response, pathname: string): Promise<URL> {
  const location = response.headers.get('location');
  if (!isRedirect(response.status) || !location) {
    throw new LoginError(step, `expected a redirect to ${pathname}, got ${response.status}: ${await bodySnippet(response)}`);
  }
  const target = new URL(location, response.url);
  if (target.pathname !== pathname) {
    throw new LoginError(step, `expected a redirect to ${pathname}, got ${response.status} → ${location}`);
  }
  await response.body?.cancel();
  return target;
}

async function expectOk(step: string, response: Response): Promise<string> {
  if (response.status !== 200) throw new LoginError(step, `status ${response.status}: ${await bodySnippet(response)}`);
  return response.text();
}

/**
 * Returns a jar holding the logged-in session (plus the CSRF and language cookies a browser would
 * have). Another person's identity code may be given (the greeting is then not checked).
 */
export async function loginDemoPerson(origin: string, identityCode: string = DEMO_PERSON.identityCode): Promise<CookieJar> {
  const jar = new CookieJar();

  const start = new URL('/oauth/authenticate', origin);
  start.search = new URLSearchParams({ lang: 'fi', next: '/fi', acr_values: 'fi-op' }).toString();
  const authorizeUrl = await redirectTarget('authenticate', await send(start, jar), '/test-idp/authorize');

  const formHtml = await expectOk('test identification page', await send(authorizeUrl, jar));
  if (!jar.has(CSRF_COOKIE)) throw new LoginError('test identification page', `no ${CSRF_COOKIE} cookie was set`);
  const form = findForm(formHtml, 'post');
  if (!form) throw new LoginError('test identification page', 'no POST form in the page');
  if (!form.hiddenFields.has('csrf')) throw new LoginError('test identification page', 'the form has no csrf field');

  const fields = new URLSearchParams([...form.hiddenFields]);
  fields.set('identityCode', identityCode);
  fields.set('intent', 'confirm');
  const confirm = await send(new URL(form.action ?? authorizeUrl.href, authorizeUrl), jar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: fields,
  });
  const callbackUrl = await redirectTarget('confirm', confirm, '/oauth/callback');

  const frontUrl = await redirectTarget('callback', await send(callbackUrl, jar), '/fi');
  if (!jar.has(SESSION_COOKIE)) throw new LoginError('callback', `no ${SESSION_COOKIE} cookie was set`);

  const front = await expectOk('front page', await send(frontUrl, jar));
  if (identityCode === DEMO_PERSON.identityCode && !front.includes(DEMO_PERSON.greeting)) {
    throw new LoginError('front page', `the logged-in front page does not contain "${DEMO_PERSON.greeting}"`);
  }
  return jar;
}
