/**
 * React Router's server instrumentation for the request metrics (ADR 0038,
 * services/observability/metrics.server.ts), exported by entry.server.tsx as `instrumentations`:
 * every route's pattern is recorded with its id as React Router builds its routes, and every
 * request it answers is counted and timed under the id of the route it matched — never under
 * the URL, whose path parameters are ids, codes and tokens. Only the request handler is wrapped.
 */
import type { ServerInstrumentation } from 'react-router';
import { recordRequest, recordRoutePattern } from '~/services/observability/metrics.server';

export const requestMetrics: ServerInstrumentation = {
  route(route) {
    // The routes are the root's children (app/routes.ts): a child's path is its whole pattern,
    // and the index route's pattern is "/".
    if (route.id === 'root') return;
    if (route.index) recordRoutePattern('/', route.id);
    else if (route.path !== undefined) recordRoutePattern(route.path, route.id);
  },
  handler(handler) {
    handler.instrument({
      async request(handle, info) {
        const started = performance.now();
        let status = 500;
        let pattern: string | undefined;
        try {
          const result = await handle();
          if (result.status === 'success') status = result.statusCode;
          pattern = result.meta?.pattern;
        } finally {
          recordRequest({ pattern, method: info.request.method, status, seconds: (performance.now() - started) / 1000 });
        }
      },
    });
  },
};
