import { createRequire } from "node:module";
import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import { Redis } from "ioredis";
import type { Config } from "../config.ts";

const stores = new Map<string, Redis>();

/** The plugin's own Redis store (its counting script), which it does not export by name. */
interface PluginRedisStore {
  incr(key: string, callback: Counted, timeWindow: number, max: number): void;
  read(key: string, callback: Counted, timeWindow: number, max: number): void;
}
type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;
const PluginRedisStore = createRequire(import.meta.url)("@fastify/rate-limit/store/RedisStore.js") as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => PluginRedisStore;

/** What the plugin hands a store's `child`: the limit's settings, and its route when it has one. */
interface LimitParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Counters in Redis under `prefix`: a route's limit under its method and path, a limiter made with
 * `createRateLimit` / `rateLimit()` under the name its key generator gives. The plugin's own store
 * names the latter by a route they do not have, so every one of them counted under
 * `undefinedundefined-` and two limiters with the same key (an address) shared one counter.
 */
function redisStore(redis: Redis, prefix: string) {
  const scoped = (params: LimitParams, key: string) =>
    new PluginRedisStore(params.continueExceeding === true, params.exponentialBackoff === true, redis, key);
  class NamedRedisStore {
    readonly #counts: PluginRedisStore;
    readonly #key: string;
    constructor(params: LimitParams, key = prefix) {
      this.#counts = scoped(params, key);
      this.#key = key;
    }
    incr(key: string, callback: Counted, timeWindow: number, max: number) {
      this.#counts.incr(key, callback, timeWindow, max);
    }
    read(key: string, callback: Counted, timeWindow: number, max: number) {
      this.#counts.read(key, callback, timeWindow, max);
    }
    child(params: LimitParams) {
      const route = params.routeInfo;
      return new NamedRedisStore(params, route?.url ? `${this.#key}${route.method}${route.url}-` : this.#key);
    }
  }
  return NamedRedisStore as unknown as NonNullable<RateLimitPluginOptions["store"]>;
}

/**
 * The options every route plugin registers @fastify/rate-limit with: limits are per route
 * (`config.rateLimit`), counted in Redis when REDIS_URL is set so they hold across instances,
 * and never for the addresses in RATE_LIMIT_ALLOW (an operator's own monitoring, or the browser
 * suite, whose every shopper comes from 127.0.0.1). `name` keys the counters of the plugin's
 * own limit (`rateLimit()` without options); limiters made with options name theirs in their
 * key generator.
 */
export function rateLimitOptions(config: Config, extra: Partial<RateLimitPluginOptions> = {}, name = "") {
  const options: RateLimitPluginOptions = { global: false, ...extra };
  if (config.RATE_LIMIT_ALLOW.length > 0) options.allowList = config.RATE_LIMIT_ALLOW;
  if (config.REDIS_URL) {
    let redis = stores.get(config.REDIS_URL);
    if (!redis) {
      redis = new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
      stores.set(config.REDIS_URL, redis);
    }
    options.store = redisStore(redis, `etalage:rate:${name ? `${name}:` : ""}`);
  }
  return options;
}
