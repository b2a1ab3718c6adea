import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
} from "react-router";
import { serverModulesLoaded } from "./lib/deferred-module.ts";
import { renderWholeDocument, serverApp, toRenderTask } from "./lib/render-document.tsx";
import { readHydrationData, settledDeferredData, withSettledValues } from "./lib/render-whole.ts";
import { createNonce, setSecurityHeaders } from "./lib/security-headers.ts";
import { documentRendererContext, servicesContext } from "./lib/server-context.ts";

/** A render thread renders whole pages with these (server/src/ssr/render-worker.ts). */
export { renderTask } from "./lib/render-document.tsx";
export { documentRendererContext, routePathsContext, servicesContext } from "./lib/server-context.ts";
/** The server hands loaders its services, and pages its render threads, under these keys. */
export { routePathsOf } from "./shell/reachable-links.ts";
export { serverModulesLoaded };

export const streamTimeout = 5_000;

/**
 * Errors of loaders and actions, logged: a shopper's refused request (a POST to a page without a
 * form, a 404) is an answer, not a fault, and is left out of the error log. An aborted request
 * (the shopper left) neither.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

/**
 * A page whose loaders deferred nothing, or whose deferred data has settled by the time the render
 * starts (the product page's colour relations, from the catalogue in memory), is rendered in one
 * pass with `renderToString`: there is nothing to stream, and one pass writes one string instead
 * of encoding hundreds of small chunks (about twice the pages per second;
 * docs/decisions/0007-storefront-speed.md). A page still waiting for deferred data streams:
 * shoppers get the shell as soon as it is ready, crawlers the whole document at once.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Parts a page's chunk declares (on-demand parts of the product page, the shell's) start loading
  // when it is evaluated, after the loader that awaited the chunk: a render before they are there
  // would write their fallback. Settled once, this costs one microtask.
  await serverModulesLoaded();
  const nonce = createNonce();
  const services = loadContext.get(servicesContext);
  setSecurityHeaders(responseHeaders, nonce, {
    tagManager: Boolean(services.gtmId),
    connect: services.browserOrigins,
    cmsBridge: Boolean(services.cmsBridge) && new URL(request.url).pathname.startsWith("/storyblok"),
  });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const settled = routerContext.isSpaMode ? null : await settledDeferredData(routerContext);
  if (settled) {
    const hydration = await readHydrationData(routerContext);
    withSettledValues(routerContext, settled);
    // The server's render threads take the render when they can (docs/decisions/0011).
    const task = toRenderTask(routerContext, request.url, nonce, hydration);
    const threads = task ? loadContext.get(documentRendererContext) : null;
    const html =
      (task && (await threads?.render(task))) ??
      Buffer.from(renderWholeDocument(routerContext, request.url, nonce, hydration));
    // The length tells the server the body is whole: it sends it as one buffer (server/src/ssr).
    responseHeaders.set("Content-Length", String(html.byteLength));
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }

  const app = serverApp(routerContext, request.url, nonce);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and SPA-mode get the whole document at once; shoppers get the shell streamed.
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // A boundary that is complete when the shell is goes out in place, whatever its size: by
      // default React moves one over 12.8 kB to the end of the stream and reveals it by script,
      // so the page was first painted without its main content (CLS 0.89 on product pages).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
