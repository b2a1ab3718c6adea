import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";

/** Seconds until the address may order again, or null when this order may be asked for. */
export type OrderGate = (request: FastifyRequest) => Promise<number | null>;

/**
 * ORDERS_PER_MINUTE (issue 31): the orders one address asks to place in a minute, whichever way
 * it asks — `POST /api/order` or the checkout page's own form post. Counted by @fastify/rate-limit
 * on the `orders:{ip}` key (an IPv6 address's /56), so in Redis (REDIS_URL) both ways share one counter across instances;
 * in memory each scope that makes a gate counts its own. RATE_LIMIT_ALLOW is checked here, since
 * the plugin's allow list compares the (prefixed) key. The 21st order of a minute is refused.
 */
export function orderGate(
  app: FastifyInstance,
  config: Pick<Config, "ORDERS_PER_MINUTE" | "RATE_LIMIT_ALLOW">,
): OrderGate {
  const limiter = app.createRateLimit({
    max: config.ORDERS_PER_MINUTE,
    timeWindow: "1 minute",
    // An IPv6 shopper has a whole network of addresses: counted as one, as the route limits do.
    keyGenerator: (request) => `orders:${normalizeIP(request.ip)}`,
  });
  return async (request) => {
    if (config.RATE_LIMIT_ALLOW.includes(request.ip)) return null;
    const counted = await limiter(request);
    return !counted.isAllowed && counted.isExceeded ? Math.max(1, counted.ttlInSeconds) : null;
  };
}
