import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { CatalogEvents } from "../src/services/catalog-events.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/** `POST /api/url/map` over HTTP against the seeded demo catalogue. */

let server: TestServer;
let parent: { sku: string; url_path: string };
let child: { sku: string; url_path: string };
let disabled: { url_path: string };
let redirects: { request_path: string; target_path: string; redirect_type: number }[];

const map = (body: unknown) => server.post("/api/url/map", body);

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
  const { db } = server.services.database;
  const parents = await db.execute<{ id: number; sku: string; url_path: string }>(
    "select id, sku, url_path from products where parent_id is null and type_id = 'configurable' and status = 1 and visibility = 4 order by id limit 1",
  );
  parent = parents.rows[0]!;
  const children = await db.execute<{ sku: string; url_path: string }>(
    `select sku, url_path from products where parent_id = ${parents.rows[0]!.id} and status = 1 order by id limit 1`,
  );
  child = children.rows[0]!;
  disabled = (
    await db.execute<{ url_path: string }>(
      "select url_path from products where parent_id is null and status = 2 limit 1",
    )
  ).rows[0]!;
  redirects = (
    await db.execute<{ request_path: string; target_path: string; redirect_type: number }>(
      "select request_path, target_path, redirect_type from redirects order by id",
    )
  ).rows;
});
afterAll(() => server?.close());

describe("POST /api/url/map", () => {
  it("resolves a category by url_path, whatever slashes and query", async () => {
    for (const url of ["kleding/overhemden", "/kleding/overhemden/", "/kleding/overhemden?color=49"]) {
      const res = await map({ url });
      expect(res.status, url).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        code: 200,
        result: { _type: "category", _source: { url_path: "kleding/overhemden" } },
      });
    }
  });

  it("resolves a product by url_path, with prices computed", async () => {
    const res = await map({ url: `/${parent.url_path}` });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.meta).toBeUndefined();
    expect(body.result._type).toBe("product");
    expect(body.result._source).toMatchObject({ sku: parent.sku, url_path: parent.url_path });
    expect(typeof body.result._source.final_price_incl_tax).toBe("number");
  });

  it("answers a configurable child's url with its parent and a 301 to the parent", async () => {
    const res = await map({ url: `/${child.url_path}/` });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result).toMatchObject({ _type: "product", _source: { sku: parent.sku } });
    expect(body.meta).toEqual({ redirect: { status: 301, to: `/${parent.url_path}` } });
  });

  it("answers the parent's own url with a child sku in filters.sku, never redirecting to itself", async () => {
    const body = await (await map({ url: parent.url_path, filters: { sku: child.sku } })).json();
    expect(body.result._source.sku).toBe(parent.sku);
    expect(body.meta).toBeUndefined();
  });

  it("refuses a disabled product with the spec's message", async () => {
    const res = await map({ url: disabled.url_path });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 404,
      result: "Product query returned empty result product status = 2",
    });
  });

  it("answers an old url with not found and the redirect to follow", async () => {
    for (const r of redirects.slice(0, 3).concat(redirects.filter((r) => r.redirect_type === 302))) {
      const res = await map({ url: `/${r.request_path}` });
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body.meta).toEqual({ redirect: { status: r.redirect_type, to: `/${r.target_path}` } });
    }
  });

  it("answers an unknown url with a 404 envelope", async () => {
    const res = await map({ url: "/bestaat/niet/" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 404,
      result: "No product, category or CMS page at /bestaat/niet",
    });
  });

  it("filters _source with includeFields and excludeFields (dotted paths)", async () => {
    const included = await (
      await map({ url: parent.url_path, includeFields: ["sku", "configurable_children.sku", "stock.qty"] })
    ).json();
    const source = included.result._source;
    expect(Object.keys(source).sort()).toEqual(["configurable_children", "sku", "stock"]);
    expect(Object.keys(source.configurable_children[0])).toEqual(["sku"]);
    expect(Object.keys(source.stock)).toEqual(["qty"]);

    const excluded = await (
      await map({ url: parent.url_path, excludeFields: ["configurable_children", "description"] })
    ).json();
    expect(excluded.result._source.sku).toBe(parent.sku);
    expect(excluded.result._source).not.toHaveProperty("configurable_children");
    expect(excluded.result._source).not.toHaveProperty("description");
  });

  it("accepts the storefront's options, group id and token", async () => {
    const res = await map({
      url: "kleding",
      includeFields: null,
      excludeFields: null,
      options: { prefetchGroupProducts: true, setProductErrors: false, filterUnavailableVariants: true },
      groupId: null,
      groupToken: null,
    });
    expect(res.status).toBe(200);
  });

  it("answers malformed bodies with a 400 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{}, "body.url"],
      [{ url: "" }, "body.url"],
      [{ url: 12 }, "body.url"],
      [{ url: "kleding", includeFields: "sku" }, "body.includeFields"],
      [{ url: "kleding", excludeFields: [1] }, "body.excludeFields[0]"],
      [{ url: "kleding", filters: { sku: "" } }, "body.filters.sku"],
      [{ url: "kleding", filters: { color: "x" } }, "body.filters"],
      [{ url: "kleding", options: { prefetchGroupProducts: "yes" } }, "body.options.prefetchGroupProducts"],
      [{ url: "kleding", extra: true }, "body"],
      ["{not json", "body"],
    ];
    for (const [body, field] of cases) {
      const res = await map(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.result.startsWith(`${field}: `), `${answer.result} names ${field}`).toBe(true);
    }
  });
});

describe("POST /api/url/map with PREVENT_CHILD_DIRECT_ACCESS=false", () => {
  let open: FastifyInstance;
  beforeAll(async () => {
    const config = loadConfig({ ...process.env, LOG_LEVEL: "silent", PREVENT_CHILD_DIRECT_ACCESS: "false" });
    expect(config.PREVENT_CHILD_DIRECT_ACCESS).toBe(false);
    expect(loadConfig({}).PREVENT_CHILD_DIRECT_ACCESS).toBe(true);
    // Same index and database, another setting; its own (never started) event listener.
    const services = {
      ...server.services,
      config,
      catalogEvents: new CatalogEvents(server.services.database, { rebuild: async () => {}, debounceMs: 0 }),
    };
    open = await buildApp(services, { storefront: false });
  });
  afterAll(() => open?.close());

  it("answers a child's url as not found (visibility 1)", async () => {
    const res = await open.inject({ method: "POST", url: "/api/url/map", payload: { url: child.url_path } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 404,
      result: "Product query returned empty result product visibility = 1",
    });
  });
});
