import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/*
 * Headers every answer carries, whatever serves it (API, images, assets, `.data`, pages): helmet's
 * set, with the choices below. Pages set their own Content-Security-Policy with a per-response
 * nonce (storefront/app/lib/security-headers.ts); answers that are not pages get a policy that
 * allows nothing, so a JSON or image answer opened as a document cannot run anything. Scripts are
 * left without one: a policy on a worker's script would bind what the worker may fetch.
 */

/** Nothing the shop uses; a later feature that needs one (geolocation, payment) names itself. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=(self)",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=(self)",
  "usb=()",
].join(", ");

const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'";

export async function installSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  await app.register(fastifyHelmet, {
    global: true,
    // Pages carry their own; see installSecurityHeaders' note and the onSend hook below.
    contentSecurityPolicy: false,
    // Product images are shown by mail clients and other sites (an order mail, a partner's page).
    crossOriginResourcePolicy: { policy: "cross-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Only a shop served over https may tell browsers to insist on it.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "sameorigin" },
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (!reply.hasHeader("content-security-policy") && !isDocumentOrScript(reply.getHeader("content-type"))) {
      reply.header("content-security-policy", NOTHING_POLICY);
    }
    return payload;
  });
}

/** Pages set their own policy; a script's policy would bind a service worker it starts. */
function isDocumentOrScript(type: unknown): boolean {
  return typeof type === "string" && /^(?:text\/html|text\/javascript|application\/javascript)/.test(type);
}
