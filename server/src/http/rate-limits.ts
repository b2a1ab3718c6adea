import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import { Redis } from "ioredis";
import type { Config } from "../config.ts";

const stores = new Map<string, Redis>();

/**
 * The options every route plugin registers @fastify/rate-limit with: limits are per route
 * (`config.rateLimit`), counted in Redis when REDIS_URL is set so they hold across instances,
 * and never for the addresses in RATE_LIMIT_ALLOW (an operator's own monitoring, or the browser
 * suite, whose every shopper comes from 127.0.0.1).
 */
export function rateLimitOptions(config: Config, extra: Partial<RateLimitPluginOptions> = {}) {
  const options: RateLimitPluginOptions = { global: false, ...extra };
  if (config.RATE_LIMIT_ALLOW.length > 0) options.allowList = config.RATE_LIMIT_ALLOW;
  if (config.REDIS_URL) {
    let redis = stores.get(config.REDIS_URL);
    if (!redis) {
      redis = new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
      stores.set(config.REDIS_URL, redis);
    }
    options.redis = redis;
    options.nameSpace = "etalage:rate:";
  }
  return options;
}
