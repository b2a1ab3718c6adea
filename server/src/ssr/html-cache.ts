import { createHash } from "node:crypto";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import pino, { type Logger } from "pino";
import type { Services } from "../services/index.ts";
import { keyedRequest, renderedKey, SplitHtmlStore } from "./html-cache-key.ts";
import { type RenderRecord, recordRender } from "./html-cache-render.ts";
import { bypassReason, encodingClass, pagePath } from "./html-cache-request.ts";
import {
  type CachedPage,
  type EncodingClass,
  HTML_CACHE_TTL_SECONDS,
  type HtmlCacheStore,
  MemoryHtmlStore,
  RedisHtmlStore,
} from "./html-cache-store.ts";
import type { PageOrigins } from "./page-origin.ts";

/*
 * The HTML output cache (ARCHITECTURE "Guest HTML of catalogue and CMS pages is cached with tags";
 * docs/decisions/0008-html-output-cache.md). A guest's GET of a page is looked up by path, query
 * and accept-encoding class; a miss renders, and a cacheable answer is stored compressed with the
 * tags of everything its loaders read: `story:{full_slug}`, `category:{id}`, `product:{sku}` and
 * `catalog` for any catalogue read. A publish drops the story's pages; a catalogue refresh drops
 * every catalogue page. A page showing a special price is kept no longer than the price holds.
 * Script tags keep the nonce they were rendered with, but a stored page's
 * Content-Security-Policy lists the SHA-256 hashes of its inline scripts instead of a nonce, so a
 * cached page never shares a working nonce with anybody.
 */

/** The share of the in-process store that pages with a query string may fill (docs/decisions/0015). */
const QUERIED_SHARE = 0.25;

/** Pages bigger than this are sent, not stored: no page of ours comes near it. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The SHA-256 sources of every inline script of a document (those with a `src` need none). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? "") || !body) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy with its script nonce replaced by the hashes of the document's inline scripts. */
function hashBasedPolicy(policy: string, html: string): string {
  const hashes = inlineScriptHashes(html).join(" ");
  return policy
    .split(";")
    .map((directive) => {
      const trimmed = directive.trim();
      if (!/^script-src(?:-elem)?\s/i.test(trimmed)) return trimmed;
      const kept = trimmed.split(/\s+/).filter((source) => !source.startsWith("'nonce-"));
      return [...kept, ...(hashes ? [hashes] : [])].join(" ");
    })
    .join("; ");
}

function compress(html: Buffer, encoding: EncodingClass): Buffer {
  // The same settings as @fastify/compress in server/src/app.ts.
  if (encoding === "br")
    return zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
  if (encoding === "gzip") return zlib.gzipSync(html, { level: 6 });
  return html;
}

/** Response headers a stored page keeps; the rest (request id, date, length) belong to one response. */
const STORED_HEADERS = [
  "content-type",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-robots-tag",
  "link",
  "cache-control",
];

export interface HtmlCacheStats {
  hits: number;
  misses: number;
  stored: number;
  bypassed: number;
  invalidations: number;
}

export class HtmlCache {
  readonly stats: HtmlCacheStats = { hits: 0, misses: 0, stored: 0, bypassed: 0, invalidations: 0 };
  private readonly pending = new WeakMap<FastifyRequest, RenderRecord>();
  private epoch = 0;

  constructor(
    readonly store: HtmlCacheStore,
    private readonly log: Logger,
  ) {}

  /** The store the configuration asks for, subscribed to the CMS's and the catalogue's changes. */
  static async create(services: Services): Promise<HtmlCache> {
    const { config } = services;
    const log = pino({ name: "html-cache", level: config.LOG_LEVEL });
    const bytes = config.HTML_CACHE_MAX_MB * 1024 * 1024;
    const queried = Math.floor(bytes * QUERIED_SHARE);
    const store = config.REDIS_URL
      ? await RedisHtmlStore.connect(config.REDIS_URL, config.HTML_CACHE_PREFIX, log)
      : new SplitHtmlStore(new MemoryHtmlStore(bytes - queried), new MemoryHtmlStore(queried));
    const cache = new HtmlCache(store, log);
    services.cms.events.on("cms-published", (event) => {
      const slugs = [event.full_slug, event.previous_full_slug].filter((s): s is string => !!s);
      void cache.invalidate(slugs.map((slug) => `story:${slug}`));
    });
    services.catalogEvents.onRebuilt(() => cache.invalidate(["catalog"]));
    // Issue 18: a product page shows its approved reviews.
    services.reviews.events.on("changed", (sku) => void cache.invalidate([`product:${sku}`]));
    return cache;
  }

  async invalidate(tags: readonly string[]): Promise<number> {
    this.epoch++;
    this.stats.invalidations++;
    try {
      const dropped = await this.store.invalidate(tags);
      this.log.debug({ tags, dropped }, "HTML cache invalidated");
      return dropped;
    } catch (err) {
      this.log.warn({ err, tags }, "HTML cache invalidation failed");
      return 0;
    }
  }

  /**
   * Wraps the SSR handler: a hit is answered from the store, a miss renders with its reads
   * recorded. Registers, on the SSR routes' own instance, the onSend hook that stores the answer;
   * it runs before @fastify/compress's (a route-level hook), so it sees the page uncompressed.
   */
  install(
    instance: FastifyInstance,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    origins: PageOrigins,
  ): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
    instance.addHook("onSend", async (request, reply, payload) => this.onSend(request, reply, payload));
    return async (request, reply) => {
      if (bypassReason(request)) {
        this.stats.bypassed++;
        reply.header("x-cache", "BYPASS");
        return handler(request, reply);
      }
      const encoding = encodingClass(request.headers["accept-encoding"]);
      const query = request.url.indexOf("?");
      const keyed = keyedRequest(
        pagePath(request.url) as string,
        query < 0 ? "" : request.url.slice(query + 1),
      );
      // Without PUBLIC_URL a page names the host it was asked on (its canonical link): one per host.
      const key = origins.perHost
        ? `${encoding} ${origins.of(request)} ${keyed.key}`
        : `${encoding} ${keyed.key}`;
      const hit = await this.store.get(key).catch((err: unknown) => {
        this.log.warn({ err }, "HTML cache read failed");
        return undefined;
      });
      if (hit) {
        this.stats.hits++;
        return this.sendHit(reply, hit);
      }
      this.stats.misses++;
      reply.header("x-cache", "MISS");
      const record: RenderRecord = {
        tags: new Set(),
        uncacheable: false,
        key,
        request: keyed,
        encoding,
        epoch: this.epoch,
        startedAt: Date.now(),
        pricesChangeAt: undefined,
      };
      this.pending.set(request, record);
      return recordRender(record, () => handler(request, reply));
    };
  }

  private sendHit(reply: FastifyReply, page: CachedPage) {
    reply.status(page.status);
    for (const [name, value] of Object.entries(page.headers)) reply.header(name, value);
    if (page.encoding !== "identity") reply.header("content-encoding", page.encoding);
    reply.header("vary", "Accept-Encoding");
    reply.header("age", String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000))));
    reply.header("x-cache", "HIT");
    return reply.send(page.body);
  }

  private async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const record = this.pending.get(request);
    if (!record) return payload;
    this.pending.delete(request);
    if (!this.cacheable(record, reply)) return payload;
    if (Buffer.isBuffer(payload)) return this.storeWhole(record, reply, payload);
    if (payload && typeof (payload as Readable).pipe === "function") {
      return this.collectStream(record, reply, payload as Readable);
    }
    return payload;
  }

  private cacheable(record: RenderRecord, reply: FastifyReply): boolean {
    if (record.uncacheable || reply.statusCode !== 200) return false;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("text/html")) return false;
    if (reply.hasHeader("set-cookie") || reply.hasHeader("content-encoding")) return false;
    const cacheControl = String(reply.getHeader("cache-control") ?? "");
    return !/\b(?:private|no-store|no-cache)\b/i.test(cacheControl);
  }

  /**
   * A page rendered whole: its policy becomes hash-based for this answer too (so the miss and the
   * hits are the same response), and it is compressed here, once, for the answer and the store.
   */
  private storeWhole(record: RenderRecord, reply: FastifyReply, html: Buffer): Buffer {
    if (html.length > MAX_PAGE_BYTES) return html;
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy === "string")
      reply.header("content-security-policy", hashBasedPolicy(policy, html.toString()));
    const body = compress(html, record.encoding);
    if (record.encoding !== "identity") {
      reply.header("content-encoding", record.encoding);
      reply.header("vary", "Accept-Encoding");
    }
    this.save(record, reply, body, {});
    return body;
  }

  /** A streamed page goes out as it renders; a copy is gathered and stored once it has all come. */
  private collectStream(record: RenderRecord, reply: FastifyReply, stream: Readable): Readable {
    const chunks: Buffer[] = [];
    let size = 0;
    const headers = this.storedHeaders(reply);
    const tee = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        size += chunk.length;
        if (size <= MAX_PAGE_BYTES) chunks.push(chunk);
        done(null, chunk);
      },
      flush: (done) => {
        if (size <= MAX_PAGE_BYTES && !reply.raw.destroyed) {
          const html = Buffer.concat(chunks);
          const policy = headers["content-security-policy"];
          if (policy) headers["content-security-policy"] = hashBasedPolicy(policy, html.toString());
          this.save(record, reply, compress(html, record.encoding), headers);
        }
        done();
      },
    });
    // A render that fails or a shopper who leaves ends the stream early: nothing is stored then.
    pipeline(stream, tee).catch(() => {});
    return tee;
  }

  private storedHeaders(reply: FastifyReply): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const name of STORED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
    }
    return headers;
  }

  private save(record: RenderRecord, reply: FastifyReply, body: Buffer, headers: Record<string, string>) {
    // Invalidated while rendering: the page may show what was just replaced.
    if (record.epoch !== this.epoch) return;
    // A query the page turned out not to read (`?color=` on a product): stored, it would be a
    // copy of the page under a made-up key.
    if (renderedKey(record.request, record.page) !== record.request.key) return;
    const now = Date.now();
    // A special price that starts or ends within the day bounds the page's life.
    const ttlMs = Math.min(
      HTML_CACHE_TTL_SECONDS * 1000,
      (record.pricesChangeAt ?? Number.POSITIVE_INFINITY) - now,
    );
    // The boundary passed while the page rendered: its prices may already be out of date.
    if (ttlMs <= 0) return;
    const page: CachedPage = {
      status: 200,
      headers: { ...this.storedHeaders(reply), ...headers },
      encoding: record.encoding,
      body,
      storedAt: now,
    };
    this.stats.stored++;
    this.store
      .set(record.key, page, [...record.tags], ttlMs)
      .catch((err: unknown) => this.log.warn({ err }, "HTML cache write failed"));
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
