import { Writable } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { JsonLdBlocks } from "./components/json-ld.tsx";
import { ScriptNonce } from "./components/inline-script.tsx";
import { jsonLdContext, nonceContext } from "./lib/request-context.ts";
import { stylesheetFor } from "./stylesheets.ts";
import { rememberMatches, withRenderedRoutes } from "./platform/route-matches.server.ts";
import { logger } from "./platform/logger.server.ts";

/** Errors in loaders, actions and rendering: logged as JSON, never shown to the visitor. */

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Thrown redirects and 404s are answers, not failures.
  if (request.signal.aborted || error instanceof Response || isRouteErrorResponse(error)) return;
  const err = error as Error;
  logger.error(
    { path: new URL(request.url).pathname, err: { message: err?.message, stack: err?.stack } },
    "route error",
  );
};

export const streamTimeout = 5_000;

/**
 * Every page is rendered completely before the first byte (our loaders await their data, so
 * nothing is gained by streaming), which also makes each response cacheable as a whole and lets it
 * go out as one buffer. The CSP
 * nonce from the server is put on every inline script.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  rememberMatches(routerContext.staticHandlerContext);
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <JsonLdBlocks.Provider value={loadContext.get(jsonLdContext)}>
        <ScriptNonce.Provider value={nonce}>
          <ServerRouter
            context={withRenderedRoutes(routerContext)}
            url={request.url}
            nonce={nonce || undefined}
          />
        </ScriptNonce.Provider>
      </JsonLdBlocks.Provider>,
      {
        nonce: nonce || undefined,
        // Every Suspense boundary is written in place. By default React moves a boundary that
        // comes after 12.8 KB of page into a hidden block that a script reveals, which a browser
        // without JavaScript never runs; we wait for all of the page anyway (onAllReady).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          // The whole page is ready: React's many small chunks are gathered into one body, sent
          // with its length in one write (and, through compression, deflated in one go rather
          // than flushed chunk by chunk).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              const html = Buffer.concat(chunks);
              responseHeaders.set("Content-Length", String(html.length));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The stylesheet is asked for with the page's first bytes, ahead of the fonts and the
          // script the page names: on a slow phone it no longer arrives 1 s after the page
          // (npm run bench -- --first-paint).
          const { pathname } = new URL(request.url);
          responseHeaders.append("Link", `<${stylesheetFor(pathname)}>; rel=preload; as=style`);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          logger.error(
            { err: { message: (error as Error)?.message, stack: (error as Error)?.stack } },
            "render error",
          );
        },
      },
    );
  });
}
