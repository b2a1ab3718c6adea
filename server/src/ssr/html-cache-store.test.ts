import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { type CachedPage, MemoryHtmlStore } from "./html-cache-store.ts";

const DAY_MS = 86_400_000;

/** A brotli page as html-cache.ts stores it: a view of zlib's 16 KiB output chunk. */
function page(kb: number): CachedPage {
  const html = Buffer.from(`<!doctype html><main>${randomBytes(kb * 768).toString("base64")}</main>`);
  const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  return {
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8" },
    encoding: "br",
    body,
    storedAt: Date.now(),
  };
}

describe("MemoryHtmlStore memory bound", () => {
  it("holds no more page bytes than its bound, counted by what each page keeps alive", async () => {
    const maxBytes = 1024 * 1024;
    const store = new MemoryHtmlStore(maxBytes);
    const keys: string[] = [];
    for (let i = 0; i < 300; i++) {
      const key = `br:/kleding/overhemden/?page=${i}`;
      keys.push(key);
      await store.set(key, page(12), ["catalog", "category:11"], DAY_MS);
    }
    let held = 0;
    for (const key of keys) held += (await store.get(key))?.body.buffer.byteLength ?? 0;
    expect(held).toBeGreaterThan(maxBytes / 2);
    // Kept as zlib's views, 16 KiB per page where 12 KiB were counted: the bound was passed.
    expect(held).toBeLessThanOrEqual(maxBytes);
  });

  it("counts a page's tags, which a category page has one of per product it shows", async () => {
    const store = new MemoryHtmlStore(1024 * 1024);
    const stored = page(4);
    const tags = Array.from({ length: 500 }, (_, i) => `product:SKU-${String(i).padStart(30, "0")}`);
    await store.set("br:/kleding/", stored, tags, DAY_MS);
    const tagBytes = tags.reduce((sum, tag) => sum + tag.length, 0);
    expect(store.size).toBeGreaterThan(stored.body.length + tagBytes);
  });
});
