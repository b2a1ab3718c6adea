import { randomUUID } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { customerFavoriteRoutes } from "./api/accounts/favorites.ts";
import { passkeyRoutes } from "./api/accounts/passkeys.ts";
import { accountRoutes, CUSTOMER_BASE } from "./api/accounts/route.ts";
// Issue 18: directory, reviews, sitemaps, store locator.
import { addressRoutes } from "./api/address/route.ts";
import { elevateExportRoutes } from "./api/admin/elevate-export-route.ts";
import { mailboxRoutes } from "./api/admin/mailbox-route.ts";
import { adminRoutes } from "./api/admin/route.ts";
import { staffAdminRoutes } from "./api/admin/staff-route.ts";
import { adyenRoutes } from "./api/adyen/route.ts";
import { beheerAuditRoutes, beheerReviewRoutes } from "./api/beheer/moderation.ts";
import { beheerOrderRoutes } from "./api/beheer/orders.ts";
import { beheerReturnRoutes } from "./api/beheer/returns.ts";
import { BEHEER_BASE, beheerSessionRoutes } from "./api/beheer/route.ts";
import { beheerSecurityRoutes } from "./api/beheer/security.ts";
import { beheerWebhookRoutes } from "./api/beheer/webhooks.ts";
import { CART_BASE, cartRoutes } from "./api/cart/route.ts";
import { catalogRoutes } from "./api/catalog/route.ts";
import { cmsEditorRoutes } from "./api/cms/editor-route.ts";
import { cmsRoutes } from "./api/cms/route.ts";
import { cmsDataRoutes } from "./api/cms-data/route.ts";
import { customerDataRoutes } from "./api/customer-data/route.ts";
import { directoryRoutes } from "./api/directory/route.ts";
import { elevateLookupRoutes } from "./api/elevate/route.ts";
import { healthRoutes } from "./api/health/route.ts";
import { newsletterAdminRoutes } from "./api/newsletter/admin-route.ts";
import { newsletterRoutes } from "./api/newsletter/route.ts";
import { adminFulfilmentRoutes } from "./api/orders/admin-fulfilment.ts";
import { adminOrderRoutes, orderRoutes } from "./api/orders/route.ts";
import { productRoutes } from "./api/product/route.ts";
import { returnRoutes } from "./api/returns/route.ts";
import { reviewAdminRoutes, reviewRoutes } from "./api/review/route.ts";
import { sitemapRoutes } from "./api/sitemap/route.ts";
import { stockAlertRoutes } from "./api/stock/alert-route.ts";
import { stockRoutes } from "./api/stock/route.ts";
import { storefrontApiRoutes } from "./api/storefront/route.ts";
import { storeRoutes } from "./api/stores/route.ts";
import { urlRoutes } from "./api/url/route.ts";
import { engageApiRoutes } from "./api/voyado-engage/route.ts";
import { accountingExportRoutes, webhookAdminRoutes } from "./api/webhooks/route.ts";
import type { Config } from "./config.ts";
import { ApiMethods } from "./http/api-methods.ts";
import { installErrorHandling, sendError } from "./http/envelope.ts";
import { installInputRules } from "./http/input.ts";
import { installJsonBodyParser } from "./http/json-body.ts";
import { clientErrorHandler, frameworkErrors, type StatusPages } from "./http/protocol-errors.ts";
import { rateLimitOptions } from "./http/rate-limits.ts";
import { installSecurityHeaders } from "./http/security-headers.ts";
import { imageRoutes } from "./images/routes.ts";
import { lifecycle } from "./lifecycle.ts";
import { cmsMediaRoutes } from "./providers/cms/media-route.ts";
import { demoContentDir } from "./services/cms/demo-content.ts";
import type { Services } from "./services/index.ts";
import { registerStorefront } from "./ssr/plugin.ts";

export interface AppOptions {
  /** Serve the storefront (SSR and assets). API tests may leave it out. */
  storefront?: boolean;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * One log line per request, when it completes, instead of Fastify's two with the request and
 * reply serialised (a measurable share of a server-rendered page; docs/decisions/0007). Errors,
 * stream failures and 404s keep Fastify's own lines.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  }
}

export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  // Filled in by the storefront, so an unroutable page path gets a page (http/protocol-errors.ts).
  const statusPages: StatusPages = {};
  const app = Fastify({
    logger: loggerOptions(config),
    // Honour a caller's request id (a load balancer's) when it is sane; mint one otherwise.
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Only the proxies named: anyone else's X-Forwarded-For would let a client pick its address.
    ...(config.TRUST_PROXY.length > 0 ? { trustProxy: config.TRUST_PROXY } : {}),
    forceCloseConnections: "idle",
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    logController: new OneLinePerRequest(),
    clientErrorHandler,
    frameworkErrors: frameworkErrors(statusPages),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installJsonBodyParser(app);
  installInputRules(app);
  await installSecurityHeaders(app, { https: config.PUBLIC_URL.startsWith("https:") });
  const apiMethods = new ApiMethods(config.CORS_ORIGINS);
  apiMethods.track(app, "/api");
  // A draining instance closes each connection after its answer, so a client's (or proxy's)
  // kept-alive socket does not carry its next request to an instance about to stop.
  app.addHook("onRequest", async (_request, reply) => {
    if (lifecycle.draining) reply.header("connection", "close");
  });
  app.addHook("onClose", () => services.catalogEvents.stop());
  app.addHook("onClose", () => services.cms.stop());
  app.addHook("onClose", () => services.housekeeping.stop());
  app.addHook("onClose", () => services.stockAlerts.stop());
  app.addHook("onClose", () => services.elevate.stop());
  app.addHook("onClose", () => services.orders.stop());
  app.addHook("onClose", () => services.mail.stop());
  app.addHook("onClose", () => services.payments.stop());
  app.addHook("onClose", async () => services.testGateway?.gateway.stop());
  app.addHook("onClose", async () => services.engageSync?.stop());
  app.addHook("onClose", () => services.webhooks.stop());
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  // Dynamic answers are compressed per request: brotli's default quality (11) costs ~10 ms per
  // 80 kB answer, quality 4 is about as small as gzip -6 at a tenth of the time. Static assets are
  // precompressed at quality 11 by the build.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    // Buffered answers up to 512 KiB (server-rendered pages, catalogue answers) are compressed in
    // one synchronous call: ~1 ms per 100 kB at quality 4, where the stream path cost ~10 ms of
    // CPU for the same page (docs/decisions/0007-storefront-speed.md).
    syncThreshold: 512 * 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Etalage storefront API",
        version: "1.0.0",
        description: "The public contract of the Etalage shop (see docs and the shared contract).",
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      apiMethods.installCors(api);
      await api.register(healthRoutes, { services });
      await api.register(stockRoutes, { services });
      await api.register(stockAlertRoutes, { services });
      await api.register(urlRoutes, { services });
      await api.register(productRoutes, { services });
      await api.register(catalogRoutes, { services });
      await api.register(adminRoutes, { services });
      await api.register(cmsRoutes, { services, prefix: "/ext/vsf-storyblok-extension" });
      await api.register(cmsEditorRoutes, { services, prefix: "/ext/vsf-storyblok-extension/editor" });
      await api.register(cmsDataRoutes, { services, prefix: "/ext/cms-data" });
      await api.register(cartRoutes, { services, prefix: CART_BASE });
      await api.register(accountRoutes, { services, prefix: CUSTOMER_BASE });
      await api.register(customerFavoriteRoutes, { services, prefix: `${CUSTOMER_BASE}/favorites` });
      await api.register(passkeyRoutes, { services, prefix: `${CUSTOMER_BASE}/passkeys` });
      await api.register(mailboxRoutes, { services, prefix: "/admin/mailbox" });
      await api.register(elevateLookupRoutes, { services, prefix: "/ext/elevate" });
      await api.register(storefrontApiRoutes, {
        elevate: services.elevate,
        paymentKey: services.elevatePaymentKey,
        prefix: "/storefront/v3",
      });
      // Checkout (issue 13): stores and pick-up points.
      await api.register(storeRoutes);
      await api.register(orderRoutes, { services });
      await api.register(adminOrderRoutes, { services });
      // Issue 25: the back office's order list, order page and actions (also the warehouse's API).
      await api.register(adminFulfilmentRoutes, { services });
      await api.register(adyenRoutes, { services, prefix: "/ext/adyen" });
      // Issue 18: directory, reviews, store locator.
      await api.register(directoryRoutes, { prefix: "/ext/directory" });
      await api.register(addressRoutes, { services, prefix: "/ext/address" });
      await api.register(reviewRoutes, { services, prefix: "/review" });
      await api.register(reviewAdminRoutes, { services, prefix: "/admin/reviews" });
      // The back office (issue 25): staff accounts for the operator, sign-in and moderation for staff.
      await api.register(staffAdminRoutes, { services, prefix: "/admin/staff" });
      await api.register(beheerSessionRoutes, { services, prefix: BEHEER_BASE });
      await api.register(beheerReviewRoutes, { services, prefix: `${BEHEER_BASE}/reviews` });
      await api.register(beheerAuditRoutes, { services, prefix: `${BEHEER_BASE}/audit` });
      await api.register(beheerOrderRoutes, { services, prefix: `${BEHEER_BASE}/orders` });
      await api.register(beheerSecurityRoutes, { services, prefix: `${BEHEER_BASE}/security` });
      await api.register(beheerReturnRoutes, { services, prefix: `${BEHEER_BASE}/returns` });
      await api.register(beheerWebhookRoutes, { services, prefix: `${BEHEER_BASE}/webhooks` });
      await api.register(returnRoutes, { services, prefix: "/returns" });
      // Newsletter and customer data (issue 15)
      await api.register(async (engage) => {
        await engage.register(fastifyRateLimit, rateLimitOptions(services.config));
        await engage.register(newsletterRoutes, { services, prefix: "/ext/voyado-engage-newsletter" });
        await engage.register(customerDataRoutes, { services, prefix: "/ext/voyado-engage" });
      });
      await api.register(newsletterAdminRoutes, { services, prefix: "/admin/newsletter" });
      await api.register(elevateExportRoutes, { services, prefix: "/admin/elevate" });
      // Issue 25: webhooks to a warehouse or ERP, and the accounting exports.
      await api.register(webhookAdminRoutes, { services, prefix: "/admin/webhooks" });
      await api.register(accountingExportRoutes, { services, prefix: "/admin/exports" });
      // Issue 24: the built-in Voyado Engage REST API, what VOYADO_ENGAGE_URL replaces.
      await api.register(engageApiRoutes, { ...services.engageApi, prefix: "/ext/voyado-engage-api" });
      api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      // Unknown paths 404, known paths asked with another method 405 with Allow, OPTIONS answered.
      api.all("/*", { schema: { hide: true } }, apiMethods.fallback);
      api.setNotFoundHandler(apiMethods.fallback);
    },
    { prefix: "/api" },
  );

  await app.register(imageRoutes, {
    cacheDir: path.join(config.dataDir, "image-cache"),
    cacheMaxBytes: config.IMAGE_CACHE_MAX_MB * 1024 * 1024,
  });
  // What the image routes do not serve is an image not found, in the envelope, never a page.
  app.all("/img/*", { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split("?", 1)[0]!;
    if (request.method === "GET" || request.method === "HEAD")
      return sendError(reply, 404, `Image not found: ${path}`);
    reply.header("allow", "GET, HEAD");
    return sendError(reply, 405, `method: images answer GET and HEAD, not ${request.method}`);
  });
  // Checkout (issue 13): the built-in Adyen-compatible test gateway, without Adyen credentials.
  if (services.testGateway) {
    await app.register(services.testGateway.gateway.plugin());
    services.testGateway.attach(app);
  }
  await app.register(cmsMediaRoutes, { root: path.join(demoContentDir, "media") });
  // Issue 18: robots.txt and the sitemaps.
  await app.register(sitemapRoutes, { services });

  if (options.storefront !== false) await registerStorefront(app, services, config.dev, statusPages);
  return app;
}

function loggerOptions(config: Config) {
  if (config.LOG_LEVEL === "silent") return false;
  return {
    level: config.LOG_LEVEL,
    ...(config.dev ? { transport: { target: "pino-pretty", options: { singleLine: true } } } : {}),
  };
}
