import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  RouterContextProvider,
} from 'react-router';
import { NonceContext } from '~/components/nonce';
import { PortalEnvContext } from '~/components/portal-env';
import { env } from '~/env.server';
import { requestInfoContext, type RequestInfo } from '~/context';
import { getInstance } from '~/i18n/i18n.server';
import { logger } from '~/services/observability/logger.server';
import { captureServerError } from '~/services/observability/sentry.server';

export const streamTimeout = 5_000;

/**
 * Builds the per-request context. server.ts calls this through the server build
 * (`build.entry.module`) so the context keys are the build's own instances.
 */
export function createLoadContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  const i18n = getInstance(loadContext);
  // Bots and JS-less clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent')) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <PortalEnvContext.Provider value={{ brand: env().BRAND }}>
          <I18nextProvider i18n={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </PortalEnvContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, 'render error');
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, 'unhandled error');
  captureServerError(error);
};
