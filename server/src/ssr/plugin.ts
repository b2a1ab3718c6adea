import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { ApiError } from "../http/envelope.ts";
import { type OrderGate, orderGate } from "../http/order-limit.ts";
import type { StatusPages } from "../http/protocol-errors.ts";
import { storefrontBuild, storefrontRoot } from "../paths.ts";
import type { Services } from "../services/index.ts";
import { installFormBodyParser } from "./form-body.ts";
import { HtmlCache } from "./html-cache.ts";
import { taggingServices } from "./html-cache-render.ts";
import { guardOrderStatusPages } from "./order-status-page.ts";
import { pageOrigins, redirectToCanonicalHost } from "./page-origin.ts";
import { previewStories } from "./preview-stories.ts";
import { RenderThreads } from "./render-pool.ts";
import { createSsrHandler } from "./request-handler.ts";
import { limitedCheckout } from "./storefront-checkout.ts";
import { storefrontServices } from "./storefront-services.ts";

type ContextKey = Parameters<RouterContextProvider["set"]>[0];

interface EntryWithContext {
  servicesContext?: ContextKey;
  documentRendererContext?: ContextKey;
  routePathsContext?: ContextKey;
  routePathsOf?: (routes: ServerBuild["routes"]) => string[];
}

/**
 * Serves the storefront: hashed assets with immutable caching (precompressed .br/.gz written by
 * the build), public files, and React Router SSR for every path the API does not own.
 */
export async function registerStorefront(
  app: FastifyInstance,
  services: Services,
  dev: boolean,
  statusPages: StatusPages,
) {
  // Guest pages are cached with the tags of what they read (docs/decisions/0008); not in dev.
  const htmlCache = services.config.HTML_CACHE && !dev ? await HtmlCache.create(services) : undefined;
  if (htmlCache) app.addHook("onClose", () => htmlCache.close());
  // The services' face is the same for every request: built once, not per page.
  const shopServices = storefrontServices(services, previewStories(app));
  const loaderServices = htmlCache ? taggingServices(shopServices) : shopServices;
  // Whole pages render on threads of their own beside this one (docs/decisions/0011); not in dev.
  const threads = services.config.SSR_RENDER_THREADS;
  const renderThreads =
    threads > 0 && !dev
      ? new RenderThreads(threads, path.join(storefrontBuild, "server", "index.js"), app.log)
      : undefined;
  if (renderThreads) app.addHook("onClose", () => renderThreads.close());
  const routePaths = new WeakMap<ServerBuild, string[]>();
  const origins = pageOrigins(services.config);
  // Set once the page scope has its rate limiter (below): the checkout form's orders count as
  // `POST /api/order`'s do (issue 31).
  let ordersGate: OrderGate | undefined;
  const contextFor = (build: ServerBuild, origin: string, request: FastifyRequest) => {
    const context = new RouterContextProvider();
    const entry = build.entry.module as EntryWithContext;
    // Without PUBLIC_URL a page's canonical links name the host it was asked on (issue 23).
    let pageServices =
      origins.perHost && origin !== loaderServices.publicUrl
        ? { ...loaderServices, publicUrl: origin }
        : loaderServices;
    if (request.method === "POST" && ordersGate) {
      const gate = ordersGate;
      pageServices = {
        ...pageServices,
        checkout: limitedCheckout(pageServices.checkout, () => gate(request), services.orders),
      };
    }
    if (entry.servicesContext) context.set(entry.servicesContext, pageServices);
    // The shell links only to paths that answer: its own routes, or what the dispatcher finds.
    if (entry.routePathsContext && entry.routePathsOf) {
      const paths = routePaths.get(build) ?? entry.routePathsOf(build.routes);
      routePaths.set(build, paths);
      context.set(entry.routePathsContext, paths);
    }
    if (entry.documentRendererContext && renderThreads)
      context.set(entry.documentRendererContext, renderThreads);
    return context;
  };

  let getBuild: () => Promise<ServerBuild>;
  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({
      root: storefrontRoot,
      server: { middlewareMode: true },
      appType: "custom",
    });
    await app.register(import("@fastify/middie"));
    app.use((req, res, next) => {
      if (req.url?.startsWith("/api/") || req.url?.startsWith("/img/")) return next();
      vite.middlewares(req, res, next);
    });
    app.addHook("onClose", () => vite.close());
    getBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const serverEntry = path.join(storefrontBuild, "server", "index.js");
    if (!existsSync(serverEntry)) {
      throw new Error(`Storefront build missing at ${serverEntry}: run \`npm run build\` first`);
    }
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    getBuild = async () => build;
    await app.register(fastifyStatic, {
      root: path.join(storefrontBuild, "client"),
      prefix: "/",
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        const name = path.basename(filePath).replace(/\.(br|gz)$/, "");
        // The service worker and the files it lists must be fresh at every update check, or a
        // deploy reaches shoppers an hour late (docs/decisions/0021).
        if (name === "sw.js" || name === "manifest.webmanifest") {
          res.header("cache-control", "no-cache");
          if (name === "sw.js") res.header("service-worker-allowed", "/");
          else res.header("content-type", "application/manifest+json; charset=utf-8");
          return;
        }
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
  }

  const render = createSsrHandler(getBuild, dev ? "development" : "production", contextFor, origins.of);
  /** The shop's error page, with the status of what went wrong; never cached. */
  const statusPage = (request: FastifyRequest, reply: FastifyReply, status: number) =>
    render(request, reply, { path: "/error", status });
  statusPages.render = statusPage;
  app.register(async (ssr) => {
    redirectToCanonicalHost(ssr, services.config);
    await guardOrderStatusPages(ssr, services.config);
    ordersGate = orderGate(ssr, services.config);
    const handleSsr = htmlCache ? htmlCache.install(ssr, render, origins) : render;
    installFormBodyParser(ssr);
    // A shopper's mistake in a page's path, query or form (a control character, a form too large)
    // gets the shop's error page with its 4xx status; anything else is the shared handler's.
    ssr.setErrorHandler(async (error: FastifyError, request, reply) => {
      const status = error instanceof ApiError ? error.code : (error.statusCode ?? 500);
      if (status >= 400 && status < 500) {
        request.log.info({ status, reason: error.message }, "page request refused");
        return statusPage(request, reply, status);
      }
      throw error;
    });
    // Pages are not part of the API's description (/api/openapi.json).
    const schema = { hide: true };
    ssr.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema,
      handler: handleSsr,
    });
    ssr.route({ method: ["GET", "HEAD"], url: "/", schema, handler: handleSsr });
  });
}
