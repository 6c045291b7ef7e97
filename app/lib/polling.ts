/**
 * A page's poll (app/browser/poll.ts) is not the user's activity: its data request carries
 * this header, and the session middleware then leaves the idle timeout alone, so a page left open
 * (a conversation, the list, a pending payment) never keeps an unattended session alive
 * (issue 21; the idle timeout of spec 2 §4, ADR 0003). Anyone may send the header: it can only
 * make one's own session end sooner.
 */
export const POLL_HEADER = 'X-Portal-Poll';

/** Whether a request is a page's poll (a GET marked by app/browser/poll.ts). */
export function isPollRequest(request: Request): boolean {
  return request.method === 'GET' && request.headers.get(POLL_HEADER) === '1';
}
