/**
 * Error reports (ADR 0038), only when a DSN is configured: an error thrown by the page's script
 * (its errors name the document; extensions' and other origins' do not) is posted to the DSN's
 * envelope endpoint as its class, line and column and the route id, never its message, the URL
 * or a stack; three per page at most.
 */
export interface ReportConfig {
  /** Sentry's envelope endpoint of the DSN. */
  url: string;
  route: string;
  environment: string;
}

export function installReporter(r: ReportConfig): void {
  let left = 3;
  window.addEventListener('error', (e: ErrorEvent) => {
    if (left <= 0 || (e.filename || '').split('#')[0] !== window.location.href.split('#')[0]) return;
    left -= 1;
    const name = e.error && typeof e.error.name === 'string' && /^\w{1,64}$/.test(e.error.name) ? (e.error.name as string) : 'Error';
    let id = '';
    while (id.length < 32) id += Math.floor(Math.random() * 16).toString(16);
    const event = {
      event_id: id,
      platform: 'javascript',
      level: 'error',
      environment: r.environment,
      transaction: r.route,
      tags: { document: 'plain' },
      exception: {
        values: [
          {
            type: name,
            value: '(message withheld)',
            mechanism: { type: 'onerror', handled: false },
            stacktrace: { frames: [{ filename: 'inline-script', lineno: e.lineno, colno: e.colno, in_app: true }] },
          },
        ],
      },
    };
    const body = JSON.stringify({ event_id: id }) + '\n' + JSON.stringify({ type: 'event' }) + '\n' + JSON.stringify(event);
    fetch(r.url, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {
      // Nowhere to report that a report failed.
    });
  });
}
