import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { CatalogEvents } from "../src/services/catalog-events.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * Catalogue import through the admin endpoint of a running server, on the shared seeded database:
 * test records live in their own id range and are removed afterwards.
 */

const TOKEN = "test-admin-token-0123456789";
let server: TestServer;
const previousToken = process.env.ADMIN_TOKEN;

const stock = (qty: number) => ({ qty, is_in_stock: qty > 0 });
const product = (id: number, sku: string, url: string, over: Record<string, unknown> = {}) => ({
  id,
  sku,
  name: `Testproduct ${sku}`,
  type_id: "simple",
  status: 1,
  visibility: 4,
  url_key: url,
  url_path: url,
  slug: url,
  price: 41.3223,
  tax_class_id: 2,
  stock: stock(5),
  category: [{ category_id: 9201, name: "Testimport", position: 1 }],
  category_ids: [9201],
  fit: "401",
  ...over,
});
const child = (id: number, sku: string) => ({
  id,
  sku,
  status: 1,
  price: 41.3223,
  url_path: sku.toLowerCase(),
  stock: stock(2),
  size: "102",
});
const records = {
  category: {
    id: 9201,
    parent_id: 2,
    level: 2,
    name: "Testimport",
    slug: "test-import",
    is_active: true,
    position: 99,
    path: "1/2/9201",
    url_key: "test-import",
    url_path: "test-import",
  },
  simple: product(9_200_001, "T-IMP-1", "test-import-riem"),
  configurable: product(9_200_002, "T-IMP-2", "test-import-overhemd", {
    type_id: "configurable",
    configurable_children: [child(9_200_003, "T-IMP-2-M"), child(9_200_004, "T-IMP-2-L")],
    product_links: [{ link_type: "colorrelation", linked_product_sku: "T-IMP-1", sku: "T-IMP-2" }],
  }),
  redirect: { id: 9201, request_path: "test-import-oud", target_path: "test-import", redirect_type: 301 },
  landing: {
    id: 9201,
    url_path: "test-import-landing",
    category_id: 9201,
    filter_attributes: '{"fit":["401"]}',
  },
};
const ndjson = (lines: [string, unknown][]) =>
  `${lines.map(([type, data]) => JSON.stringify({ type, data })).join("\n")}\n`;
const file = ndjson([
  ["category", records.category],
  ["product", records.simple],
  ["product", records.configurable],
  ["redirect", records.redirect],
  ["landing_page", records.landing],
]);

const importFile = (body: string, { token = TOKEN, query = "", type = "application/x-ndjson" } = {}) =>
  fetch(`${server.url}/api/admin/catalog/import${query}`, {
    method: "POST",
    headers: { "content-type": type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
const mapUrl = async (url: string) => (await server.post("/api/url/map", { url })).status;

async function snapshot() {
  const { db } = server.services.database;
  const rows = await Promise.all([
    db.execute(
      "select id, sku, parent_id, type_id, status, visibility, url_path, data from products where id between 9200000 and 9299999 order by id",
    ),
    db.execute(
      "select sku, product_id, qty, reserved, is_in_stock from stock where sku like 'T-IMP-%' order by sku",
    ),
    db.execute("select id, parent_id, url_path, data from categories where id = 9201"),
    db.execute("select id, request_path, target_path, redirect_type from redirects where id = 9201"),
    db.execute("select id, url_path, category_id, data from landing_pages where id = 9201"),
  ]);
  return rows.map((r) => r.rows);
}

beforeAll(async () => {
  process.env.ADMIN_TOKEN = TOKEN;
  server = await startTestServer({ storefront: false });
});
afterAll(async () => {
  if (previousToken === undefined) delete process.env.ADMIN_TOKEN;
  else process.env.ADMIN_TOKEN = previousToken;
  if (!server) return;
  const { db } = server.services.database;
  await db.execute("delete from stock where sku like 'T-IMP-%'");
  await db.execute("delete from products where id between 9200000 and 9299999");
  await db.execute("delete from landing_pages where id = 9201");
  await db.execute("delete from redirects where id = 9201");
  await db.execute("delete from categories where id = 9201");
  await server.close();
});

describe("POST /api/admin/catalog/import", () => {
  it("answers 401 without the admin token, with a wrong one, and always while ADMIN_TOKEN is unset", async () => {
    for (const token of ["", "wrong-token-wrong-token"]) {
      const res = await importFile(file, { token });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        code: 401,
        result: "authorization: a valid bearer token is required",
      });
    }
    const config = { ...server.services.config, ADMIN_TOKEN: undefined };
    const events = new CatalogEvents(server.services.database, { rebuild: async () => {}, debounceMs: 0 });
    const closed = await buildApp(
      { ...server.services, config, catalogEvents: events },
      { storefront: false },
    );
    const res = await closed.inject({
      method: "POST",
      url: "/api/admin/catalog/import",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/x-ndjson" },
      payload: file,
    });
    await closed.close();
    expect(res.statusCode).toBe(401);
    // The same answer as a wrong token: nothing tells a stranger whether the API is configured.
    expect(res.json()).toEqual({ code: 401, result: "authorization: a valid bearer token is required" });
    expect(await mapUrl("test-import-riem")).toBe(404);
  });

  it("imports a file and the running server shows it without a restart", async () => {
    expect(await mapUrl("test-import-overhemd")).toBe(404);
    const res = await importFile(file);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: 200,
      result: {
        summary: {
          categories: 1,
          attributes: 0,
          taxrules: 0,
          products: 2,
          children: 2,
          redirects: 1,
          landing_pages: 1,
          removed_children: 0,
        },
        index: "refreshed",
      },
    });
    expect(await mapUrl("test-import")).toBe(200);
    expect(await mapUrl("/test-import-riem/")).toBe(200);
    const child = await (await server.post("/api/url/map", { url: "t-imp-2-l" })).json();
    expect(child.meta).toEqual({ redirect: { status: 301, to: "/test-import-overhemd" } });
    const old = await (await server.post("/api/url/map", { url: "test-import-oud" })).json();
    expect(old.meta).toEqual({ redirect: { status: 301, to: "/test-import" } });
    const stockCheck = await (await server.get("/api/stock/check?sku=T-IMP-2-M")).json();
    expect(stockCheck.result).toMatchObject({ sku: "T-IMP-2-M", qty: 2, is_in_stock: true });
    const prices = await (await server.get("/api/product/render-list?skus=T-IMP-1,T-IMP-2-L")).json();
    expect(prices.result.items.map((i: { sku: string }) => i.sku)).toEqual(["T-IMP-1", "T-IMP-2-L"]);
    expect(prices.result.items[0].price_info.final_price_incl_tax).toBe(50);
  });

  it("is idempotent: the same file twice leaves the same data", async () => {
    const before = await snapshot();
    expect(before[0]).toHaveLength(4);
    expect((await importFile(file)).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps stock reservations and drops children a product no longer lists", async () => {
    const { db } = server.services.database;
    await db.execute("update stock set reserved = 2 where sku = 'T-IMP-1'");
    const fewer = { ...records.configurable, configurable_children: [child(9_200_003, "T-IMP-2-M")] };
    const res = await importFile(
      ndjson([
        ["product", records.simple],
        ["product", fewer],
      ]),
    );
    expect((await res.json()).result.summary).toMatchObject({
      products: 2,
      children: 1,
      removed_children: 1,
    });
    const rows = await db.execute<{ sku: string; reserved: number }>(
      "select sku, reserved from stock where sku like 'T-IMP-%' order by sku",
    );
    expect(rows.rows).toEqual([
      { sku: "T-IMP-1", reserved: 2 },
      { sku: "T-IMP-2", reserved: 0 },
      { sku: "T-IMP-2-M", reserved: 0 },
    ]);
    expect(await mapUrl("t-imp-2-l")).toBe(404);
    expect((await importFile(file)).status).toBe(200);
    expect(await mapUrl("t-imp-2-l")).toBe(200);
  });

  it("writes nothing when one line is bad, even the last one", async () => {
    const fresh = product(9_200_010, "T-IMP-10", "test-import-nieuw");
    const bad = { ...product(9_200_011, "T-IMP-11", "test-import-fout"), price: "12,50" };
    const body = `${ndjson([
      ["product", fresh],
      ["category", { ...records.category, name: "Veranderd" }],
    ])}${JSON.stringify({ type: "product", data: bad })}\n`;
    const before = await snapshot();
    const res = await importFile(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      result:
        "body: line 3: data.price: Invalid input: expected number, received string; nothing was written",
      meta: {
        errors: [{ line: 3, path: "data.price", message: "Invalid input: expected number, received string" }],
      },
    });
    expect(await snapshot()).toEqual(before);
    expect(await mapUrl("test-import-nieuw")).toBe(404);
  });

  it("checks across records: duplicates, links, category parents, skus of other products", async () => {
    const demoSku = (
      await server.services.database.db.execute<{ sku: string }>(
        "select sku from products where id < 9000000 order by id limit 1",
      )
    ).rows[0]!.sku;
    const body = ndjson([
      [
        "product",
        product(9_200_020, "T-IMP-20", "test-import-a", {
          product_links: [{ link_type: "related", linked_product_sku: "NERGENS", sku: "T-IMP-20" }],
        }),
      ],
      ["product", product(9_200_021, "T-IMP-20", "test-import-b")],
      [
        "category",
        { ...records.category, id: 9202, parent_id: 9999, url_path: "test-import-c", path: "1/2/9999/9202" },
      ],
      ["product", product(9_200_022, demoSku, "test-import-d", { category_ids: [9201, 8888] })],
    ]);
    const res = await importFile(body);
    expect(res.status).toBe(400);
    const { meta } = await res.json();
    expect(meta.errors).toEqual([
      {
        line: 1,
        path: "data.product_links[0].linked_product_sku",
        message: "links to sku NERGENS, which is neither in the file nor in the catalogue",
      },
      { line: 2, path: "data.sku", message: "duplicate sku T-IMP-20 (also on line 1)" },
      {
        line: 3,
        path: "data.parent_id",
        message: "category 9999 is neither in the file nor in the catalogue",
      },
      {
        line: 4,
        path: "data.category_ids[1]",
        message: "category 8888 is neither in the file nor in the catalogue",
      },
      {
        line: 4,
        path: "data.sku",
        message: expect.stringMatching(
          new RegExp(`^${demoSku} already belongs to product \\d+ in the catalogue$`),
        ),
      },
    ]);
  });

  it("checks without writing on dryRun=true", async () => {
    const fresh = ndjson([["product", product(9_200_030, "T-IMP-30", "test-import-proef")]]);
    const res = await importFile(fresh, { query: "?dryRun=true" });
    expect(res.status).toBe(200);
    expect((await res.json()).result).toMatchObject({ dryRun: true, summary: { products: 1 } });
    expect(await mapUrl("test-import-proef")).toBe(404);
    const rows = await server.services.database.db.execute("select 1 from products where id = 9200030");
    expect(rows.rows).toHaveLength(0);
  });

  it("answers a body that is not NDJSON, or holds nothing, with a 400", async () => {
    const json = await importFile(JSON.stringify({ type: "product" }), { type: "application/json" });
    expect(json.status).toBe(400);
    expect((await json.json()).result).toBe("body: must be NDJSON text sent as application/x-ndjson");
    const empty = await importFile("\n\n", { type: "text/plain" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).result).toBe("body: line 1: the file holds no records; nothing was written");
    const query = await importFile(file, { query: "?dryRun=maybe" });
    expect((await query.json()).result).toMatch(/^querystring\.dryRun: /);
  });

  it("refuses a record whose text holds a control character, escaped or not, naming the line and field", async () => {
    const nul = `{"type":"product","data":${JSON.stringify(product(9_200_040, "T-IMP-NUL", "test-import-nul")).replace('"Testproduct T-IMP-NUL"', '"Test\\u0000product"')}}`;
    const res = await importFile(nul);
    expect(res.status).toBe(400);
    expect((await res.json()).result).toBe(
      "body: line 1: data.name: must not contain control characters; nothing was written",
    );
    expect(await mapUrl("test-import-nul")).toBe(404);
  });
});
