/**
 * In-app scope: the provider's mobile app opens the portal in a web view through
 * /{lang}/in-app?next=…. The scope lives on the session (sessionScope inAppBooking) and, before
 * login, in this browser-session cookie that the login carries over to the new session.
 */
import { createCookie } from 'react-router';

export const inAppCookie = createCookie('portal_inapp', { path: '/', httpOnly: true, sameSite: 'lax' });
