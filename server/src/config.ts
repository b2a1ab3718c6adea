import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
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
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((text) =>
      text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .url("must be origins like https://www.example.nl")
          .refine((o) => new URL(o).origin === o, "must be origins like https://www.example.nl (no path)"),
      ),
    ),
  /** How long SIGTERM waits for in-flight requests before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
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
  // Checkout (issue 13).
  /** Minutes an online payment may take; then the order is canceled and its stock released. */
  PAYMENT_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /**
   * Orders one address may place per minute (`POST /api/order`): enough for a household behind
   * one router, too few to hold a product's stock hostage with unpaid orders.
   */
  /**
   * Client addresses that no per-address rate limit counts (comma-separated): an operator's own
   * monitoring, or the browser suite, whose every shopper comes from 127.0.0.1. Per-email limits
   * (failed logins, reset mails) still hold for them.
   */
  RATE_LIMIT_ALLOW: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()]))),
  ORDERS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
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
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT || 3000}`,
    publicUrlDefaulted: c.PUBLIC_URL === undefined,
    dataDir: path.resolve(projectRoot, c.DATA_DIR),
    dev: c.NODE_ENV === "development",
  };
}
