import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { BUFFER_OVERHEAD, owned } from "../buffers.ts";

/*
 * Where the HTML output cache keeps pages (docs/decisions/0008-html-output-cache.md): in this
 * process, an LRU bounded by bytes; with REDIS_URL, Redis, shared by every instance, with each tag
 * a Redis set of the keys of the pages that carry it.
 */

/** Browsing §9 "output cache TTL 86400 s": the longest a page is kept. */
export const HTML_CACHE_TTL_SECONDS = 86_400;

/** A stored response: the bytes exactly as sent, already compressed for its encoding class. */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  /** The Content-Encoding of `body`; `identity` for uncompressed. */
  encoding: EncodingClass;
  body: Buffer;
  /** Epoch milliseconds, for the Age header. */
  storedAt: number;
}

export type EncodingClass = "br" | "gzip" | "identity";

export interface HtmlCacheStore {
  readonly kind: "memory" | "redis";
  get(key: string): Promise<CachedPage | undefined>;
  /** Keeps `page` for `ttlMs` milliseconds (at most {@link HTML_CACHE_TTL_SECONDS}). */
  set(key: string, page: CachedPage, tags: readonly string[], ttlMs: number): Promise<void>;
  /** Drops every page carrying any of `tags`; answers how many were dropped. */
  invalidate(tags: readonly string[]): Promise<number>;
  close(): Promise<void>;
}

/** Header bytes are small next to a page, but a bound that ignored them would let many tiny pages past it. */
function pageSize(page: CachedPage): number {
  let size = page.body.length + BUFFER_OVERHEAD + 64;
  for (const [name, value] of Object.entries(page.headers)) size += name.length + value.length;
  return size;
}

/**
 * A page's entries in the tag index: a category page carries a tag per product it shows, and
 * uncounted they added 3.3 kB to a 14 kB page (measured: 35 tags ≈ 95 bytes each).
 */
const tagsSize = (tags: readonly string[]) => tags.reduce((size, tag) => size + tag.length + 80, 0);

/** The page's own objects and its slots in lru-cache and the index (measured: ≈ 700 bytes). */
const ENTRY_OVERHEAD = 700;

export class MemoryHtmlStore implements HtmlCacheStore {
  readonly kind = "memory";
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly tagsByKey = new Map<string, readonly string[]>();

  constructor(maxBytes: number) {
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: maxBytes,
      sizeCalculation: pageSize,
      // An evicted, expired or replaced page leaves the tag index with it.
      dispose: (_page, key) => this.unindex(key),
    });
  }

  async get(key: string) {
    return this.pages.get(key);
  }

  async set(key: string, page: CachedPage, tags: readonly string[], ttlMs: number) {
    // Compressed pages are views of zlib's 16 KiB output chunks: keep only the page's own bytes.
    const stored = { ...page, body: owned(page.body) };
    const size = pageSize(stored) + tagsSize(tags) + key.length + ENTRY_OVERHEAD;
    // A page larger than the whole cache is not stored (lru-cache refuses it).
    if (size > this.pages.maxSize) return;
    this.pages.set(key, stored, { ttl: Math.max(1, Math.ceil(ttlMs)), size });
    // `set` disposed the previous page at this key (and its index entries) before this point.
    if (!this.pages.has(key)) return;
    this.tagsByKey.set(key, tags);
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (keys) keys.add(key);
      else this.keysByTag.set(tag, new Set([key]));
    }
  }

  async invalidate(tags: readonly string[]) {
    const keys = new Set<string>();
    for (const tag of tags) for (const key of this.keysByTag.get(tag) ?? []) keys.add(key);
    for (const key of keys) this.pages.delete(key);
    return keys.size;
  }

  async close() {
    this.pages.clear();
  }

  /** Bytes held, for tests and diagnostics. */
  get size(): number {
    return this.pages.calculatedSize;
  }

  private unindex(key: string) {
    const tags = this.tagsByKey.get(key);
    if (!tags) return;
    this.tagsByKey.delete(key);
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}

/**
 * Deletes the pages in each tag's set and the set itself, in one step on the server: no other
 * instance can add a page to a tag between our reading its members and deleting them.
 */
const INVALIDATE_SCRIPT = `
local dropped = 0
for _, tag in ipairs(KEYS) do
  local pages = redis.call('SMEMBERS', tag)
  for i = 1, #pages, 500 do
    dropped = dropped + redis.call('DEL', unpack(pages, i, math.min(i + 499, #pages)))
  end
  redis.call('DEL', tag)
end
return dropped
`;

/**
 * Redis: a page is one string value (a length-prefixed JSON head, then the body) under
 * `{prefix}page:{sha256 of the key}`, expiring with its TTL; a tag is the set `{prefix}tag:{tag}`
 * of page keys, whose own expiry is pushed out to the longest TTL with each page added. Commands
 * fail fast when Redis is away (no offline queue): the cache is then bypassed, never waited for.
 */
export class RedisHtmlStore implements HtmlCacheStore {
  readonly kind = "redis";

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix: string, log: Logger): Promise<RedisHtmlStore> {
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      // Keep trying in the background; the shop renders uncached meanwhile.
      retryStrategy: (times) => Math.min(times * 200, 5000),
    });
    let warned = false;
    redis.on("error", (err) => {
      if (!warned) log.warn({ err }, "HTML cache: Redis unavailable; pages render uncached until it is back");
      warned = true;
    });
    redis.on("ready", () => {
      if (warned) log.info("HTML cache: Redis is back");
      warned = false;
    });
    await redis.connect().catch(() => {});
    return new RedisHtmlStore(redis, prefix);
  }

  private pageKey(key: string) {
    return `${this.prefix}page:${createHash("sha256").update(key).digest("base64url")}`;
  }

  private tagKey(tag: string) {
    return `${this.prefix}tag:${tag}`;
  }

  async get(key: string) {
    const raw = await this.redis.getBuffer(this.pageKey(key));
    return raw ? decodePage(raw) : undefined;
  }

  async set(key: string, page: CachedPage, tags: readonly string[], ttlMs: number) {
    const pageKey = this.pageKey(key);
    const multi = this.redis.multi().set(pageKey, encodePage(page), "PX", Math.max(1, Math.ceil(ttlMs)));
    // A tag outlives every page in it: a page kept briefly (a special price ending) must not
    // shorten the set that reaches the day-long pages beside it.
    for (const tag of tags)
      multi.sadd(this.tagKey(tag), pageKey).expire(this.tagKey(tag), HTML_CACHE_TTL_SECONDS);
    await multi.exec();
  }

  async invalidate(tags: readonly string[]) {
    if (tags.length === 0) return 0;
    const keys = tags.map((tag) => this.tagKey(tag));
    return Number(await this.redis.eval(INVALIDATE_SCRIPT, keys.length, ...keys));
  }

  async close() {
    this.redis.disconnect();
  }
}

function encodePage(page: CachedPage): Buffer {
  const head = Buffer.from(
    JSON.stringify({
      status: page.status,
      headers: page.headers,
      encoding: page.encoding,
      storedAt: page.storedAt,
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, page.body]);
}

function decodePage(raw: Buffer): CachedPage | undefined {
  if (raw.length < 4) return undefined;
  const headLength = raw.readUInt32BE(0);
  try {
    const head = JSON.parse(raw.subarray(4, 4 + headLength).toString()) as Omit<CachedPage, "body">;
    return { ...head, body: raw.subarray(4 + headLength) };
  } catch {
    // A value written by another version of the shop: treat as a miss.
    return undefined;
  }
}
