/**
 * How `/api/catalog` answers go out: the bytes equal the search result, whichever way they were
 * made (encoded afresh, spliced from documents encoded before, or from the answer cache);
 * brotli, gzip and identity carry the same answer; a catalogue change empties the cache.
 */
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { importCatalogText } from "../src/services/catalog-import.ts";
import { catalogSearch } from "../src/services/catalog-search.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false });
});
afterAll(async () => {
  if (!server) return;
  await server.services.database.db.execute("delete from stock where sku like 'T-ANS-%'");
  await server.services.database.db.execute("delete from products where id between 9400000 and 9499999");
  await server.close();
});

const URL = "/api/catalog/catalog_nl/product/_search";
const CARD_FIELDS =
  "id,sku,name,image,price_incl_tax,final_price_incl_tax,*_options,configurable_children.sku";
const browse = {
  _appliedFilters: [{ attribute: "category_ids", value: { in: [21] } }],
  _availableFilters: [{ field: "color", scope: "catalog" }, { field: "price" }],
  _appliedSort: [{ field: "final_price", options: "desc" }],
};

/** What the index answers in-process for the same request. */
const expected = (query: { from?: number; size?: number; include?: string[] }, body: object = browse) =>
  JSON.parse(
    JSON.stringify(
      catalogSearch(server.services.catalog, {
        index: "catalog_nl",
        entityType: "product",
        body,
        from: query.from,
        size: query.size,
        sourceInclude: query.include,
      }),
    ),
  );

describe("the answer's bytes", () => {
  it("equal the search result, full documents and a field list, first and when cached", async () => {
    for (const [query, qs] of [
      [{ from: 24, size: 24 }, "?from=24&size=24"],
      [{ size: 10, include: CARD_FIELDS.split(",") }, `?size=10&_source_include=${CARD_FIELDS}`],
    ] as const) {
      const want = expected(query);
      expect(want.items.length).toBeGreaterThan(0);
      const first = await server.post(`${URL}${qs}`, browse);
      expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const firstText = await first.text();
      expect(JSON.parse(firstText)).toEqual(want);
      const hits = server.services.catalog.answers.stats().hits;
      const again = await server.get(`${URL}${qs}&request=${encodeURIComponent(JSON.stringify(browse))}`);
      expect(await again.text()).toBe(firstText);
      // GET ?request= with the same body is the same request to the cache.
      expect(server.services.catalog.answers.stats().hits).toBe(hits + 1);
    }
  });

  it("spliced product texts are per field list: a full and a projected answer never mix", async () => {
    const body = { _appliedFilters: [{ attribute: "category_ids", value: { in: [21] } }] };
    const full = await (await server.post(`${URL}?size=5`, body)).json();
    const projected = await (await server.post(`${URL}?size=5&_source_include=sku`, body)).json();
    const excluded = await (
      await server.post(`${URL}?size=5&_source_exclude=configurable_children`, body)
    ).json();
    expect(projected.items).toEqual(full.items.map((p: { sku: string }) => ({ sku: p.sku })));
    expect(full.items[0].configurable_children.length).toBeGreaterThan(0);
    expect(excluded.items.every((p: object) => !("configurable_children" in p))).toBe(true);
    expect(excluded.items[0].sku).toBe(full.items[0].sku);
  });

  it("carries the same answer in brotli, gzip and identity", async () => {
    const qs = "?size=24";
    const identity = await server.post(`${URL}${qs}`, browse, { headers: { "accept-encoding": "identity" } });
    expect(identity.headers.get("content-encoding")).toBeNull();
    const text = await identity.text();
    // Raw bytes, so the brotli stream itself is checked (fetch would decode it).
    const raw = await rawPost(`${URL}${qs}`, browse, "br, gzip");
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(raw.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(raw.body).toString()).toBe(text);
    const cachedBr = await rawPost(`${URL}${qs}`, browse, "br");
    expect(cachedBr.body.equals(raw.body)).toBe(true);
    const gzip = await server.post(`${URL}${qs}`, browse, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(text);
    // A client that prefers gzip gets gzip even though it would take brotli.
    const prefersGzip = await rawPost(`${URL}${qs}`, browse, "br;q=0.5, gzip");
    expect(prefersGzip.headers["content-encoding"]).toBe("gzip");
  });

  it("answers a bad request with the envelope's 400, and never caches it", async () => {
    const entries = server.services.catalog.answers.stats().entries;
    const res = await server.post(URL, { _appliedSort: [{ field: "nope" }] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 400,
      result: expect.stringContaining("_appliedSort[0].field"),
    });
    expect(server.services.catalog.answers.stats().entries).toBe(entries);
  });
});

describe("a catalogue change", () => {
  it("empties the answer cache: the next identical search sees the new catalogue", async () => {
    const body = { _appliedFilters: [{ attribute: "sku", value: "T-ANS-1" }] };
    const total = async () => (await (await server.post(`${URL}?size=5`, body)).json()).total as number;
    expect(await total()).toBe(0);
    expect(await total()).toBe(0);
    expect(server.services.catalog.answers.stats().entries).toBeGreaterThan(0);
    const outcome = await importCatalogText(server.services.database.db, record(9_400_001, "T-ANS-1"));
    expect(outcome.ok).toBe(true);
    // The same request again and again: a cache that outlived the refresh would answer 0 forever.
    await vi.waitFor(async () => expect(await total()).toBe(1), { timeout: 15_000, interval: 100 });
  });
});

function record(id: number, sku: string) {
  const url = `test-answer-${id}`;
  return `${JSON.stringify({
    type: "product",
    data: {
      id,
      sku,
      name: `Antwoord ${sku}`,
      type_id: "simple",
      status: 1,
      visibility: 4,
      url_key: url,
      url_path: url,
      slug: url,
      price: 10,
      tax_class_id: 2,
      stock: { qty: 1, is_in_stock: true },
      category: [],
      category_ids: [],
    },
  })}\n`;
}

async function rawPost(
  path: string,
  body: unknown,
  acceptEncoding: string,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { method: "POST", headers: { "content-type": "application/json", "accept-encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}
