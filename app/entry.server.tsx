import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  RouterContextProvider,
  type ServerInstrumentation,
} from 'react-router';
import { NonceContext } from '~/components/nonce';
import { StyleSheetsContext, type StyleSheetReader } from '~/components/PageStyles';
import { PortalEnvContext } from '~/components/portal-env';
import { SESSION_LEFT_HEADER } from '~/browser/attributes';
import type { ReportConfig } from '~/browser/reporter';
import { envelopeUrl, pageScript } from '~/components/shell/page-script.server';
import { requestMetrics } from '~/lib/http/request-metrics.server';
import { env } from '~/env.server';
import { requestInfoContext, type RequestInfo } from '~/context';
import { getLocale, resources } from '~/i18n/i18n.server';
import { TranslationContext, type Translation } from '~/i18n/react';
import type { TextKey } from '~/i18n/keys';
import { hasText, translatorOver, type TFunction } from '~/i18n/translate';
import { logger } from '~/services/observability/logger.server';
import { captureServerError, initServerErrorReporting } from '~/services/observability/sentry.server';

export const streamTimeout = 5_000;

const styleSheets = new Map<string, string | undefined>();

/**
 * The built CSS files' text, read once each, for inlining (see PageStyles). Development serves
 * CSS through Vite and gets none.
 */
const readStyleSheet: StyleSheetReader = (href) => {
  if (import.meta.env.DEV || !/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined;
  if (!styleSheets.has(href)) {
    const file = path.resolve(process.env.BUILD_DIR ?? 'build', 'client', href.slice(1));
    let text: string | undefined;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      logger.warn({ err: error, href }, 'stylesheet not inlined');
    }
    styleSheets.set(href, text);
  }
  return styleSheets.get(href);
};

/**
 * Builds the per-request context. server.ts calls this through the server build
 * (`build.entry.module`) so the context keys are the build's own instances.
 */
export function createLoadContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

/** The request's texts. */
function translationOf(lang: 'fi' | 'sv' | 'en'): Translation {
  const texts = resources[lang].translation;
  // Typed once here: components may use only TFunction's keys.
  const t = translatorOver(texts, lang) as TFunction;
  return { t, i18n: { language: lang, exists: (key): key is TextKey => hasText(texts, key) } };
}

/**
 * What a page renders with (ADR 0009): React Router's context cut down to the matched routes.
 * Its `ServerRouter` builds route objects for every route in the manifest on each render
 * (≈ 230: 59 pages in three languages) and no page sends React Router's handoff data (the root
 * renders no `<Scripts/>`), so a page gets only its own branch of the route tree and no
 * handoff stream (ADR 0010). The matched branch is all that rendering it reads: links are absolute
 * paths, and the page's CSS comes from its matched routes' manifest entries.
 */
function pageContext(context: EntryContext): EntryContext {
  const ids = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  const pick = <T,>(all: Record<string, T>) => Object.fromEntries([...ids].filter((id) => id in all).map((id) => [id, all[id]!]));
  // React Router has already started encoding it (and ends it by itself); it is only never read.
  return {
    ...context,
    manifest: { ...context.manifest, routes: pick(context.manifest.routes) },
    routeModules: pick(context.routeModules),
    serverHandoffStream: undefined,
  };
}

/** With a DSN, where the page's script reports its errors (ADR 0038), under the page's route id. */
function pageReport(routeId: string | undefined): ReportConfig | null {
  const { SENTRY_DSN, SENTRY_ENVIRONMENT, DEPLOYMENT_ENV } = env();
  const url = SENTRY_DSN ? envelopeUrl(SENTRY_DSN) : null;
  return url ? { url, route: routeId ?? 'unknown', environment: SENTRY_ENVIRONMENT ?? DEPLOYMENT_ENV } : null;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  const lang = getLocale(loadContext);
  const translation = translationOf(lang);
  // The page script (the browser library, app/browser/) with the root loader's data; an error
  // page without it still gets the script, without the session part.
  const root = routerContext.staticHandlerContext.loaderData['root'] as { sessionExpiresInMs: number | null; csrfToken: string; inApp: boolean } | undefined;
  const script = pageScript({
    lang,
    t: translation.t,
    sessionExpiresInMs: root?.sessionExpiresInMs ?? null,
    csrfToken: root?.csrfToken ?? '',
    inApp: root?.inApp ?? false,
    report: pageReport(routerContext.staticHandlerContext.matches.at(-1)?.route.id),
  });
  const context = pageContext(routerContext);
  // The session's time left by the server's clock, for the page script's timer: a poll of the
  // page reads it here (app/browser/poll.ts), the first load from the script's config.
  if (root?.sessionExpiresInMs != null) responseHeaders.set(SESSION_LEFT_HEADER, String(root.sessionExpiresInMs));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <PortalEnvContext.Provider value={{ brand: env().BRAND }}>
          <StyleSheetsContext.Provider value={readStyleSheet}>
            <TranslationContext.Provider value={translation}>
              <ServerRouter context={context} url={request.url} nonce={nonce} />
            </TranslationContext.Provider>
          </StyleSheetsContext.Provider>
        </PortalEnvContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        bootstrapScriptContent: script,
        // A page is answered whole, in one buffer: its data is loaded before it renders, so
        // there is nothing to stream, and one body skips the stream bridges between React and
        // the compressor.
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              clearTimeout(timer);
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
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
    // Read by the whole page's `final` above, which runs only after this line.
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, 'unhandled error');
  // A thrown 4xx response (not found, forbidden …) is an answer, not a fault.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  captureServerError(error);
};

/**
 * Starts error reporting in this bundle's own copy of the reporting module (server.ts calls it
 * through `build.entry.module` before it serves, issue 27): the copy handleError, the
 * reservation service and the error boundaries report through.
 */
export const initErrorReporting = initServerErrorReporting;

/** React Router's request instrumentation: request counts and times per route id (lib/http/request-metrics.server.ts). */
export const instrumentations: ServerInstrumentation[] = [requestMetrics];
