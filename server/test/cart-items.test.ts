import { CART_MESSAGES, productOptionChecksum } from "@etalage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CartFixtures, cartClient, cartFixtures, giftCardTo } from "./helpers/cart-fixtures.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
let f: CartFixtures;
let cart: ReturnType<typeof cartClient>;

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
  f = await cartFixtures(server);
  cart = cartClient(server);
});
afterAll(() => server?.close());

const variantOption = () => ({ extension_attributes: { configurable_item_options: f.configurable.options } });

describe("OpenAPI", () => {
  it("describes every cart endpoint", async () => {
    const doc = await (await server.get("/api/openapi.json")).json();
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith("/api/ext/tritonx/cart/"));
    expect(paths.sort()).toEqual(
      [
        "apply-coupon",
        "apply-tritonx-discount",
        "collect-totals",
        "create",
        "delete",
        "delete-coupon",
        "payment-methods",
        "pull",
        "shipping-information",
        "shipping-methods",
        "totals",
        "update",
      ].map((p) => `/api/ext/tritonx/cart/${p}`),
    );
  });
});

describe("POST /create", () => {
  it("answers a new unguessable guest cart id each time, never cached", async () => {
    const res = await server.post("/api/ext/tritonx/cart/create", {});
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { result } = await res.json();
    expect(result).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await cart.create()).not.toBe(result);
  });

  it("refuses a customer token the accounts module does not know", async () => {
    const res = await server.post("/api/ext/tritonx/cart/create?token=abc", {});
    expect(res.status).toBe(401);
    expect((await res.json()).result).toBe("querystring.token: the token is invalid or has expired");
  });

  it("names an unknown query field", async () => {
    const res = await server.post("/api/ext/tritonx/cart/create?cart=1", {});
    expect(res.status).toBe(400);
    expect((await res.json()).result).toMatch(/^querystring: /);
  });
});

describe("GET /pull", () => {
  it("answers an empty cart as an empty list", async () => {
    const id = await cart.create();
    expect(await cart.pull(id)).toMatchObject({ status: 200, body: { code: 200, result: [] } });
  });

  it("answers an unknown cart with 404 and a malformed id with 400", async () => {
    const unknown = await cart.pull("AAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: 404,
      result: "querystring.cartId: Cart not found",
      meta: { errors: [{ path: "querystring.cartId", message: "Cart not found" }] },
    });
    const bad = await cart.pull("not a cart!");
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBe("querystring.cartId: is not a cart id");
  });
});

describe("POST /update", () => {
  it("adds a simple product and increases the same line when added again", async () => {
    const id = await cart.create();
    const first = await cart.update(id, { sku: f.simple.sku, qty: 2 });
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({
      item_id: expect.any(Number),
      quote_id: id,
      sku: f.simple.sku,
      qty: 2,
      product_type: "simple",
    });
    const again = await cart.update(id, { sku: f.simple.sku, qty: 3 });
    expect(again.body.result).toMatchObject({ item_id: first.body.result.item_id, qty: 5 });
    expect(await cart.lines(id)).toHaveLength(1);
  });

  it("sets a line's quantity with item_id", async () => {
    const id = await cart.create();
    const added = await cart.update(id, { sku: f.simple.sku, qty: 4 });
    const set = await cart.update(id, { sku: f.simple.sku, qty: 1, item_id: added.body.result.item_id });
    expect(set.body.result.qty).toBe(1);
    expect((await cart.lines(id))[0]!.qty).toBe(1);
  });

  it("keeps a configurable variant under its own sku with the options as sent", async () => {
    const id = await cart.create();
    const byChild = await cart.update(id, {
      sku: f.configurable.childSku,
      qty: 1,
      product_option: variantOption(),
    });
    expect(byChild.body.result).toMatchObject({
      sku: f.configurable.childSku,
      product_type: "configurable",
      product_option: variantOption(),
    });
    // The parent's sku with the same options names the same line.
    const byParent = await cart.update(id, {
      sku: f.configurable.parent.sku,
      qty: 1,
      product_option: variantOption(),
    });
    expect(byParent.body.result).toMatchObject({
      item_id: byChild.body.result.item_id,
      sku: f.configurable.childSku,
      qty: 2,
    });
  });

  it("tells lines apart by their options: labels do not count, values do", async () => {
    const id = await cart.create();
    const labelled = {
      extension_attributes: {
        configurable_item_options: [...f.configurable.options]
          .reverse()
          .map((o) => ({ ...o, label: "x", value: "y" })),
      },
    };
    await cart.update(id, { sku: f.configurable.childSku, qty: 1, product_option: variantOption() });
    await cart.update(id, { sku: f.configurable.childSku, qty: 1, product_option: labelled });
    await cart.update(id, { sku: f.configurable.childSku, qty: 1 });
    const lines = await cart.lines(id);
    expect(lines.map((l) => l.qty)).toEqual([2, 1]);
    expect(productOptionChecksum(labelled)).toBe(productOptionChecksum(variantOption()));
  });

  it("adds a bundle with its defaults or with chosen selections, each its own line", async () => {
    const id = await cart.create();
    const defaults = await cart.update(id, { sku: f.bundle.sku, qty: 1 });
    expect(defaults.body.result).toMatchObject({ sku: f.bundle.sku, product_type: "bundle" });
    const chosen = {
      extension_attributes: {
        bundle_options: f.bundle.bundle_options!.map((o) => ({
          option_id: o.option_id,
          option_qty: 1,
          option_selections: [o.product_links.at(-1)!.id!],
        })),
      },
    };
    const picked = await cart.update(id, { sku: f.bundle.sku, qty: 1, product_option: chosen });
    expect(picked.status).toBe(200);
    expect(picked.body.result.item_id).not.toBe(defaults.body.result.item_id);
    expect(await cart.lines(id)).toHaveLength(2);
  });

  it("adds virtual and downloadable products", async () => {
    const id = await cart.create();
    const card = {
      sku: f.giftCard.sku,
      qty: 1,
      product_option: giftCardTo(f.giftCard, "Sanne", "sanne@example.nl"),
    };
    expect((await cart.update(id, card)).body.result.product_type).toBe("virtual");
    expect((await cart.update(id, { sku: f.ebook.sku, qty: 1 })).body.result.product_type).toBe(
      "downloadable",
    );
  });
});

/*
 * Issue 14: a gift card is e-mailed to its recipient, whose name and address travel with the line
 * as its options; a card for someone else is another line, not one more of the same.
 */
describe("gift cards and their recipients", () => {
  const to = (name: string, email: string, message = "") => giftCardTo(f.giftCard, name, email, message);

  it("two recipients are two lines; the same recipient again adds to theirs", async () => {
    const id = await cart.create();
    const sanne = await cart.update(id, {
      sku: f.giftCard.sku,
      qty: 1,
      product_option: to("Sanne", "sanne@example.nl"),
    });
    const daan = await cart.update(id, {
      sku: f.giftCard.sku,
      qty: 1,
      product_option: to("Daan", "daan@example.nl"),
    });
    expect([sanne.status, daan.status]).toEqual([200, 200]);
    expect(daan.body.result.item_id).not.toBe(sanne.body.result.item_id);
    const again = await cart.update(id, {
      sku: f.giftCard.sku,
      qty: 1,
      product_option: to("Sanne", "sanne@example.nl"),
    });
    expect(again.body.result.item_id).toBe(sanne.body.result.item_id);
    expect((await cart.lines(id)).map((l) => l.qty)).toEqual([2, 1]);

    const items = (await cart.totals(id)).body.result.items as {
      qty: number;
      options: { label: string; value: string }[];
    }[];
    expect(items.map((i) => [i.qty, i.options])).toEqual([
      [
        2,
        [
          { label: "Naam ontvanger", value: "Sanne" },
          { label: "E-mailadres ontvanger", value: "sanne@example.nl" },
        ],
      ],
      [
        1,
        [
          { label: "Naam ontvanger", value: "Daan" },
          { label: "E-mailadres ontvanger", value: "daan@example.nl" },
        ],
      ],
    ]);
  });

  it("refuses a card without a recipient, or with an address that is none, naming the field", async () => {
    const id = await cart.create();
    const none = await cart.update(id, { sku: f.giftCard.sku, qty: 1 });
    expect(none.status).toBe(400);
    expect(none.body.result).toMatch(
      /^body\.cartItem\.product_option\.extension_attributes\.custom_options: /,
    );
    const bad = await cart.update(id, { sku: f.giftCard.sku, qty: 1, product_option: to("Sanne", "sanne@") });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBe(
      "body.cartItem.product_option.extension_attributes.custom_options[1].option_value: must be an e-mail address",
    );
    const long = await cart.update(id, {
      sku: f.giftCard.sku,
      qty: 1,
      product_option: to("Sanne", "sanne@example.nl", "x".repeat(201)),
    });
    expect(long.status).toBe(400);
    expect(await cart.lines(id)).toEqual([]);
  });
});

describe("POST /update refusals (each leaves the cart as it was)", () => {
  const refusals: [string, () => Record<string, unknown>, number, RegExp | string][] = [
    [
      "a negative quantity",
      () => ({ sku: f.simple.sku, qty: -1 }),
      400,
      "body.cartItem.qty: must be above 0",
    ],
    ["a zero quantity", () => ({ sku: f.simple.sku, qty: 0 }), 400, "body.cartItem.qty: must be above 0"],
    [
      "a fractional quantity",
      () => ({ sku: f.simple.sku, qty: 1.5 }),
      400,
      "body.cartItem.qty: must be a whole number",
    ],
    ["a quantity as text", () => ({ sku: f.simple.sku, qty: "2" }), 400, /^body\.cartItem\.qty: /],
    [
      "an unknown sku",
      () => ({ sku: "BESTAAT-NIET", qty: 1 }),
      404,
      "body.cartItem.sku: Product not found: BESTAAT-NIET",
    ],
    [
      "a disabled product",
      () => ({ sku: f.disabledSku, qty: 1 }),
      404,
      /^body\.cartItem\.sku: Product not found/,
    ],
    ["a grouped product", () => ({ sku: f.grouped.sku, qty: 1 }), 400, /add its associated products instead/],
    [
      "a configurable without a variant",
      () => ({ sku: f.configurable.parent.sku, qty: 1 }),
      400,
      /choose a variant/,
    ],
    [
      "options that do not describe the variant",
      () => ({
        sku: f.configurable.childSku,
        qty: 1,
        product_option: {
          extension_attributes: {
            configurable_item_options: [
              { option_id: f.configurable.options[0]!.option_id, option_value: "999999" },
            ],
          },
        },
      }),
      400,
      /configurable_item_options\[0\]\.option_value: value 999999 does not describe/,
    ],
    [
      "an unknown bundle selection",
      () => ({
        sku: f.bundle.sku,
        qty: 1,
        product_option: {
          extension_attributes: {
            bundle_options: [
              { option_id: f.bundle.bundle_options![0]!.option_id, option_qty: 1, option_selections: [999] },
            ],
          },
        },
      }),
      400,
      /bundle_options\[0\]\.option_selections: selection 999/,
    ],
    [
      "a price sent by the client",
      () => ({ sku: f.simple.sku, qty: 1, price: 0.01 }),
      400,
      /^body\.cartItem: .*price/,
    ],
    [
      "more than the stock",
      () => ({ sku: f.scarce.sku, qty: f.scarce.sellable + 1 }),
      400,
      "body.cartItem.qty: The requested qty is not available",
    ],
    [
      "an out-of-stock product",
      () => ({ sku: f.outOfStockSku, qty: 1 }),
      400,
      `body.cartItem.qty: ${CART_MESSAGES.outOfStock}`,
    ],
    [
      "an item_id of another cart",
      () => ({ sku: f.simple.sku, qty: 1, item_id: 99_999_999 }),
      404,
      /^body\.cartItem\.item_id: Cart item not found/,
    ],
  ];

  it.each(refusals)("refuses %s", async (_, item, status, message) => {
    const id = await cart.create();
    await cart.update(id, { sku: f.simple2.sku, qty: 1 });
    const before = await cart.lines(id);
    const res = await cart.update(id, item());
    expect(res.status).toBe(status);
    if (typeof message === "string") expect(res.body.result).toBe(message);
    else expect(res.body.result).toMatch(message);
    expect(res.body.meta.errors[0].path).toBe(res.body.result.split(": ")[0]);
    expect(await cart.lines(id)).toEqual(before);
  });

  it("says how many are available when the stock runs short", async () => {
    const id = await cart.create();
    const res = await cart.update(id, { sku: f.scarce.sku, qty: f.scarce.sellable + 1 });
    expect(res.body.meta).toMatchObject({ sku: f.scarce.sku, available: f.scarce.sellable });
    // Lowering a line is always allowed; raising it past the stock is not.
    const ok = await cart.update(id, { sku: f.scarce.sku, qty: f.scarce.sellable });
    expect(ok.status).toBe(200);
    expect((await cart.update(id, { sku: f.scarce.sku, qty: 1 })).status).toBe(400);
  });

  it("takes a volatile product beyond its uncertain count: a pre-reservation (transactional §8)", async () => {
    const id = await cart.create();
    const res = await cart.update(id, { sku: f.volatile.sku, qty: f.volatile.qty + 5 });
    expect(res.status).toBe(200);
    expect(res.body.result.qty).toBe(f.volatile.qty + 5);
  });

  it("refuses a quoteId other than the cartId", async () => {
    const id = await cart.create();
    const other = await cart.create();
    const res = await cart.update(id, { sku: f.simple.sku, qty: 1, quoteId: other });
    expect(res.status).toBe(400);
    expect(res.body.result).toBe("body.cartItem.quoteId: does not match querystring.cartId");
    expect(await cart.lines(id)).toEqual([]);
    expect(await cart.lines(other)).toEqual([]);
  });

  it("refuses an item_id with another sku", async () => {
    const id = await cart.create();
    const added = await cart.update(id, { sku: f.simple.sku, qty: 1 });
    const res = await cart.update(id, { sku: f.simple2.sku, qty: 3, item_id: added.body.result.item_id });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/^body\.cartItem\.sku: item \d+ holds /);
    expect((await cart.lines(id))[0]!.qty).toBe(1);
  });

  it("refuses a body that is not JSON or has no cartItem", async () => {
    const id = await cart.create();
    const notJson = await server.post(`/api/ext/tritonx/cart/update?cartId=${id}`, "{nope");
    expect(notJson.status).toBe(400);
    const empty = await server.post(`/api/ext/tritonx/cart/update?cartId=${id}`, {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).result).toMatch(/^body\.cartItem: /);
  });
});

describe("POST /delete", () => {
  it("removes a line; a second delete finds nothing", async () => {
    const id = await cart.create();
    const a = await cart.update(id, { sku: f.simple.sku, qty: 1 });
    await cart.update(id, { sku: f.simple2.sku, qty: 1 });
    const res = await cart.delete(id, { item_id: a.body.result.item_id, sku: f.simple.sku });
    expect(res).toMatchObject({ status: 200, body: { code: 200, result: true } });
    expect((await cart.lines(id)).map((l) => l.sku)).toEqual([f.simple2.sku]);
    const again = await cart.delete(id, { item_id: a.body.result.item_id, sku: f.simple.sku });
    expect(again.status).toBe(404);
    expect(again.body.result).toMatch(/^body\.cartItem\.item_id: Cart item not found/);
  });

  it("refuses another sku, a missing item_id or another cart's line, changing nothing", async () => {
    const id = await cart.create();
    const other = await cart.create();
    const line = await cart.update(other, { sku: f.simple.sku, qty: 1 });
    const mine = await cart.update(id, { sku: f.simple2.sku, qty: 1 });
    const wrongSku = await cart.delete(id, { item_id: mine.body.result.item_id, sku: f.simple.sku });
    expect(wrongSku.status).toBe(400);
    const missing = await cart.delete(id, { sku: f.simple2.sku });
    expect(missing.status).toBe(400);
    expect(missing.body.result).toMatch(/^body\.cartItem\.item_id: /);
    const foreign = await cart.delete(id, { item_id: line.body.result.item_id, sku: f.simple.sku });
    expect(foreign.status).toBe(404);
    expect(await cart.lines(id)).toHaveLength(1);
    expect(await cart.lines(other)).toHaveLength(1);
  });
});
