import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseDurations, parseWebhookEndpoints, STANDARD_RETRY_SCHEDULE } from "@etalage/core";
import { z } from "zod";
import { projectRoot } from "./paths.ts";

/**
 * PGlite's buffer pool. Postgres' default of 128 MiB lives in PGlite's WebAssembly memory, which
 * grows and never shrinks: 189 MiB at start, 152 MiB of it resident once the catalogue had been
 * read. The demo database is 38 MiB on disk and what falls out of the pool is read back from the
 * operating system's file cache, so 32 MiB keeps the catalogue and the carts at hand for a third
 * of the memory (docs/decisions/0013-memory-budget.md).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;

/** An optional secret or name: empty counts as unset. */
function optionalText(max: number) {
  return z
    .string()
    .max(max)
    .optional()
    .or(z.literal("").transform(() => undefined));
}

/** A comma-separated setting as a list of its trimmed, non-empty entries, each checked by `item`. */
function commaList<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .string()
    .default("")
    .transform((text) =>
      text
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));
}

/** Every setting comes from the environment; README.md lists them. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** PGlite's buffer pool in MiB (docs/decisions/0013-memory-budget.md); ignored with DATABASE_URL. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(4096)
    .default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().default("production"),
  /**
   * Public origin for canonical links and absolute URLs. Unset, it is http://localhost:{PORT} and
   * the server warns at start: the Host header is never trusted to name the shop.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ""))
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Origins (comma-separated) whose scripts may call the API from a browser; empty: same origin only. */
  CORS_ORIGINS: commaList(
    z
      .string()
      .url("must be origins like https://www.example.nl")
      .refine((o) => new URL(o).origin === o, "must be origins like https://www.example.nl (no path)"),
  ),
  /** How long SIGTERM waits for in-flight requests before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * After SIGTERM, how long the instance keeps serving with its health check at 503 before it
   * stops taking requests: a load balancer that checks health more often than this sends it
   * nothing new by then. 0 (one instance, nothing in front): stop at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Skip seeding the demo catalogue into an empty database. */
  SEED: z.enum(["demo", "none"]).default("demo"),
  /** A configurable child's own URL answers its parent with a 301 (browsing §2 "Route resolution"). */
  PREVENT_CHILD_DIRECT_ACCESS: z
    .enum(["true", "false", "1", "0"])
    .transform((v) => v === "true" || v === "1")
    .default(true),
  /** Issue 18: reviews one address may write per hour (guests and customers alike). */
  REVIEWS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Bearer token of the admin API (catalogue import); without it the admin API answers 401. */
  ADMIN_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Issue 25: the largest refund (euro) a klantenservice member may give without a beheerder. */
  STAFF_REFUND_LIMIT_EUR: z.coerce.number().min(0).max(1_000_000).default(250),
  // Checkout (issue 13).
  /** Minutes an online payment may take; then the order is canceled and its stock released. */
  PAYMENT_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** How often each instance cancels the orders whose payment window passed (a row lock keeps each once). */
  ORDER_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** How often each instance drops stored rows past their use (expired idempotency keys, old events). */
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(50).max(86_400_000).default(3_600_000),
  /**
   * Orders one address may place per minute (`POST /api/order`): enough for a household behind
   * one router, too few to hold a product's stock hostage with unpaid orders.
   */
  /**
   * Client addresses that no per-address rate limit counts (comma-separated): an operator's own
   * monitoring, or the browser suite, whose every shopper comes from 127.0.0.1. Per-email limits
   * (failed logins, reset mails) still hold for them.
   */
  RATE_LIMIT_ALLOW: commaList(z.union([z.ipv4(), z.ipv6()])),
  /**
   * The proxies in front of the shop (a load balancer, `npm run cluster`'s proxy), as addresses or
   * CIDR ranges: their X-Forwarded-For names the shopper, so the per-address limits count shoppers,
   * not the proxy. Unset, the connection's address is the shopper's (ADR 0040).
   */
  TRUST_PROXY: commaList(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()])),
  ORDERS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Newsletter sign-ups the whole shop takes an hour (each mails a confirmation): far above a
   * busy hour's real sign-ups, a ceiling on what a botnet can make the shop mail (issue 31).
   */
  NEWSLETTER_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Back-in-stock alerts the whole shop takes an hour (each mails its address later). */
  STOCK_ALERTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Postcode lookups per address and minute (`GET /api/ext/address/lookup`): a shopper needs a few. */
  ADDRESS_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** PDOK Locatieserver (https://api.pdok.nl, no key) for the postcode lookup; unset, the built-in one with the demo's addresses. */
  PDOK_LOCATIESERVER_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Reads of a guest's order with its token, per address: the status API and `/bestelling/…` each. */
  ORDER_STATUS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Real Adyen (Checkout API v72); unset, the built-in Adyen-compatible test gateway answers. */
  ADYEN_API_KEY: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADYEN_MERCHANT_ACCOUNT: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADYEN_HMAC_KEY: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADYEN_ENVIRONMENT: z.enum(["TEST", "LIVE"]).default("TEST"),
  /** LIVE only: the prefix of the account's live endpoints (Customer Area → Developers → API URLs). */
  ADYEN_LIVE_URL_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/,
      "must be the prefix Adyen gives, such as 1797a841fbb37ca7-AdyenDemo",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The built-in test gateway: captured at authorisation (Adyen's default) or by `/captures` only. */
  /**
   * How long the built-in gateway leaves a claimed notification to the instance that claimed it
   * before another instance sends it again: an instance killed mid-delivery holds it this long.
   */
  ADYEN_TEST_NOTIFICATION_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  ADYEN_TEST_GATEWAY_CAPTURE: z.enum(["immediate", "manual"]).default("immediate"),
  /** Catalogue change notices within this window share one index rebuild. */
  CATALOG_REFRESH_DEBOUNCE_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** Bytes the catalogue search answer cache may hold, in MiB (docs/decisions/0009); 0 turns it off. */
  CATALOG_ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(64),
  /**
   * A Voyado Elevate cluster (its id, `w00000000`, or a URL) for recommendations, listings and
   * autocomplete; unset, the built-in service at /api/storefront/v3/ answers (docs/decisions/0018).
   */
  /* Newsletter, customer data, analytics and consent (issue 15) */
  /**
   * The Google Tag Manager container (GTM-XXXXXXX). Unset or empty: no tag manager, no data
   * layer and no cookie banner (transactional §4: a missing id logs a warning and disables tracking).
   */
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, "must look like GTM-XXXXXXX")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ELEVATE_CLUSTER_ID: z
    .string()
    .regex(/^[\w.:/-]{1,200}$/, "an Elevate cluster id (w00000000) or a URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /*
   * Storyblok as the CMS (issue 24; README "Going live"). With an access token the shop reads its
   * stories from Storyblok's Content Delivery API instead of the built-in CMS.
   */
  STORYBLOK_ACCESS_TOKEN: optionalText(200),
  /** The space's preview token: draft previews in Storyblok's visual editor (needs STORYBLOK_SPACE_ID). */
  STORYBLOK_PREVIEW_TOKEN: optionalText(200),
  STORYBLOK_SPACE_ID: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STORYBLOK_REGION: z.enum(["eu", "us", "ap", "ca", "cn"]).default("eu"),
  /** Checks the signature (`webhook-signature`) of Storyblok's publish webhook. */
  STORYBLOK_WEBHOOK_SECRET: optionalText(200),
  /** Another Content Delivery API than the region's (a proxy, or the built-in CMS in tests). */
  STORYBLOK_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /*
   * Voyado Engage as the customer-data platform (issue 24; README "Going live"): contacts with an
   * email address, their email preference and newsletter consent go to this tenant.
   */
  VOYADO_ENGAGE_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ""))
    .optional()
    .or(z.literal("").transform(() => undefined)),
  VOYADO_ENGAGE_API_KEY: optionalText(200),
  /** How often contacts Engage has not had yet are sent. */
  VOYADO_ENGAGE_SYNC_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  /** The cluster's Api-Key: paid orders are reported to it (Elevate's secure payment notification). */
  ELEVATE_API_KEY: optionalText(256),
  /** Bearer token of the CMS editor API; without it the editor API answers 401. */
  CMS_EDITOR_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Signs CMS preview tokens; unset, one is generated into DATA_DIR (set it when running several instances). */
  CMS_PREVIEW_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** How long a CMS preview token stays valid. */
  CMS_PREVIEW_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(3600),
  /** How often the CMS looks for scheduled releases that are due. */
  CMS_SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  /** Bytes the resized images in DATA_DIR/image-cache may take, in MiB; the least recently used go first. */
  IMAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1_048_576).default(512),
  /** The HTML output cache of guest catalogue and CMS pages (docs/decisions/0008); `off` renders every request. */
  HTML_CACHE: z
    .enum(["on", "off", "true", "false", "1", "0"])
    .transform((v) => v === "on" || v === "true" || v === "1")
    .default(true),
  /** Bytes the in-process HTML cache may hold (without REDIS_URL), in MiB. */
  HTML_CACHE_MAX_MB: z.coerce.number().int().min(1).max(16_384).default(64),
  /** Key prefix of the HTML cache in Redis, so several shops (or test runs) can share one Redis. */
  HTML_CACHE_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, "letters, digits and _ : . - only (at most 64)")
    .default("etalage:html:"),
  /**
   * Threads that render whole pages beside the request thread (docs/decisions/0011); `auto` is one
   * fewer than the machine's cores, 0 renders every page in the request thread.
   */
  // Accounts and mail (issue 12)
  /** An SMTP server (smtp://user:pass@host:587, smtps://…) for transactional mail; unset, mail goes to the built-in mailbox. */
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:/.test(url), "must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Passkeys (issue 12, beyond the spec): the relying party id, the shop's domain (`etalage.nl`),
   * and the origin the browser signs in from (`https://www.etalage.nl`). Unset, each is taken from
   * the request's Host. Browsers refuse an IP address as relying party id.
   */
  PASSKEY_RP_ID: z
    .string()
    .regex(
      /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
      "must be a domain name such as etalage.nl",
    )
    .refine((host) => isIP(host) === 0, "must be a domain name, not an IP address (browsers refuse one)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PASSKEY_ORIGIN: z
    .string()
    .url()
    .refine((o) => new URL(o).origin === o, "must be an origin like https://www.etalage.nl (no path)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The sender of transactional mail. */
  MAIL_FROM: z.string().min(3).default("Etalage <service@etalage.nl>"),
  /** How often the mail worker looks for mail to deliver. */
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(20).max(600_000).default(1000),
  // Outgoing webhooks (issue 25; README "Webhooks and exports").
  /**
   * Endpoints that get the shop's webhooks, `;`-separated, each `url secret [event ...]`
   * (core parseWebhookEndpoints); kept in step with the database at start.
   */
  WEBHOOK_ENDPOINTS: z
    .string()
    .default("")
    .transform((text, ctx) => {
      const parsed = parseWebhookEndpoints(text);
      if (parsed.ok) return parsed.endpoints;
      ctx.addIssue({ code: "custom", message: parsed.problem });
      return z.NEVER;
    }),
  /** Waits after each failed try, e.g. `5s,5m,30m,2h`; after the last the delivery has failed. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default(STANDARD_RETRY_SCHEDULE)
    .transform((text, ctx) => {
      const delays = parseDurations(text);
      if (delays) return delays;
      ctx.addIssue({ code: "custom", message: "must be durations like 5s,5m,30m,2h (ms, s, m, h or d)" });
      return z.NEVER;
    }),
  /** How long a delivery an instance took stays its own; a killed instance's passes on after it. */
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /** How long a receiver may take to answer (Standard Webhooks: 15 to 30 s); shorter than the lease. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** How often the webhook worker looks for deliveries that are due. */
  WEBHOOK_WORKER_INTERVAL_MS: z.coerce.number().int().min(20).max(600_000).default(1000),
  SSR_RENDER_THREADS: z
    .union([z.literal("auto"), z.coerce.number().int().min(0).max(64)])
    .default("auto")
    .transform((v) => (v === "auto" ? Math.max(0, os.availableParallelism() - 1) : v)),
});

export type Config = Omit<z.infer<typeof schema>, "PUBLIC_URL"> & {
  PUBLIC_URL: string;
  /** PUBLIC_URL was not set: links name http://localhost:{PORT}, which main.ts warns about. */
  publicUrlDefaulted: boolean;
  dataDir: string;
  dev: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  const adyen = adyenProblems(c);
  if (adyen.length > 0) throw new Error(`Invalid configuration: ${adyen.join("; ")}`);
  const missing = requiredTogether(c);
  if (missing) throw new Error(`Invalid configuration: ${missing}`);
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT || 3000}`,
    publicUrlDefaulted: c.PUBLIC_URL === undefined,
    dataDir: path.resolve(projectRoot, c.DATA_DIR),
    dev: c.NODE_ENV === "development",
  };
}

/**
 * Real Adyen needs all of it (issue 30): without the HMAC key anyone could post a notification
 * that pays an order, and Adyen's client refuses LIVE without the endpoint prefix.
 */
function adyenProblems(c: {
  ADYEN_API_KEY?: string | undefined;
  ADYEN_MERCHANT_ACCOUNT?: string | undefined;
  ADYEN_HMAC_KEY?: string | undefined;
  ADYEN_ENVIRONMENT: "TEST" | "LIVE";
  ADYEN_LIVE_URL_PREFIX?: string | undefined;
}): string[] {
  if (!c.ADYEN_API_KEY) return [];
  const problems: string[] = [];
  if (!c.ADYEN_MERCHANT_ACCOUNT) problems.push("ADYEN_MERCHANT_ACCOUNT: required with ADYEN_API_KEY");
  if (!c.ADYEN_HMAC_KEY)
    problems.push("ADYEN_HMAC_KEY: required with ADYEN_API_KEY (the webhook's HMAC key, 64 hex characters)");
  else if (!/^[0-9A-Fa-f]{64}$/.test(c.ADYEN_HMAC_KEY))
    problems.push("ADYEN_HMAC_KEY: must be the webhook's HMAC key, 64 hex characters");
  if (c.ADYEN_ENVIRONMENT === "LIVE" && !c.ADYEN_LIVE_URL_PREFIX)
    problems.push(
      "ADYEN_LIVE_URL_PREFIX: required with ADYEN_ENVIRONMENT=LIVE (Customer Area → Developers → API URLs)",
    );
  return problems;
}

/** Settings that only work together: the first one missing, named. */
function requiredTogether(c: z.infer<typeof schema>): string | undefined {
  if (c.STORYBLOK_PREVIEW_TOKEN && !c.STORYBLOK_ACCESS_TOKEN)
    return "STORYBLOK_ACCESS_TOKEN: is required with STORYBLOK_PREVIEW_TOKEN";
  if (c.STORYBLOK_PREVIEW_TOKEN && !c.STORYBLOK_SPACE_ID)
    return "STORYBLOK_SPACE_ID: is required with STORYBLOK_PREVIEW_TOKEN (the visual editor's preview check)";
  if (c.ELEVATE_API_KEY && !c.ELEVATE_CLUSTER_ID)
    return "ELEVATE_CLUSTER_ID: is required with ELEVATE_API_KEY";
  if (c.VOYADO_ENGAGE_URL && !c.VOYADO_ENGAGE_API_KEY)
    return "VOYADO_ENGAGE_API_KEY: is required with VOYADO_ENGAGE_URL";
  if (c.WEBHOOK_TIMEOUT_MS >= c.WEBHOOK_LEASE_MS)
    return "WEBHOOK_TIMEOUT_MS: must be shorter than WEBHOOK_LEASE_MS (a slow answer would outlive the lease)";
  if (c.VOYADO_ENGAGE_API_KEY && !c.VOYADO_ENGAGE_URL)
    return "VOYADO_ENGAGE_URL: is required with VOYADO_ENGAGE_API_KEY (https://{tenant}.voyado.com)";
  return undefined;
}
