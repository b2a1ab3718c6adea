import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { rateLimitOptions } from "../http/rate-limits.ts";
import { pagePath, routePath } from "./html-cache-request.ts";

/** A guest's order status page (`/bestelling/{number}?token=`) or its route data, in any spelling the router takes. */
function isOrderStatusPage(url: string): boolean {
  const path = pagePath(url);
  const route = path === undefined ? undefined : routePath(path);
  return route !== undefined && /^\/bestelling(?:[/.]|$)/.test(route);
}

/**
 * The order status page opens an order with its token: an address that keeps guessing is
 * stopped (ORDER_STATUS_PER_MINUTE, as the status API), with the shop's error page and 429, and
 * every answer (the order, not found, too many) is the shopper's own: `private, no-store`.
 * Matched by the router's own reading of the path, so another case or encoding is counted too.
 */
export async function guardOrderStatusPages(ssr: FastifyInstance, config: Config): Promise<void> {
  await ssr.register(rateLimit, rateLimitOptions(config));
  const limit = ssr.rateLimit({
    max: config.ORDER_STATUS_PER_MINUTE,
    timeWindow: "1 minute",
    keyGenerator: (request) => `order-status-page:${normalizeIP(request.ip)}`,
  });
  ssr.addHook("onRequest", async (request, reply) => {
    if (isOrderStatusPage(request.url)) await limit.call(ssr, request, reply);
  });
  ssr.addHook("onSend", async (request, reply) => {
    if (isOrderStatusPage(request.url)) reply.header("cache-control", "private, no-store");
  });
}
