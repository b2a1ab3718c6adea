/** Catalogue search: full text, `_source` filtering, GET with ?request=, and the other entity types. */
import type { Product } from "@etalage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false });
});
afterAll(() => server?.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
async function search(type: string, body: unknown, query = ""): Promise<{ status: number; body: any }> {
  const res = await server.post(`/api/catalog/catalog_nl/${type}/_search${query}`, body);
  return { status: res.status, body: await res.json() };
}
const products = async (text: string, size = 5) =>
  (await search("product", { _searchText: text }, `?size=${size}`)).body.items as Product[];

describe("full-text search", () => {
  it("finds a product first by its exact sku or child sku", async () => {
    expect((await products("OVH1000"))[0]!.sku).toBe("OVH1000");
    const parent = (await products("OVH1000"))[0]!;
    const child = parent.configurable_children![2]!.sku;
    expect((await products(child.toLowerCase()))[0]!.sku).toBe("OVH1000");
  });

  it("answers 'herenschoenen' with shoes", async () => {
    const found = await products("herenschoenen");
    expect(found.length).toBe(5);
    for (const p of found) expect(p.category_ids).toContain(20);
  });

  it("answers 'blauwe sneaker' with sneakers in a blue colour first", async () => {
    const found = await products("blauwe sneaker", 3);
    for (const p of found) {
      expect(p.category_ids).toContain(21);
      const colors = [p.color, ...(p.configurable_children ?? []).map((c) => c.color)];
      expect(colors.some((c) => ["51", "52", "53"].includes(String(c)))).toBe(true);
    }
  });

  it("answers the typo 'sneker' with sneakers and 'leren riem' with leather belts", async () => {
    expect((await products("sneker"))[0]!.name).toMatch(/sneaker/i);
    expect((await products("leren riem"))[0]!.name).toMatch(/^Leren riem/);
    expect((await products("chelsea boot suede"))[0]!.name).toMatch(/^Suède chelsea boot/);
  });

  it("combines text with filters and facets", async () => {
    const a = await search("product", {
      _searchText: "overhemd",
      _appliedFilters: [{ attribute: "color", value: { in: ["50"] }, scope: "catalog" }],
      _availableFilters: [{ field: "color", scope: "catalog" }],
    });
    expect(a.body.total).toBeGreaterThan(0);
    const white = a.body.aggregations.filters[0].options.find((o: { id: string }) => o.id === "50");
    expect(white).toMatchObject({ label: "Wit", count: a.body.total });
  });

  it("finds nothing for gibberish, with a 200", async () => {
    const a = await search("product", { _searchText: "qwxzv plmok" });
    expect(a.status).toBe(200);
    expect(a.body.total).toBe(0);
  });
});

describe("_source_include and _source_exclude", () => {
  it("keeps only the included dotted paths, through lists", async () => {
    const a = await search(
      "product",
      { _appliedFilters: [{ attribute: "sku", value: "OVH1000" }] },
      "?_source_include=sku,name,configurable_children.sku,stock.is_in_stock",
    );
    const [p] = a.body.items;
    expect(Object.keys(p).sort()).toEqual(["configurable_children", "name", "sku", "stock"]);
    expect(Object.keys(p.stock)).toEqual(["is_in_stock"]);
    expect(p.configurable_children.every((c: object) => Object.keys(c).join() === "sku")).toBe(true);
  });

  it("drops the excluded paths and keeps the rest", async () => {
    const a = await search(
      "product",
      { _appliedFilters: [{ attribute: "sku", value: "OVH1000" }] },
      "?_source_exclude=configurable_children,media_gallery,stock.qty",
    );
    const [p] = a.body.items;
    expect(p.configurable_children).toBeUndefined();
    expect(p.media_gallery).toBeUndefined();
    expect(p.stock.qty).toBeUndefined();
    expect(p.stock.is_in_stock).toBe(true);
    expect(p.sku).toBe("OVH1000");
  });
});

describe("GET with ?request=", () => {
  it("answers the same as POST", async () => {
    const body = {
      _appliedFilters: [{ attribute: "category_ids", value: { in: [21] } }],
      _availableFilters: [{ field: "color", scope: "catalog" }],
      _appliedSort: [{ field: "final_price", options: "desc" }],
    };
    const post = await search("product", body, "?size=5");
    const res = await server.get(
      `/api/catalog/catalog_nl/product/_search?size=5&request=${encodeURIComponent(JSON.stringify(body))}`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(post.body);
  });

  it("names the field of a bad request parameter", async () => {
    const bad = await server.get(
      `/api/catalog/catalog_nl/product/_search?request=${encodeURIComponent('{"_appliedSort":[{"field":"name","options":"up"}]}')}`,
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).result).toMatch(/^querystring\.request\._appliedSort\[0\]\.options: /);
    const junk = await server.get("/api/catalog/catalog_nl/product/_search?request=%7Bnope");
    expect((await junk.json()).result).toMatch(/^querystring\.request: is not JSON/);
  });
});

describe("index and entity type", () => {
  it("refuses another index and an unknown entity type", async () => {
    const index = await server.post("/api/catalog/catalog_de/product/_search", {});
    expect(index.status).toBe(400);
    expect((await index.json()).result).toMatch(/^params\.index: /);
    const type = await search("review", {});
    expect(type.status).toBe(400);
    expect(type.body).toEqual({
      code: 400,
      result: "No entity type registered for review",
      meta: { errors: [{ path: "params.entityType", message: "No entity type registered for review" }] },
    });
  });

  it("searches categories by level and id, in position order", async () => {
    const top = await search("category", { _appliedFilters: [{ attribute: "level", value: 2 }] });
    expect(top.body.items.map((c: { name: string }) => c.name)).toEqual([
      "Kleding",
      "Schoenen",
      "Accessoires",
      "Nieuw",
      "Sale",
    ]);
    const byId = await search(
      "category",
      { _appliedFilters: [{ attribute: "id", value: { in: [21, 11] } }] },
      "?_source_include=id",
    );
    expect(byId.body.items.map((c: { id: number }) => c.id).sort()).toEqual([11, 21]);
    const byPath = await search("category", {
      _appliedFilters: [{ attribute: "url_path", value: top.body.items[1].url_path }],
    });
    expect(byPath.body.items[0].name).toBe("Schoenen");
  });

  it("searches attributes by code, tax rules, redirects and landing pages", async () => {
    const attrs = await search("attribute", {
      _appliedFilters: [{ attribute: "attribute_code", value: { in: ["color", "size"] } }],
    });
    expect(attrs.body.items.map((a: { attribute_code: string }) => a.attribute_code).sort()).toEqual([
      "color",
      "size",
    ]);
    const rules = await search("taxrule", {});
    expect(rules.body.total).toBe(2);
    const redirect = await search("redirect", {
      _appliedFilters: [{ attribute: "request_path", value: "sneakers" }],
    });
    expect(redirect.body.items).toHaveLength(1);
    expect(redirect.body.items[0]).toMatchObject({ request_path: "sneakers", redirect_type: 301 });
    const landing = await search("landing_page", {
      _appliedFilters: [{ attribute: "url_path", value: "zwarte-sneakers" }],
    });
    expect(landing.body.items[0]).toMatchObject({ url_path: "zwarte-sneakers", category_id: 21 });
    const byCategory = await search("landing_page", {
      _appliedFilters: [{ attribute: "category_id", value: 11 }],
    });
    expect(byCategory.body.total).toBe(2);
  });

  it("answers CMS types with the CMS's published pages and names unknown entity fields", async () => {
    const pages = await search("cms_page", {});
    expect(pages.body.items.map((p: { identifier: string }) => p.identifier)).toContain("over-ons");
    const bad = await search("category", { _appliedFilters: [{ attribute: "colour", value: 1 }] });
    expect(bad.body.result).toBe('body._appliedFilters[0].attribute: Unknown filter attribute "colour"');
  });
});
