import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./lib/nonce.ts";
import { hasDeferredData, preloadHydrationData } from "./lib/render-whole.ts";
import { createNonce, setSecurityHeaders } from "./lib/security-headers.ts";

/** The server looks this up on the build to hand services to loaders (see server/src/ssr). */
export { servicesContext } from "./lib/server-context.ts";

export const streamTimeout = 5_000;

/**
 * A page whose loaders deferred nothing is rendered in one pass with `renderToString`: there is
 * nothing to stream, and one pass writes one string instead of encoding hundreds of small chunks
 * (about twice the pages per second; docs/decisions/0007-storefront-speed.md). A page with
 * deferred data (the product page's colour relations) streams: shoppers get the shell as soon as
 * it is ready, crawlers the whole document at once.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  const nonce = createNonce();
  setSecurityHeaders(responseHeaders, nonce);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Root's <Scripts>, <ScrollRestoration> and <Links> read NonceContext; ServerRouter's own nonce
  // covers the data scripts it writes after the app.
  const app = (
    <NonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext>
  );

  if (!routerContext.isSpaMode && !hasDeferredData(routerContext)) {
    await preloadHydrationData(routerContext);
    const html = Buffer.from(`<!DOCTYPE html>${renderToString(app)}`);
    // The length tells the server the body is whole: it sends it as one buffer (server/src/ssr).
    responseHeaders.set("Content-Length", String(html.length));
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }

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
