import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { owned } from "../buffers.ts";
import { AnswerCache, type CachedAnswer } from "./answer-cache.ts";

const brotli = (body: Buffer) =>
  zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });

/** Memory a Buffer keeps alive: its whole backing store, not only its own bytes. */
const held = (buffer: Buffer | undefined) => buffer?.buffer.byteLength ?? 0;

describe("AnswerCache memory bound", () => {
  it("holds no more memory than its bound, counted by what each answer keeps alive", () => {
    const maxBytes = 1024 * 1024;
    const cache = new AnswerCache(maxBytes);
    const entries = new Map<string, CachedAnswer>();
    // Small answers (a search with few hits), each with its brotli form, as the route keeps them:
    // zlib answers views of a 16 KiB chunk, and small Buffers are views of a shared pool.
    for (let i = 0; i < 5_000; i++) {
      const key = JSON.stringify(["product", 0, 18, "", { _searchText: `zoekterm ${i}` }]);
      const entry: CachedAnswer = { body: Buffer.from(`{"items":[],"total":0,"start":0,"n":${i}}`) };
      cache.set(key, entry);
      cache.addBrotli(key, entry, brotli(entry.body));
      entries.set(key, entry);
    }
    const stats = cache.stats();
    expect(stats.entries).toBeGreaterThan(100);
    expect(stats.bytes).toBeLessThanOrEqual(maxBytes);

    let kept = 0;
    for (const [key, entry] of entries) {
      if (cache.get(key) !== entry) continue;
      kept += held(entry.body) + held(entry.br);
    }
    // Without exact-size copies this was ≈ 16 KiB per entry: dozens of times the bound.
    expect(kept).toBeLessThanOrEqual(maxBytes);
  });

  it("copies only Buffers that share their memory", () => {
    const own = Buffer.allocUnsafeSlow(10_000).fill(1);
    expect(owned(own)).toBe(own);
    const view = brotli(Buffer.from("kort antwoord"));
    expect(view.buffer.byteLength).toBeGreaterThan(view.length);
    const copy = owned(view);
    expect(copy.equals(view)).toBe(true);
    expect(copy.buffer.byteLength).toBe(copy.length);
  });
});
