/**
 * The shared input rules (docs/decisions/0012-input-rules.md): hostile text, prototype names and
 * out-of-range integers are a 400 that names the field, on every route, never a 500.
 */
import { CART_MESSAGES, MAX_CART_LINES } from "@etalage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CartFixtures, cartFixtures } from "./helpers/cart-fixtures.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
let fixtures: CartFixtures;
beforeAll(async () => {
  server = await startTestServer({ storefront: false });
  fixtures = await cartFixtures(server);
});
afterAll(() => server?.close());

const CART = "/api/ext/tritonx/cart";

async function answer(res: Response) {
  const text = await res.text();
  return {
    status: res.status,
    body: JSON.parse(text) as { code: number; result: unknown; meta?: Record<string, unknown> },
  };
}

async function newCart(): Promise<string> {
  const { body } = await answer(await server.post(`${CART}/create`, {}));
  return body.result as string;
}

function expectNamed(a: { status: number; body: { code: number; result: unknown } }, field: string) {
  expect(a.status, JSON.stringify(a.body)).toBe(400);
  expect(a.body.code).toBe(400);
  expect(String(a.body.result).startsWith(field), String(a.body.result)).toBe(true);
}

describe("a NUL or other control character", () => {
  it("in a query value is a 400 naming the parameter", async () => {
    expectNamed(await answer(await server.get("/api/stock/check?sku=a%00b")), "querystring.sku");
    expectNamed(await answer(await server.get("/api/stock/list?skus=a,b%00")), "querystring.skus");
    expectNamed(await answer(await server.get("/api/product/render-list?skus=%1b")), "querystring.skus");
  });

  it("in a JSON body is a 400 naming the field, also written as %00 in a URL to map", async () => {
    for (const url of ["/a\u0000", "/a%00", "kleding/%00/x", "/%7f"]) {
      expectNamed(await answer(await server.post("/api/url/map", { url })), "body.url");
    }
  });

  it("in a coupon, a discount code or an address is a 400 before the cart is touched", async () => {
    const cartId = await newCart();
    expectNamed(
      await answer(await server.post(`${CART}/apply-coupon?cartId=${cartId}&coupon=WELKOM%0010`, {})),
      "querystring.coupon",
    );
    expectNamed(
      await answer(
        await server.post(`${CART}/apply-tritonx-discount?cartId=${cartId}`, {
          discount: [{ code: "WELKOM\u000010" }],
        }),
      ),
      "body.discount[0].code",
    );
    const address = {
      firstname: "Jan",
      lastname: "de Vries",
      street: ["Kalverstraat", "1\u0000"],
      city: "Amsterdam",
      postcode: "1012 NX",
      countryId: "NL",
    };
    expectNamed(
      await answer(
        await server.post(`${CART}/shipping-information?cartId=${cartId}`, {
          addressInformation: {
            shippingAddress: address,
            shipping_method_code: "standard",
            shipping_carrier_code: "postnl",
          },
        }),
      ),
      "body.addressInformation.shippingAddress.street[1]",
    );
  });

  it("in a key, or a lone surrogate, or nesting beyond 64 levels, is refused the same way", async () => {
    expectNamed(
      await answer(await server.post("/api/url/map", { url: "/x", "bad\u0001key": 1 })),
      "body.bad\u0001key",
    );
    expectNamed(await answer(await server.post("/api/url/map", '{"url":"/\\ud800"}')), "body.url");
    let deep: unknown = "x";
    for (let i = 0; i < 80; i++) deep = { a: deep };
    expectNamed(await answer(await server.post("/api/url/map", { url: "/x", deep })), "body.deep");
  });

  it("keeps line breaks and tabs in body text, where a message may hold them", async () => {
    const a = await answer(await server.post("/api/url/map", { url: "/geen-pagina\t" }));
    expect(a.status).toBe(404);
  });
});

describe("names of Object.prototype's members", () => {
  it("as a sort field are an unknown sort field, not a 500", async () => {
    for (const field of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"]) {
      const a = await answer(
        await server.post("/api/catalog/catalog_nl/product/_search", { _appliedSort: [{ field }] }),
      );
      expectNamed(a, "body._appliedSort[0].field");
    }
  });

  it("as a filter or facet field are unknown attributes", async () => {
    for (const field of ["toString", "constructor", "__proto__"]) {
      const a = await answer(
        await server.post("/api/catalog/catalog_nl/product/_search", {
          _appliedFilters: [{ attribute: field, value: "x" }],
        }),
      );
      expectNamed(a, "body._appliedFilters[0].attribute");
    }
  });
});

describe("integers beyond their column", () => {
  it("an item_id above PostgreSQL's integer is a 400 on delete as on update", async () => {
    const cartId = await newCart();
    const { sku } = fixtures.simple;
    for (const op of ["delete", "update"]) {
      const a = await answer(
        await server.post(`${CART}/${op}?cartId=${cartId}`, {
          cartItem: { item_id: 2_147_483_648, sku, qty: 1, quoteId: cartId },
        }),
      );
      expectNamed(a, "body.cartItem.item_id");
    }
  });
});

describe("JSON bodies", () => {
  it("a body that is not JSON says why", async () => {
    const a = await answer(await server.post("/api/url/map", '{"url":'));
    expectNamed(a, "body");
    expect(a.body.result).toMatch(/is not valid JSON: .+/);
  });

  it("names the forbidden key", async () => {
    const proto = await answer(await server.post("/api/url/map", '{"url":"/x","__proto__":{"a":1}}'));
    expect(proto.body.result).toBe('body: the key "__proto__" is not allowed');
    const ctor = await answer(
      await server.post("/api/url/map", '{"url":"/x","constructor":{"prototype":{"a":1}}}'),
    );
    expect(ctor.body.result).toBe('body: the key "constructor.prototype" is not allowed');
  });
});

describe("the cart's limits", () => {
  it(`holds at most ${MAX_CART_LINES} different lines; the next is refused with the shopper's message`, async () => {
    const cartId = await newCart();
    const skus = server.services.catalog
      .snapshot()
      .products.filter((p) => p.type_id === "simple" && p.status === 1 && (p.final_price_incl_tax ?? 0) > 0)
      .map((p) => p.sku);
    let added = 0;
    for (const sku of skus) {
      if (added === MAX_CART_LINES) break;
      const res = await server.post(`${CART}/update?cartId=${cartId}`, {
        cartItem: { sku, qty: 1, quoteId: cartId },
      });
      if (res.status === 200) added++;
      else await res.text();
    }
    expect(added).toBe(MAX_CART_LINES);
    const next = skus[skus.length - 1]!;
    const refused = await answer(
      await server.post(`${CART}/update?cartId=${cartId}`, {
        cartItem: { sku: next, qty: 1, quoteId: cartId },
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.result).toBe(`body.cartItem: ${CART_MESSAGES.tooManyLines}`);
    const pulled = await answer(await server.get(`${CART}/pull?cartId=${cartId}`));
    expect((pulled.body.result as unknown[]).length).toBe(MAX_CART_LINES);
  });

  it("a line holds at most 999: set beyond it is a 400, added beyond it a 409", async () => {
    const cartId = await newCart();
    const { sku } = fixtures.simple;
    const set = await answer(
      await server.post(`${CART}/update?cartId=${cartId}`, { cartItem: { sku, qty: 1000, quoteId: cartId } }),
    );
    expectNamed(set, "body.cartItem.qty");
    await server.post(`${CART}/update?cartId=${cartId}`, { cartItem: { sku, qty: 1, quoteId: cartId } });
    const more = await answer(
      await server.post(`${CART}/update?cartId=${cartId}`, { cartItem: { sku, qty: 999, quoteId: cartId } }),
    );
    expect(more.status).toBe(409);
    expect(more.body.result).toBe(`body.cartItem.qty: ${CART_MESSAGES.qtyTooHigh}`);
  });
});
