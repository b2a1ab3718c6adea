import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
let known: { sku: string; qty: number; is_in_stock: boolean; is_volatile: boolean }[];

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
  const { rows } = await server.services.database.db.execute<{
    sku: string;
    qty: number;
    is_in_stock: boolean;
    is_volatile: boolean;
  }>("select sku, qty, is_in_stock, is_volatile from stock order by sku limit 2000");
  known = rows;
});
afterAll(() => server?.close());

describe("GET /api/stock/check", () => {
  it("answers the stock of a sku with its status", async () => {
    const row = known.find((r) => r.is_in_stock && !r.is_volatile && r.qty > 0)!;
    const res = await server.get(`/api/stock/check?sku=${encodeURIComponent(row.sku)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({
      code: 200,
      result: { sku: row.sku, qty: row.qty, is_in_stock: true, manage_stock: true, status: "ok" },
    });
  });

  it("reports out of stock and volatile skus", async () => {
    const out = known.find((r) => !r.is_in_stock)!;
    const volatile = known.find((r) => r.is_volatile && r.is_in_stock && r.qty > 0)!;
    const a = await (await server.get(`/api/stock/check?sku=${encodeURIComponent(out.sku)}`)).json();
    expect(a.result.status).toBe("out_of_stock");
    const b = await (await server.get(`/api/stock/check?sku=${encodeURIComponent(volatile.sku)}`)).json();
    expect(b.result.status).toBe("volatile");
  });

  it("answers an unknown sku with 404", async () => {
    const res = await server.get("/api/stock/check?sku=BESTAAT-NIET");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, result: "Product not found: BESTAAT-NIET" });
  });

  it("names the missing or unknown query field in a 400", async () => {
    const missing = await server.get("/api/stock/check");
    expect(missing.status).toBe(400);
    const body = await missing.json();
    expect(body.result).toMatch(/^querystring\.sku: /);
    expect(body.meta.errors[0].path).toBe("querystring.sku");

    const extra = await server.get("/api/stock/check?sku=A&color=red");
    expect(extra.status).toBe(400);
    expect((await extra.json()).result).toMatch(/^querystring: .*color/);
  });
});

describe("GET /api/stock/list", () => {
  it("answers every known sku in the order asked, leaving unknown ones out", async () => {
    const skus = known.slice(0, 15).map((r) => r.sku);
    const res = await server.get(`/api/stock/list?skus=${encodeURIComponent([...skus, "NOPE"].join(","))}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.map((r: { sku: string }) => r.sku)).toEqual(skus);
  });

  it("refuses more than 100 skus and an empty list, naming the field", async () => {
    const many = known.slice(0, 101).map((r) => r.sku);
    const res = await server.get(`/api/stock/list?skus=${encodeURIComponent(many.join(","))}`);
    expect(res.status).toBe(400);
    expect((await res.json()).result).toBe("querystring.skus: must name at most 100 skus");
    const empty = await server.get("/api/stock/list?skus=,,");
    expect(empty.status).toBe(400);
    expect((await empty.json()).result).toBe("querystring.skus: must name at least one sku");
  });
});
