/**
 * The output cache of catalogue search answers (ARCHITECTURE "output cache"): the encoded answer
 * per canonical request, least recently used first out when the bytes it holds pass the bound.
 * It belongs to one catalogue: `CatalogIndex` clears it whenever a new snapshot is swapped in.
 */
import { LRUCache } from "lru-cache";
import { BUFFER_OVERHEAD, owned } from "../buffers.ts";

export interface CachedAnswer {
  /** The answer's UTF-8 JSON (the cache puts an exact-size copy in its place: buffers.ts). */
  body: Buffer;
  /** The same, brotli-compressed, once a client that accepts brotli asked for it. */
  br?: Buffer;
}

export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

/** What an entry costs besides its bytes and key: its objects and lru-cache's slots (measured: ≈ 550 B). */
const ENTRY_OVERHEAD = 600;

const sizeOf = (entry: CachedAnswer, key: string) =>
  key.length * 2 +
  entry.body.length +
  BUFFER_OVERHEAD +
  (entry.br ? entry.br.length + BUFFER_OVERHEAD : 0) +
  ENTRY_OVERHEAD;

export class AnswerCache {
  private lru: LRUCache<string, CachedAnswer> | undefined;
  private hits = 0;
  private misses = 0;

  constructor(private maxBytes: number) {
    this.lru = makeLru(maxBytes);
  }

  get enabled(): boolean {
    return this.lru !== undefined;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.lru?.get(key);
    if (entry) this.hits++;
    else this.misses++;
    return entry;
  }

  set(key: string, entry: CachedAnswer): void {
    if (!this.lru) return;
    entry.body = owned(entry.body);
    if (entry.br) entry.br = owned(entry.br);
    this.lru.set(key, entry);
  }

  /** Adds the brotli form to an entry and counts its bytes. */
  addBrotli(key: string, entry: CachedAnswer, br: Buffer): void {
    if (this.lru?.peek(key) !== entry) {
      entry.br = br;
      return;
    }
    entry.br = owned(br);
    // Set again so the cache weighs it anew (it may evict others, or this one if too large now).
    this.lru.set(key, entry);
  }

  clear(): void {
    this.lru?.clear();
  }

  /** A new bound, emptying the cache; 0 turns it off (the benchmark measures with and without). */
  resize(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.lru = makeLru(maxBytes);
  }

  stats(): AnswerCacheStats {
    return {
      entries: this.lru?.size ?? 0,
      bytes: this.lru?.calculatedSize ?? 0,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
    };
  }
}

function makeLru(maxBytes: number): LRUCache<string, CachedAnswer> | undefined {
  if (maxBytes <= 0) return undefined;
  return new LRUCache<string, CachedAnswer>({
    maxSize: maxBytes,
    // One huge answer (a page of 4,000 full documents) must not flush everything else.
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
    sizeCalculation: sizeOf,
  });
}
