import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/** `GET /api/product/render-list` over HTTP against the seeded demo catalogue. */

let server: TestServer;
let parents: string[];
let children: string[];

const list = (query: string) => server.get(`/api/product/render-list?${query}`);
const skusQuery = (skus: string[]) => `skus=${encodeURIComponent(skus.join(","))}&currencyCode=EUR&storeId=2`;

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
  const { db } = server.services.database;
  parents = (
    await db.execute<{ sku: string }>(
      "select sku from products where parent_id is null and status = 1 order by id",
    )
  ).rows.map((r) => r.sku);
  children = (
    await db.execute<{ sku: string }>(
      "select sku from products where parent_id is not null order by id limit 5",
    )
  ).rows.map((r) => r.sku);
});
afterAll(() => server?.close());

describe("GET /api/product/render-list", () => {
  it("answers the prices of parents and children in the order asked, leaving unknown skus out", async () => {
    const asked = [children[0]!, parents[0]!, "BESTAAT-NIET", parents[1]!];
    const res = await list(skusQuery(asked));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.code).toBe(200);
    expect(body.result.items.map((i: { sku: string }) => i.sku)).toEqual([
      children[0],
      parents[0],
      parents[1],
    ]);
    for (const item of body.result.items) {
      expect(item).toMatchObject({ id: expect.any(Number), price_info: { currency_code: "EUR" } });
      const p = item.price_info;
      for (const field of [
        "final_price",
        "final_price_incl_tax",
        "regular_price",
        "regular_price_incl_tax",
        "price_incl_tax",
        "tax",
      ]) {
        expect(typeof p[field], field).toBe("number");
      }
      expect(p.final_price_incl_tax).toBeLessThanOrEqual(p.regular_price_incl_tax);
      expect(p.final_price_incl_tax).toBeCloseTo(p.final_price + p.tax, 1);
    }
  });

  it("gives the index's computed prices, the special price only while it applies", async () => {
    const lookups = server.services.catalog;
    const onSale = parents.find((sku) => (lookups.productBySku(sku)?.special_price ?? 0) > 0);
    const regular = parents.find(
      (sku) => lookups.productBySku(sku)?.type_id === "simple" && !lookups.productBySku(sku)?.special_price,
    );
    expect(onSale && regular).toBeTruthy();
    const body = await (await list(skusQuery([onSale!, regular!]))).json();
    const [sale, plain] = body.result.items;
    const product = lookups.productBySku(onSale!)!;
    expect(sale.price_info).toMatchObject({
      final_price: product.final_price,
      final_price_incl_tax: product.final_price_incl_tax,
      regular_price_incl_tax: product.regular_price_incl_tax,
      special_price: product.special_price,
      special_price_incl_tax: product.special_price_incl_tax,
    });
    expect(sale.price_info.final_price_incl_tax).toBe(sale.price_info.special_price_incl_tax);
    expect(plain.price_info).not.toHaveProperty("special_price");
    expect(plain.price_info.final_price_incl_tax).toBe(plain.price_info.regular_price_incl_tax);
    // NL high rate: 21 % on the net price, in cents.
    expect(plain.price_info.price_incl_tax).toBeCloseTo(
      Math.round(plain.price_info.regular_price * 121) / 100,
      2,
    );
  });

  it("takes currencyCode and storeId as optional, and userGroupId and token without changing prices", async () => {
    const bare = await (await list(`skus=${encodeURIComponent(parents[0]!)}`)).json();
    const grouped = await (await list(`${skusQuery([parents[0]!])}&userGroupId=1&token=abc`)).json();
    expect(grouped.result).toEqual(bare.result);
    const none = await (await list("skus=BESTAAT-NIET")).json();
    expect(none).toEqual({ code: 200, result: { items: [] } });
  });

  it("answers wrong input with a 400 naming the field", async () => {
    const cases: [string, string][] = [
      ["currencyCode=EUR&storeId=2", "querystring.skus: "],
      ["skus=,,", "querystring.skus: must name at least one sku"],
      [skusQuery(parents.slice(0, 101)), "querystring.skus: must name at most 100 skus"],
      [`skus=A&currencyCode=USD`, "querystring.currencyCode: must be EUR, the store's currency"],
      [`skus=A&storeId=3`, "querystring.storeId: must be 2, the store's id"],
      [`skus=A&color=red`, "querystring: "],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.result.startsWith(message), `${body.result} starts with ${message}`).toBe(true);
    }
    const ok = await list(skusQuery(parents.slice(0, 100)));
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.items).toHaveLength(100);
  });
});
